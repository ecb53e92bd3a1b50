package cloud.gardener.apiserver.api.meta;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Map;

/**
 * {@code metav1.Status}, the body of every error response and of a successful immediate delete.
 * Field order and omission follow the Go JSON encoding: {@code metadata} is always present (empty),
 * {@code code} is omitted when zero, {@code details} when null.
 */
@JsonPropertyOrder({"kind", "apiVersion", "metadata", "status", "message", "reason", "details", "code"})
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Status(
        String status,
        String message,
        String reason,
        StatusDetails details,
        Integer code,
        @JsonInclude(JsonInclude.Include.ALWAYS) Map<String, Object> metadata) {

    public static final String FAILURE = "Failure";
    public static final String SUCCESS = "Success";

    public static Status failure(int code, String reason, String message, StatusDetails details) {
        return new Status(FAILURE, message, reason, details, code, Map.of());
    }

    public static Status success(StatusDetails details) {
        return new Status(SUCCESS, null, null, details, null, Map.of());
    }

    public String getKind() {
        return "Status";
    }

    public String getApiVersion() {
        return "v1";
    }

    /** Returns a copy with another message and {@code details.retryAfterSeconds}. */
    public Status withMessageAndRetry(String newMessage, int retryAfterSeconds) {
        StatusDetails d = details == null ? StatusDetails.EMPTY : details;
        return new Status(status, newMessage, reason, d.withRetryAfter(retryAfterSeconds), code, metadata);
    }

    /** Returns a copy whose list metadata carries a continue token (used by 410 on an expired continue). */
    public Status withContinue(String token) {
        return new Status(status, message, reason, details, code, Map.of("continue", token));
    }
}

package cloud.gardener.apiserver.api.meta;

import cloud.gardener.apiserver.api.validation.FieldError;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The one error type of the server: it carries the Kubernetes {@link Status} to answer with.
 * The factories reproduce the messages of {@code k8s.io/apimachinery/pkg/api/errors}.
 */
public final class ApiException extends RuntimeException {

    private final transient Status status;

    public ApiException(Status status) {
        super(status.message(), null, false, false);
        this.status = status;
    }

    public Status status() {
        return status;
    }

    public int code() {
        return status.code() == null ? 500 : status.code();
    }

    public String reason() {
        return status.reason();
    }

    private static ApiException of(int code, String reason, String message, StatusDetails details) {
        return new ApiException(Status.failure(code, reason, message, details));
    }

    public static ApiException badRequest(String message) {
        return of(400, "BadRequest", message, null);
    }

    public static ApiException unauthorized() {
        return of(401, "Unauthorized", "Unauthorized", null);
    }

    public static ApiException forbidden(GroupResource gr, String name, String message) {
        String prefix = gr.toString() + (name == null || name.isEmpty() ? "" : " \"" + name + "\"");
        return of(403, "Forbidden", prefix + " is forbidden: " + message, StatusDetails.of(gr, name));
    }

    public static ApiException forbiddenPath(String message) {
        return of(403, "Forbidden", "forbidden: " + message, StatusDetails.EMPTY);
    }

    public static ApiException notFound(GroupResource gr, String name) {
        return of(404, "NotFound", gr + " \"" + name + "\" not found", StatusDetails.of(gr, name));
    }

    /** The generic 404 of an unknown resource under a served group-version. */
    public static ApiException resourceNotFound() {
        return of(404, "NotFound", "the server could not find the requested resource", StatusDetails.EMPTY);
    }

    public static ApiException methodNotAllowed(String verb, GroupResource gr) {
        return of(
                405,
                "MethodNotAllowed",
                verb + " is not supported on resources of kind \"" + gr + "\"",
                StatusDetails.of(gr, null));
    }

    public static ApiException methodNotAllowed() {
        return of(
                405,
                "MethodNotAllowed",
                "the server does not allow this method on the requested resource",
                StatusDetails.EMPTY);
    }

    public static ApiException notAcceptable(String message) {
        return of(406, "NotAcceptable", message, null);
    }

    public static ApiException alreadyExists(GroupResource gr, String name) {
        return of(409, "AlreadyExists", gr + " \"" + name + "\" already exists", StatusDetails.of(gr, name));
    }

    public static ApiException conflict(GroupResource gr, String name, String why) {
        return of(
                409,
                "Conflict",
                "Operation cannot be fulfilled on " + gr + " \"" + name + "\": " + why,
                StatusDetails.of(gr, name));
    }

    public static final String OBJECT_MODIFIED =
            "the object has been modified; please apply your changes to the latest version and try again";

    public static ApiException expired(String message) {
        return of(410, "Expired", message, null);
    }

    public static ApiException requestEntityTooLarge(String message) {
        return of(413, "RequestEntityTooLarge", "Request entity too large: " + message, null);
    }

    public static ApiException unsupportedMediaType(String message) {
        return of(415, "UnsupportedMediaType", message, null);
    }

    /** 422 with one cause per field error and the aggregated message of {@code NewInvalid}. */
    public static ApiException invalid(GroupVersionKind gvk, String name, List<FieldError> errors) {
        String qualifiedKind = gvk.group().isEmpty() ? gvk.kind() : gvk.kind() + "." + gvk.group();
        List<StatusCause> causes = errors.stream()
                .map(e -> new StatusCause(e.type().reason(), e.bodyMessage(), e.field()))
                .toList();
        String aggregate = errors.size() == 1
                ? errors.get(0).toString()
                : errors.stream().map(FieldError::toString).collect(Collectors.joining(", ", "[", "]"));
        return of(
                422,
                "Invalid",
                qualifiedKind + " \"" + (name == null ? "" : name) + "\" is invalid: " + aggregate,
                new StatusDetails(name, gvk.group(), gvk.kind(), null, causes, null));
    }

    public static ApiException tooManyRequests(String message, int retryAfterSeconds) {
        return of(
                429,
                "TooManyRequests",
                "Too many requests: " + message,
                StatusDetails.EMPTY.withRetryAfter(retryAfterSeconds));
    }

    public static ApiException internal(String message) {
        return of(
                500,
                "InternalError",
                "Internal error occurred: " + message,
                new StatusDetails(null, null, null, null, List.of(new StatusCause(null, message, null)), null));
    }

    /** A 500 with an empty reason, as Go answers for errors that are not API statuses. */
    public static ApiException unknown(String message) {
        return of(500, "", message, null);
    }

    public static ApiException serverTimeout(GroupResource gr, String operation, int retryAfterSeconds) {
        return of(
                500,
                "ServerTimeout",
                "The " + operation + " operation against " + gr
                        + " could not be completed at this time, please try again.",
                new StatusDetails(null, gr.group(), gr.resource(), null, null, retryAfterSeconds));
    }

    public static ApiException serviceUnavailable(String message, int retryAfterSeconds) {
        return of(503, "ServiceUnavailable", message, StatusDetails.EMPTY.withRetryAfter(retryAfterSeconds));
    }

    public static ApiException timeout(String message, int retryAfterSeconds) {
        return of(504, "Timeout", message, StatusDetails.EMPTY.withRetryAfter(retryAfterSeconds));
    }

    /** 504 for a list or get at a resource version the store has not reached yet. */
    public static ApiException tooLargeResourceVersion(long requested, long current) {
        return of(
                504,
                "Timeout",
                "Timeout: Too large resource version: " + requested + ", current: " + current,
                new StatusDetails(
                        null,
                        null,
                        null,
                        null,
                        List.of(new StatusCause("ResourceVersionTooLarge", "Too large resource version", null)),
                        1));
    }
}

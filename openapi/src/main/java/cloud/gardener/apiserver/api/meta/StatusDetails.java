package cloud.gardener.apiserver.api.meta;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * {@code metav1.StatusDetails}. Note that {@code kind} holds the resource name for most errors
 * (NotFound, AlreadyExists, Conflict) and the Kind for Invalid, as the Go constructors do.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record StatusDetails(
        String name, String group, String kind, String uid, List<StatusCause> causes, Integer retryAfterSeconds) {

    public static StatusDetails of(GroupResource gr, String name) {
        return new StatusDetails(name, gr.group(), gr.resource(), null, null, null);
    }

    public static final StatusDetails EMPTY = new StatusDetails(null, null, null, null, null, null);

    public StatusDetails withRetryAfter(int seconds) {
        return new StatusDetails(name, group, kind, uid, causes, seconds);
    }

    public StatusDetails withCauses(List<StatusCause> newCauses) {
        return new StatusDetails(name, group, kind, uid, newCauses, retryAfterSeconds);
    }
}

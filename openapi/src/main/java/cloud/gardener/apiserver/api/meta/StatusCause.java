package cloud.gardener.apiserver.api.meta;

import com.fasterxml.jackson.annotation.JsonInclude;

/** One cause of a failure, as {@code metav1.StatusCause}: reason, message and field path, each omitted when empty. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record StatusCause(String reason, String message, String field) {}

package cloud.gardener.apiserver.admission.testing;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.meta.ApiException;
import io.vertx.core.Future;

/**
 * What a plugin should answer in a table-driven case: allowed, or rejected with a status code and message.
 *
 * @param code    0 when allowed
 * @param message the whole message of the rejection
 */
public record Outcome(int code, String message) {

    public static final Outcome ALLOWED = new Outcome(0, "");

    public static Outcome rejected(int code, String message) {
        return new Outcome(code, message);
    }

    /** A 403 worded as {@code admission.NewForbidden}: {@code <resource> "<name>" is forbidden: <reason>}. */
    public static Outcome forbidden(String resource, String name, String reason) {
        return new Outcome(403, resource + " \"" + name + "\" is forbidden: " + reason);
    }

    /** Asserts the plugin's (already completed) answer. */
    public void check(Future<?> result) {
        assertThat(result.isComplete()).as("answered").isTrue();
        if (code == 0) {
            assertThat(result.succeeded())
                    .as("allowed, but: %s", result.cause())
                    .isTrue();
            return;
        }
        assertThat(result.failed()).as("rejected").isTrue();
        assertThat(result.cause()).isInstanceOf(ApiException.class);
        ApiException e = (ApiException) result.cause();
        assertThat(e.getMessage()).isEqualTo(message);
        assertThat(e.code()).isEqualTo(code);
    }
}

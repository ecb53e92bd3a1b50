package cloud.gardener.apiserver.authn;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;

/** Test helper: the futures under test complete synchronously (no Vert.x instance involved). */
final class Results {

    private Results() {}

    static <T> T now(Future<T> future) {
        assertThat(future.isComplete()).as("future completed synchronously").isTrue();
        if (future.failed()) {
            throw new AssertionError("future failed", future.cause());
        }
        return future.result();
    }
}

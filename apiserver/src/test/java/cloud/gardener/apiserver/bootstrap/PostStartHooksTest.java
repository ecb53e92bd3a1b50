package cloud.gardener.apiserver.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.endpoints.HealthEndpoints;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A failing hook is retried until it succeeds; its health check fails until then. */
class PostStartHooksTest {

    /** The first pause before a retry: short, the production one (500 ms) would make the tests wait seconds. */
    private static final long FIRST_RETRY_MS = 20;

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static boolean healthy(HealthEndpoints.Check check) {
        return check.probe().get().succeeded();
    }

    @Test
    void retriesUntilTheHookSucceedsAndOnlyThenReportsOk() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        PostStartHooks hooks = new PostStartHooks(
                vertx,
                List.of(new PostStartHook(
                        "flaky",
                        () -> attempts.incrementAndGet() < 3
                                ? Future.failedFuture("virtual garden unreachable")
                                : Future.succeededFuture())),
                FIRST_RETRY_MS);
        HealthEndpoints.Check check = hooks.checks().get(0);
        assertThat(check.name()).isEqualTo("poststarthook/flaky");
        assertThat(healthy(check)).isFalse();
        assertThat(check.probe().get().cause().getMessage()).isEqualTo("not finished");

        hooks.start().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
        assertThat(attempts.get())
                .as("start ends after the first attempt, failed or not")
                .isGreaterThanOrEqualTo(1);

        long deadline = System.currentTimeMillis() + 10_000;
        while (!healthy(check) && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertThat(healthy(check)).isTrue();
        assertThat(attempts.get()).isEqualTo(3);
        hooks.stop();
    }

    @Test
    void stoppedHooksAreNotRetried() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        PostStartHooks hooks = new PostStartHooks(
                vertx,
                List.of(new PostStartHook("failing", () -> {
                    attempts.incrementAndGet();
                    return Future.failedFuture("no");
                })),
                FIRST_RETRY_MS);
        hooks.start();
        hooks.stop();
        // long enough for the retries after 20, 40 and 80 ms
        Thread.sleep(FIRST_RETRY_MS * 10);

        assertThat(attempts.get()).isEqualTo(1);
        assertThat(healthy(hooks.checks().get(0))).isFalse();
    }
}

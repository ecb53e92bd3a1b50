package cloud.gardener.apiserver.delegation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Vertx;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class KubeApiClientTest {

    private static FakeKubeApi api;
    private static Vertx vertx;

    @BeforeAll
    static void start() throws Exception {
        api = new FakeKubeApi();
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stop() throws Exception {
        api.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void retriesServerErrorsThenSucceeds() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        api.on(
                "/flaky",
                body -> attempts.incrementAndGet() < 3
                        ? new FakeKubeApi.Answer(503, Map.of("message", "try later"))
                        : new FakeKubeApi.Answer(200, Map.of("ok", true)));

        var answer = api.client(vertx)
                .post("/flaky", Map.of("x", 1))
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);

        assertThat(answer.path("ok").asBoolean()).isTrue();
        assertThat(api.calls("/flaky")).isEqualTo(3);
    }

    @Test
    void givesUpAfterTheLastStepAndDoesNotRetryClientErrors() {
        api.on("/down", body -> new FakeKubeApi.Answer(500, Map.of("message", "boom")));
        api.on("/forbidden", body -> new FakeKubeApi.Answer(403, Map.of("message", "no way")));

        assertThatThrownBy(() -> api.client(vertx)
                        .get("/down")
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasMessageContaining("500 boom");
        assertThat(api.calls("/down")).isEqualTo(3);

        assertThatThrownBy(() -> api.client(vertx)
                        .get("/forbidden")
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS))
                .hasCauseInstanceOf(KubeApiException.class)
                .hasMessageContaining("403 no way");
        assertThat(api.calls("/forbidden")).isEqualTo(1);
    }

    @Test
    void sendsTheKubeconfigToken() throws Exception {
        api.on("/echo", body -> new FakeKubeApi.Answer(200, body));

        var answer = api.client(vertx)
                .post("/echo", Map.of("kind", "TokenReview"))
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);

        assertThat(answer.path("kind").asText()).isEqualTo("TokenReview");
        assertThat(api.lastAuthorization()).isEqualTo("Bearer secret-token");
    }
}

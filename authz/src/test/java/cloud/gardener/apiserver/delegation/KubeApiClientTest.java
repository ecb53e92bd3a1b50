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

    /** client-go fails a 2xx without a body ("0-length response"); read as {} a review would mean "no opinion". */
    @Test
    void aSuccessWithoutBodyIsAnErrorAndNotRetried() {
        api.on("/empty", body -> new FakeKubeApi.Answer(201, null));

        assertThatThrownBy(() -> api.client(vertx)
                        .post("/empty", Map.of("kind", "SubjectAccessReview"))
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS))
                .hasCauseInstanceOf(KubeApiException.class)
                .hasMessageContaining("201 with an empty body");
        assertThat(api.calls("/empty")).isEqualTo(1);
    }

    /**
     * Called from a thread outside Vert.x (as here, and as a controller's blocking code may), every answer keeps its
     * body: the callback reading it once came after the bytes had arrived on the connection's event loop, and a 201
     * with Content-Length 130 was read as empty. A race: many calls make it show.
     */
    @Test
    void answersToCallsFromOutsideVertxKeepTheirBodies() throws Exception {
        api.on("/echo-n", body -> new FakeKubeApi.Answer(201, body));
        KubeApiClient client = api.client(vertx);

        for (int i = 0; i < 500; i++) {
            var answer = client.post("/echo-n", Map.of("n", i))
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(10, TimeUnit.SECONDS);
            assertThat(answer.path("n").asInt(-1)).as("answer %d", i).isEqualTo(i);
        }
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

package cloud.gardener.apiserver.server.filters;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.LoopExchange;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The request deadline on a listener of its own: 504 with upstream's Status, from ?timeout= or the server's. */
@Tag("integration")
class DeadlineFilterTest {

    private static final Duration REQUEST_TIMEOUT = Duration.ofMillis(1500);

    private final Vertx vertx = Vertx.vertx();
    private HttpServer server;
    private HttpClient client;

    @BeforeEach
    void start() throws Exception {
        Router router = Router.router(vertx);
        router.route().handler(FilterChain.of(new DeadlineFilter(vertx, REQUEST_TIMEOUT)));
        // never answers: only the deadline does
        router.get("/stuck").handler(ctx -> {});
        // answers after ?after= ms
        router.get("/slow")
                .handler(ctx -> vertx.setTimer(
                        Long.parseLong(ctx.queryParams().get("after")),
                        id -> ctx.response().end("done")));
        server = vertx.createHttpServer()
                .requestHandler(router)
                .listen(0, "127.0.0.1")
                .await(10, TimeUnit.SECONDS);
        client = vertx.createHttpClient();
        // the first Status written in a JVM initializes the JSON mapper (seconds on a loaded machine): not timed
        get("/stuck?timeout=1ms").await(30, TimeUnit.SECONDS);
    }

    @AfterEach
    void close() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    private record Answer(int status, String body, long millis) {}

    private Future<Answer> get(String uri) {
        long start = System.nanoTime();
        return LoopExchange.send(client, HttpMethod.GET, server.actualPort(), "127.0.0.1", uri)
                .map(answer -> new Answer(
                        answer.status(), answer.text(), TimeUnit.NANOSECONDS.toMillis(answer.doneNanos() - start)));
    }

    private static void assertTimeoutStatus(Answer answer) {
        assertThat(answer.status()).isEqualTo(504);
        JsonObject status = new JsonObject(answer.body());
        assertThat(status.getString("kind")).isEqualTo("Status");
        assertThat(status.getString("status")).isEqualTo("Failure");
        assertThat(status.getString("reason")).isEqualTo("Timeout");
        assertThat(status.getInteger("code")).isEqualTo(504);
        assertThat(status.getString("message"))
                .isEqualTo("Timeout: request did not complete within the allotted timeout");
    }

    @Test
    void aRequestStillRunningAtTheServersTimeoutIs504() throws Exception {
        Answer answer = get("/stuck").await(10, TimeUnit.SECONDS);

        assertTimeoutStatus(answer);
        assertThat(answer.millis()).isGreaterThanOrEqualTo(REQUEST_TIMEOUT.toMillis());
    }

    @Test
    void aShorterTimeoutParameterWinsAndALongerOneIsCappedByTheServers() throws Exception {
        Answer shorter = get("/stuck?timeout=100ms").await(10, TimeUnit.SECONDS);
        Answer longer = get("/stuck?timeout=1h").await(10, TimeUnit.SECONDS);

        assertTimeoutStatus(shorter);
        assertThat(shorter.millis()).isBetween(100L, REQUEST_TIMEOUT.toMillis() - 1);
        assertTimeoutStatus(longer);
        assertThat(longer.millis()).isGreaterThanOrEqualTo(REQUEST_TIMEOUT.toMillis());
    }

    @Test
    void anUnparsableTimeoutIs400() throws Exception {
        Answer answer = get("/stuck?timeout=soon").await(10, TimeUnit.SECONDS);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(new JsonObject(answer.body()).getString("message"))
                .isEqualTo("invalid timeout specified in the request URL");
    }

    @Test
    void requestsAnsweredInTimeKeepTheirAnswersWhileOthersOnTheSameLoopTimeOut() throws Exception {
        List<Future<Answer>> answers = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            answers.add(get(i % 2 == 0 ? "/slow?after=" + (10 + i) : "/stuck?timeout=" + (150 + i) + "ms"));
        }
        Future.all(answers).await(10, TimeUnit.SECONDS);

        for (int i = 0; i < 20; i++) {
            Answer answer = answers.get(i).result();
            if (i % 2 == 0) {
                assertThat(answer.status()).isEqualTo(200);
                assertThat(answer.body()).isEqualTo("done");
            } else {
                assertTimeoutStatus(answer);
                assertThat(answer.millis()).isGreaterThanOrEqualTo(150L + i);
            }
        }
    }
}

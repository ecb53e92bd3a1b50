package cloud.gardener.apiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code --livez-grace-period} as upstream's delayedHealthCheck: during the grace period after start a failing
 * check (here a post-start hook that has not finished) does not fail {@code /livez}, so the kubelet does not restart a
 * server that is still booting; {@code /readyz} and {@code /healthz} say the truth at once.
 */
class LivezGracePeriodTest {

    private final Vertx vertx = Vertx.vertx();
    private final HttpClient client = HttpClient.newHttpClient();

    @AfterEach
    void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aFailingCheckPassesLivezDuringTheGracePeriodOnly() throws Exception {
        HealthEndpoints.Check notFinished = new HealthEndpoints.Check(
                "poststarthook/bootstrap-garden-cluster", () -> Future.failedFuture("not finished"));
        int graced = serve(new HealthEndpoints(
                List.of(HealthEndpoints.ping()), List.of(), List.of(notFinished), List.of(), Duration.ofHours(1)));
        assertThat(status(graced, "/livez")).isEqualTo(200);
        assertThat(status(graced, "/readyz")).isEqualTo(500);
        assertThat(status(graced, "/healthz")).isEqualTo(500);

        int ungraced = serve(new HealthEndpoints(
                List.of(HealthEndpoints.ping()), List.of(), List.of(notFinished), List.of(), Duration.ZERO));
        assertThat(status(ungraced, "/livez")).isEqualTo(500);

        int shortGrace = serve(new HealthEndpoints(
                List.of(HealthEndpoints.ping()), List.of(), List.of(notFinished), List.of(), Duration.ofMillis(200)));
        Thread.sleep(300);
        assertThat(status(shortGrace, "/livez")).as("after the grace period").isEqualTo(500);
    }

    private int serve(HealthEndpoints health) throws Exception {
        Router router = Router.router(vertx);
        health.install(router);
        HttpServer server = vertx.createHttpServer()
                .requestHandler(router)
                .listen(0, "127.0.0.1")
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        return server.actualPort();
    }

    private int status(int port, String path) throws Exception {
        return client.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }
}

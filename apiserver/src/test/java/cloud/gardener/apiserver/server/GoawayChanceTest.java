package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.net.PemTrustOptions;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code --goaway-chance} at its maximum (0.02), seen by an HTTP/2 client: over a few hundred requests its
 * connection receives GOAWAY frames (upstream's probabilistic GOAWAY), every request is still answered, and the
 * client goes on over new connections.
 */
@Tag("integration")
class GoawayChanceTest {

    private static final int REQUESTS = 600;

    @RegisterExtension
    static final ApiServerExtension SERVER =
            new ApiServerExtension().withLimits(RequestLimits.DEFAULT.withGoawayChance(0.02));

    @Test
    void http2ClientsGetGoawaysAndReconnect() throws Exception {
        AtomicInteger connections = new AtomicInteger();
        AtomicInteger goaways = new AtomicInteger();
        HttpClientAgent client = SERVER.vertx()
                .httpClientBuilder()
                .with(new HttpClientOptions()
                        .setProtocolVersion(HttpVersion.HTTP_2)
                        .setUseAlpn(true)
                        .setSsl(true)
                        .setTrustOptions(new PemTrustOptions()
                                .addCertValue(Buffer.buffer(SERVER.servingCa().certificatePem())))
                        .setDefaultHost("127.0.0.1")
                        .setDefaultPort(SERVER.port()))
                .with(new PoolOptions().setHttp2MaxSize(1))
                .withConnectHandler(connection -> {
                    connections.incrementAndGet();
                    connection.goAwayHandler(goAway -> goaways.incrementAndGet());
                })
                .build();
        try {
            int ok = 0;
            int refusedUnsent = 0;
            for (int i = 0; i < REQUESTS; i++) {
                HttpClientResponse response;
                try {
                    response = get(client);
                } catch (ExecutionException e) {
                    // the request raced onto the connection after its GOAWAY arrived and was never sent: retried on
                    // a new connection, as client-go retries a request a GOAWAY refused
                    assertThat(e.getCause()).hasMessageContaining("GOAWAY");
                    refusedUnsent++;
                    response = get(client);
                }
                assertThat(response.version()).isEqualTo(HttpVersion.HTTP_2);
                if (response.statusCode() == 200) {
                    ok++;
                }
            }
            assertThat(ok).isEqualTo(REQUESTS);
            assertThat(refusedUnsent).isLessThanOrEqualTo(goaways.get());
            // 0.98^600 < 1e-5: at least one GOAWAY, and each one made the client open a new connection
            assertThat(goaways.get()).isPositive().isLessThan(REQUESTS / 10);
            assertThat(connections.get()).isGreaterThan(1);
        } finally {
            client.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    private static HttpClientResponse get(HttpClientAgent client) throws Exception {
        return client.request(HttpMethod.GET, "/healthz")
                .compose(request -> request.send())
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }
}

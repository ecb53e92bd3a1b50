package cloud.gardener.apiserver.server.filters;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.LoopExchange;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.StreamResetException;
import io.vertx.ext.web.Router;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The held body of an HTTP/2 stream once its answer is out: a GET (whose headers end its stream) holds nothing and
 * sets no drain timer; a body still incoming is held, and reset when the drain timeout passes.
 */
@Tag("integration")
class BodyHoldTest {

    private static final Duration DRAIN_TIMEOUT = Duration.ofMillis(500);

    private final Vertx vertx = Vertx.vertx();
    private final AtomicInteger timers = new AtomicInteger();
    /** Requests that reached the handler with a body held back. */
    private final AtomicInteger held = new AtomicInteger();

    private HttpServer server;
    private HttpClient client;

    @BeforeEach
    void start() throws Exception {
        // the filter's Vert.x, counting the timers it sets
        Vertx counting = (Vertx) Proxy.newProxyInstance(
                Vertx.class.getClassLoader(), new Class<?>[] {Vertx.class}, (proxy, method, args) -> {
                    if (method.getName().equals("setTimer")) {
                        timers.incrementAndGet();
                    }
                    try {
                        return method.invoke(vertx, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        Router router = Router.router(vertx);
        router.route().handler(FilterChain.of(new BodyHold(counting, DRAIN_TIMEOUT)));
        router.route().handler(ctx -> {
            if (PendingBody.get(ctx) != null) {
                held.incrementAndGet();
            }
            ctx.response().end("answered");
        });
        server = vertx.createHttpServer()
                .requestHandler(router)
                .listen(0, "127.0.0.1")
                .await(10, TimeUnit.SECONDS);
        client = vertx.createHttpClient(
                new HttpClientOptions().setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false));
    }

    @AfterEach
    void close() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void http2GetsSetNoDrainTimer() throws Exception {
        for (int i = 0; i < 20; i++) {
            LoopExchange.Answer answer = LoopExchange.send(
                            client, HttpMethod.GET, server.actualPort(), "127.0.0.1", "/")
                    .await(10, TimeUnit.SECONDS);
            assertThat(answer.version()).isEqualTo(HttpVersion.HTTP_2);
            assertThat(answer.text()).isEqualTo("answered");
        }
        // a turn of each event loop later, still none
        Thread.sleep(100);
        assertThat(timers.get()).isZero();
        assertThat(held.get()).isZero();
    }

    @Test
    void anHttp2BodyStillIncomingIsResetAfterTheDrainTimeout() throws Exception {
        CompletableFuture<Throwable> reset = new CompletableFuture<>();
        HttpClientRequest req = client.request(HttpMethod.POST, server.actualPort(), "127.0.0.1", "/")
                .await(10, TimeUnit.SECONDS);
        req.exceptionHandler(reset::complete);
        req.response().onSuccess(resp -> resp.exceptionHandler(reset::complete));
        req.setChunked(true);
        // the body starts but never ends
        req.write(Buffer.buffer("{")).await(10, TimeUnit.SECONDS);
        assertThat(req.response().await(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        assertThat(reset.get(10, TimeUnit.SECONDS)).isInstanceOf(StreamResetException.class);
        assertThat(timers.get()).isEqualTo(1);
        assertThat(held.get()).isEqualTo(1);
    }
}

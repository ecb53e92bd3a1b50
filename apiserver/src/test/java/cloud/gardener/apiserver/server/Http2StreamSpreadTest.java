package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.server.filters.FilterChain;
import cloud.gardener.apiserver.server.filters.RequestInfoFilter;
import cloud.gardener.apiserver.testing.LoopExchange;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.ext.web.Router;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link StreamSpread} on two listeners and one HTTP/2 connection: a burst of reads is handled on both event loops,
 * a lone read stays on its connection's loop, and a read busy on one loop holds up none of the connection's others.
 */
@Tag("integration")
class Http2StreamSpreadTest {

    private static final String OBJECTS = "/api/v1/namespaces/spread/configmaps/";

    private final Vertx vertx = Vertx.vertx();
    private final Map<String, String> threadOf = new ConcurrentHashMap<>();
    private final List<Promise<Void>> held = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    /** Two listeners with the spread, and handlers that note their thread: "hold" answers when released. */
    private HttpsListeners listeners(boolean spread) throws Exception {
        StreamSpread spreading = spread ? new StreamSpread() : null;
        Router router = Router.router(vertx);
        router.route()
                .handler(
                        spreading != null
                                ? FilterChain.of(new RequestInfoFilter(), spreading)
                                : FilterChain.of(new RequestInfoFilter()));
        router.get(OBJECTS + ":name").handler(ctx -> {
            String name = ctx.pathParam("name");
            threadOf.put(name, Thread.currentThread().getName());
            switch (name) {
                case "hold" -> {
                    Promise<Void> release = Promise.promise();
                    synchronized (held) {
                        held.add(release);
                    }
                    release.future().onComplete(v -> ctx.response().end(name));
                }
                case "busy" -> {
                    sleep(1500); // a read busy on its loop (as a large answer's encoding)
                    ctx.response().end(name);
                }
                default -> ctx.response().putHeader("X-Name", name).end(name);
            }
        });
        return HttpsListeners.start(
                        vertx,
                        2,
                        new HttpServerOptions().setPort(0).setHost("127.0.0.1"),
                        new HttpsListeners.Handlers(c -> {}, r -> {}, router, spreading))
                .await(10, TimeUnit.SECONDS);
    }

    private HttpClient oneConnection() {
        return vertx.createHttpClient(
                new HttpClientOptions().setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false),
                new PoolOptions().setHttp2MaxSize(1));
    }

    /**
     * The body of {@code name}'s answer. Read through {@link LoopExchange}: a chain built here on the test thread lost
     * the body of an answer that arrived before the thread had added its body step (an empty "quick-0" with
     * {@code content-length: 7} under load, from the connection's own loop: no hand-off involved).
     */
    private static Future<String> get(HttpClient client, int port, String name) {
        return LoopExchange.send(client, HttpMethod.GET, port, "127.0.0.1", OBJECTS + name)
                .map(answer -> {
                    assertThat(answer.status()).isEqualTo(200);
                    assertThat(answer.headers().get("X-Name")).isIn(name, null);
                    return answer.text();
                });
    }

    @Test
    void aBurstOfReadsOnOneConnectionIsHandledOnBothEventLoops() throws Exception {
        HttpsListeners server = listeners(true);
        HttpClient client = oneConnection();
        assertThat(get(client, server.port(), "first").await(10, TimeUnit.SECONDS))
                .isEqualTo("first");
        Map<String, Long> before = server.requestsByEventLoop();

        List<Future<String>> answers = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            answers.add(get(client, server.port(), "cm-" + i));
        }
        for (int i = 0; i < answers.size(); i++) {
            assertThat(answers.get(i).await(10, TimeUnit.SECONDS)).isEqualTo("cm-" + i);
        }

        Set<String> threads = ConcurrentHashMap.newKeySet();
        for (int i = 0; i < 64; i++) {
            threads.add(threadOf.get("cm-" + i));
        }
        assertThat(threads).hasSize(2).containsExactlyInAnyOrderElementsOf(server.eventLoops());
        // counted where they ran: 64 in all, some on each loop
        Map<String, Long> after = server.requestsByEventLoop();
        long total = 0;
        for (String loop : server.eventLoops()) {
            long ran = after.get(loop) - before.getOrDefault(loop, 0L);
            assertThat(ran).as(loop).isPositive();
            total += ran;
        }
        assertThat(total).isEqualTo(64);
    }

    @Test
    void withoutTheSpreadOneConnectionsReadsStayOnItsLoop() throws Exception {
        HttpsListeners server = listeners(false);
        HttpClient client = oneConnection();
        List<Future<String>> answers = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            answers.add(get(client, server.port(), "cm-" + i));
        }
        Future.all(answers).await(10, TimeUnit.SECONDS);
        Set<String> threads = ConcurrentHashMap.newKeySet();
        for (int i = 0; i < 64; i++) {
            threads.add(threadOf.get("cm-" + i));
        }
        assertThat(threads).hasSize(1);
    }

    @Test
    void aLoneReadStaysOnItsConnectionsLoop() throws Exception {
        HttpsListeners server = listeners(true);
        HttpClient client = oneConnection();
        for (int i = 0; i < 10; i++) {
            assertThat(get(client, server.port(), "one-" + i).await(10, TimeUnit.SECONDS))
                    .isEqualTo("one-" + i);
        }
        Set<String> threads = ConcurrentHashMap.newKeySet();
        for (int i = 0; i < 10; i++) {
            threads.add(threadOf.get("one-" + i));
        }
        assertThat(threads).hasSize(1);
    }

    @Test
    void aReadBusyOnAnotherLoopHoldsUpNoneOfTheConnectionsOthers() throws Exception {
        HttpsListeners server = listeners(true);
        HttpClient client = oneConnection();
        // one read in flight on the connection's loop (waiting, as on storage), so the next one is handed off
        Future<String> hold = get(client, server.port(), "hold");
        awaitHandled("hold");
        Future<String> busy = get(client, server.port(), "busy");
        awaitHandled("busy");
        assertThat(threadOf.get("busy")).isNotEqualTo(threadOf.get("hold"));

        long start = System.nanoTime();
        for (int i = 0; i < 5; i++) {
            assertThat(get(client, server.port(), "quick-" + i).await(10, TimeUnit.SECONDS))
                    .isEqualTo("quick-" + i);
            assertThat(threadOf.get("quick-" + i)).isEqualTo(threadOf.get("hold"));
        }
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(1200);
        assertThat(busy.isComplete()).as("the busy read still runs").isFalse();

        assertThat(busy.await(10, TimeUnit.SECONDS)).isEqualTo("busy");
        synchronized (held) {
            held.forEach(Promise::tryComplete);
        }
        assertThat(hold.await(10, TimeUnit.SECONDS)).isEqualTo("hold");
    }

    private void awaitHandled(String name) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!threadOf.containsKey(name) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(threadOf).containsKey(name);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

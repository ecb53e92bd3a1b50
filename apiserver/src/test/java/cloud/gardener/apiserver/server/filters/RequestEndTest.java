package cloud.gardener.apiserver.server.filters;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.LoopExchange;
import io.vertx.core.AsyncResult;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.lang.ref.WeakReference;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A request's end actions run once its response has ended or its connection closed, the last added first; a
 * long-running response that detaches them lets its routing context go and still runs them (in their detached form)
 * when it ends, over HTTP/2 and HTTP/1.1.
 */
@Tag("integration")
class RequestEndTest {

    private final Vertx vertx = Vertx.vertx();
    private final List<String> ran = new CopyOnWriteArrayList<>();
    private volatile WeakReference<RoutingContext> detachedContext;
    private HttpServer server;

    @BeforeEach
    void start() throws Exception {
        Router router = Router.router(vertx);
        router.route().handler(ctx -> {
            ctx.put("who", "alice");
            RequestEnd.of(ctx).add(outcome -> ran.add("first added " + outcome.succeeded()));
            RequestEnd.of(ctx).add(new RequestEnd.Action() {
                @Override
                public void ended(AsyncResult<Void> outcome) {
                    ran.add("attached " + ctx.get("who"));
                }

                @Override
                public RequestEnd.Action detached(RoutingContext context) {
                    String who = context.get("who");
                    List<String> log = ran; // a local: the lambda then captures no anonymous class (and its ctx)
                    return outcome -> log.add("detached " + who);
                }
            });
            ctx.next();
        });
        router.get("/short").handler(ctx -> ctx.response().end("done"));
        router.get("/long").handler(ctx -> {
            ctx.response().setStatusCode(200);
            if (ctx.request().version() != HttpVersion.HTTP_2) {
                ctx.response().setChunked(true);
            }
            ctx.response().writeHead();
            RequestEnd.detach(ctx, () -> ran.add("owner let go"));
            detachedContext = new WeakReference<>(ctx);
        });
        server = vertx.createHttpServer()
                .requestHandler(router)
                .listen(0, "127.0.0.1")
                .await(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void close() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @EnumSource(
            value = HttpVersion.class,
            names = {"HTTP_1_1", "HTTP_2"})
    void anAnsweredRequestRunsItsActionsOnceTheLastAddedFirst(HttpVersion version) throws Exception {
        // the body step is added on the loop: one added from this thread may come after the answer, which is then lost
        String body = LoopExchange.send(client(version), HttpMethod.GET, server.actualPort(), "127.0.0.1", "/short")
                .await(10, TimeUnit.SECONDS)
                .text();
        assertThat(body).isEqualTo("done");

        awaitRan(2);
        assertThat(ran).containsExactly("attached alice", "first added true");
    }

    @ParameterizedTest
    @EnumSource(
            value = HttpVersion.class,
            names = {"HTTP_1_1", "HTTP_2"})
    void aDetachedResponseLetsItsRoutingContextGoAndRunsTheDetachedActionsWhenItCloses(HttpVersion version)
            throws Exception {
        HttpClient client = client(version);
        HttpClientRequest request = client.request(HttpMethod.GET, server.actualPort(), "127.0.0.1", "/long")
                .await(10, TimeUnit.SECONDS);
        HttpClientResponse response = request.send().await(10, TimeUnit.SECONDS);
        assertThat(response.statusCode()).isEqualTo(200);

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (detachedContext == null || detachedContext.get() != null) {
            assertThat(System.nanoTime()).as("the routing context is collected").isLessThan(deadline);
            System.gc();
            Thread.sleep(50);
        }
        assertThat(ran).isEmpty();

        if (version == HttpVersion.HTTP_2) {
            request.reset().await(10, TimeUnit.SECONDS);
        } else {
            request.connection().close().await(10, TimeUnit.SECONDS);
        }
        awaitRan(3);
        Thread.sleep(200); // a second run would show by now
        // the outcome is the reset's or the close's, as vert.x-web would report it: not what this pins
        assertThat(ran).hasSize(3);
        assertThat(ran.subList(0, 2)).containsExactly("owner let go", "detached alice");
        assertThat(ran.get(2)).startsWith("first added");
    }

    private HttpClient client(HttpVersion version) {
        return vertx.createHttpClient(
                new HttpClientOptions().setProtocolVersion(version).setHttp2ClearTextUpgrade(false));
    }

    private void awaitRan(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (ran.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
    }
}

package cloud.gardener.apiserver.server.filters;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.LoopExchange;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Filters in one chain on a listener of their own: each runs in order, the route after the last, once; a filter
 * that answers stops the chain; one that passes the request on later resumes it behind itself; a filter's exception
 * fails the request to the router's failure handler, also after a later resume.
 */
@Tag("integration")
class FilterChainTest {

    private final Vertx vertx = Vertx.vertx();
    private final List<String> ran = new CopyOnWriteArrayList<>();
    private HttpServer server;
    private HttpClient client;

    @BeforeEach
    void start() throws Exception {
        Router router = Router.router(vertx);
        router.route()
                .handler(FilterChain.of(
                        noting("first"),
                        (ctx, rest) -> {
                            ran.add("later");
                            if (ctx.request().path().startsWith("/later")) {
                                // passes the request on from another turn of the loop, as a TokenReview's answer does
                                vertx.setTimer(20, id -> rest.proceed(ctx));
                                return false;
                            }
                            return true;
                        },
                        (ctx, rest) -> {
                            ran.add("answering");
                            if (ctx.request().path().endsWith("/refused")) {
                                ctx.response().setStatusCode(403).end("refused");
                                return false;
                            }
                            return true;
                        },
                        (ctx, rest) -> {
                            ran.add("throwing");
                            if (ctx.request().path().endsWith("/bug")) {
                                throw new IllegalStateException("filter bug");
                            }
                            return true;
                        },
                        noting("last")));
        router.route().handler(ctx -> {
            ran.add("route");
            ctx.response().end("routed");
        });
        router.route().failureHandler(ctx -> {
            ran.add("failure " + ctx.failure().getMessage());
            ctx.response().setStatusCode(500).end("failed");
        });
        server = vertx.createHttpServer()
                .requestHandler(router)
                .listen(0, "127.0.0.1")
                .await(10, TimeUnit.SECONDS);
        client = vertx.createHttpClient();
    }

    @AfterEach
    void close() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    private Filter noting(String name) {
        return (ctx, rest) -> {
            ran.add(name);
            return true;
        };
    }

    private LoopExchange.Answer get(String uri) throws Exception {
        return LoopExchange.send(client, HttpMethod.GET, server.actualPort(), "127.0.0.1", uri)
                .await(10, TimeUnit.SECONDS);
    }

    @Test
    void everyFilterRunsInOrderThenTheRouteOnce() throws Exception {
        LoopExchange.Answer answer = get("/now");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.text()).isEqualTo("routed");
        assertThat(ran).containsExactly("first", "later", "answering", "throwing", "last", "route");
    }

    @Test
    void aFilterThatAnswersEndsTheChain() throws Exception {
        LoopExchange.Answer answer = get("/now/refused");

        assertThat(answer.status()).isEqualTo(403);
        assertThat(ran).containsExactly("first", "later", "answering");
    }

    @Test
    void aRequestPassedOnLaterGoesOnBehindTheFilterThatHeldIt() throws Exception {
        LoopExchange.Answer answer = get("/later");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(ran).containsExactly("first", "later", "answering", "throwing", "last", "route");
    }

    @Test
    void aFiltersExceptionFailsTheRequest() throws Exception {
        LoopExchange.Answer answer = get("/now/bug");

        assertThat(answer.status()).isEqualTo(500);
        assertThat(ran).containsExactly("first", "later", "answering", "throwing", "failure filter bug");
    }

    @Test
    void aFiltersExceptionAfterALaterResumeFailsTheRequestToo() throws Exception {
        LoopExchange.Answer answer = get("/later/bug");

        assertThat(answer.status()).isEqualTo(500);
        assertThat(ran).containsExactly("first", "later", "answering", "throwing", "failure filter bug");
    }
}

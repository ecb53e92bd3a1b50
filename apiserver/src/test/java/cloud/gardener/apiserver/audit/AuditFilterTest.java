package cloud.gardener.apiserver.audit;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.authn.AuthenticationResult;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.endpoints.Responses;
import cloud.gardener.apiserver.server.filters.AuthenticationFilter;
import cloud.gardener.apiserver.server.filters.FilterChain;
import cloud.gardener.apiserver.server.filters.RequestInfoFilter;
import cloud.gardener.apiserver.server.filters.RequestPreamble;
import cloud.gardener.apiserver.testing.LoopExchange;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
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
import org.junit.jupiter.api.Test;

/**
 * The audit filter in the real filter order (preamble, request info, authentication, audit) on a Vert.x server: the
 * Panic stage of a handler that throws, and the impersonation hook.
 */
class AuditFilterTest {

    private static final UserInfo ALICE = UserInfo.of("alice", List.of("system:authenticated"));

    private final List<JsonNode> events = new CopyOnWriteArrayList<>();
    private Vertx vertx;
    private HttpServer server;
    private HttpClient client;
    private Auditing auditing;

    @BeforeEach
    void start() throws Exception {
        vertx = Vertx.vertx();
        AuditPolicy policy = AuditPolicy.parse(
                Json.YAML.readTree("apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n"));
        AuditBackend collecting = new AuditBackend() {
            @Override
            public String plugin() {
                return "test";
            }

            @Override
            public Future<Void> process(AuditEvent event, ObjectNode json, byte[] bytes) {
                events.add(json);
                return Future.succeededFuture();
            }

            @Override
            public void close() {}
        };
        auditing = Auditing.of(policy, List.of(collecting), 100, new AuditCounters());
        Router router = Router.router(vertx);
        router.route()
                .handler(FilterChain.of(
                        new RequestPreamble(),
                        new RequestInfoFilter(),
                        new AuthenticationFilter(
                                request -> Future.succeededFuture(AuthenticationResult.authenticated(ALICE))),
                        auditing.filter()));
        router.get("/panic").handler(ctx -> {
            throw new IllegalStateException("handler bug");
        });
        router.get("/impersonate").handler(ctx -> {
            RequestAudit.logImpersonatedUser(ctx, UserInfo.of("bob", List.of("ops")));
            Responses.writeText(ctx, 200, "ok");
        });
        router.route().failureHandler(ctx -> Responses.fail(ctx, ctx.failure()));
        server = vertx.createHttpServer()
                .requestHandler(router)
                .listen(0, "127.0.0.1")
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        client = vertx.createHttpClient();
    }

    @AfterEach
    void stop() throws Exception {
        auditing.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private int get(String path) throws Exception {
        return LoopExchange.send(client, HttpMethod.GET, server.actualPort(), "127.0.0.1", path)
                .map(LoopExchange.Answer::status)
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    private List<JsonNode> awaitEvents(int count) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (events.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return events;
    }

    @Test
    void aThrowingHandlerEndsInAPanicEventInsteadOfResponseComplete() throws Exception {
        assertThat(get("/panic")).isEqualTo(500);
        List<JsonNode> got = awaitEvents(2);
        assertThat(got).extracting(e -> e.get("stage").asText()).containsExactly("RequestReceived", "Panic");
        JsonNode status = got.get(1).get("responseStatus");
        assertThat(status.get("code").asInt()).isEqualTo(500);
        assertThat(status.get("message").asText())
                .startsWith("Internal Server Error: \"/panic\": ")
                .contains("handler bug");
        assertThat(AuditEventSchema.problems(got.get(1))).isEmpty();
    }

    @Test
    void theImpersonationHookRecordsWhoTheRequestActedAsWhileUserStaysTheAuthenticatedOne() throws Exception {
        assertThat(get("/impersonate")).isEqualTo(200);
        JsonNode complete = awaitEvents(2).get(1);
        assertThat(complete.get("user").get("username").asText()).isEqualTo("alice");
        assertThat(complete.get("impersonatedUser").get("username").asText()).isEqualTo("bob");
        assertThat(complete.get("impersonatedUser").get("groups").get(0).asText())
                .isEqualTo("ops");
        assertThat(events.get(0).has("impersonatedUser"))
                .as("RequestReceived precedes impersonation")
                .isFalse();
    }
}

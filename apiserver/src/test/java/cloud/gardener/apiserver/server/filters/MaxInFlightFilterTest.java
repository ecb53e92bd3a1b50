package cloud.gardener.apiserver.server.filters;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.metrics.ServerMetrics;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The in-flight limiter in a real router: requests marked {@code X-Hold} are held open by the test until it lets
 * them go, so "the limit is reached" is a state the test sets up, not a race.
 */
class MaxInFlightFilterTest {

    private static final String SHOOTS = "/apis/core.gardener.cloud/v1beta1/namespaces/ns/shoots";

    private Vertx vertx;
    private HttpServer server;
    private final HttpClient client =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final Map<String, Promise<Void>> held = new ConcurrentHashMap<>();
    private final Map<String, CountDownLatch> arrived = new ConcurrentHashMap<>();
    private final ServerMetrics metrics = ServerMetrics.unserved();
    private final Set<String> threads = ConcurrentHashMap.newKeySet();

    @BeforeEach
    void start() throws Exception {
        vertx = Vertx.vertx();
        Router router = Router.router(vertx);
        router.route().handler(FilterChain.of(new RequestInfoFilter(), new RequestMetricsFilter(metrics.requests())));
        router.route().handler(ctx -> {
            String groups = ctx.request().getHeader("X-Test-Groups");
            RequestAttributes.setUser(
                    ctx, UserInfo.of("user", groups == null ? List.of() : List.of(groups.split(","))));
            ctx.next();
        });
        router.route().handler(ctx -> {
            threads.add(Thread.currentThread().getName());
            ctx.next();
        });
        router.route().handler(FilterChain.of(new MaxInFlightFilter(1, 1, metrics.requests())));
        router.route().handler(ctx -> {
            String hold = ctx.request().getHeader("X-Hold");
            if (hold == null) {
                ctx.response().end("served");
                return;
            }
            Promise<Void> release = Promise.promise();
            held.put(hold, release);
            arrived.get(hold).countDown();
            release.future().onComplete(v -> ctx.response().end("released"));
        });
        // as the API server: two listeners on two event loops share the port (a negative port: one random port
        // shared) and the filter; connections are dealt out to them in turn
        List<HttpServer> listeners = new CopyOnWriteArrayList<>();
        vertx.deployVerticle(
                        () -> context -> vertx.createHttpServer(new HttpServerOptions()
                                        .setHost("127.0.0.1")
                                        .setPort(-1))
                                .requestHandler(router)
                                .listen()
                                .onSuccess(listeners::add),
                        new DeploymentOptions().setInstances(2))
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        server = listeners.get(0);
    }

    @AfterEach
    void stop() throws Exception {
        held.values().forEach(Promise::tryComplete);
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void readOnlyRequestsBeyondTheLimitAre429WithRetryAfterAndUpstreamsText() throws Exception {
        var first = hold("list", HttpMethod.GET, SHOOTS);

        Answer refused = send(HttpMethod.GET, SHOOTS + "/a", Map.of());
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.response().headers().firstValue("Retry-After").orElse(null))
                .isEqualTo("1");
        assertThat(refused.response().headers().firstValue("Content-Type").orElse(null))
                .isEqualTo("text/plain; charset=utf-8");
        assertThat(refused.body()).isEqualTo("Too many requests, please try again later.\n");
        // mutating requests have their own limit, watches none, and system:masters is always served
        assertThat(send(HttpMethod.POST, SHOOTS, Map.of()).status()).isEqualTo(200);
        assertThat(send(HttpMethod.GET, SHOOTS + "?watch=true", Map.of()).status())
                .isEqualTo(200);
        assertThat(send(HttpMethod.GET, SHOOTS, Map.of("X-Test-Groups", "system:masters"))
                        .status())
                .isEqualTo(200);
        // non-resource reads count as read-only too
        assertThat(send(HttpMethod.GET, "/version", Map.of()).status()).isEqualTo(429);

        release("list", first);
        assertThat(send(HttpMethod.GET, SHOOTS + "/a", Map.of()).status())
                .as("the slot is free again")
                .isEqualTo(200);
    }

    @Test
    void theLimitHoldsForTheEventLoopsTogether() throws Exception {
        var first = hold("list", HttpMethod.GET, SHOOTS);
        String holder = threads.iterator().next();

        // the held request keeps its connection: these go over another, served by the other event loop
        for (int i = 0; i < 4; i++) {
            assertThat(send(HttpMethod.GET, SHOOTS + "/a", Map.of()).status()).isEqualTo(429);
        }
        assertThat(threads).as("event loops that served requests").hasSize(2).contains(holder);

        release("list", first);
        assertThat(send(HttpMethod.GET, SHOOTS + "/a", Map.of()).status()).isEqualTo(200);
    }

    @Test
    void theSlotsInUseAndTheRefusalsAreReported() throws Exception {
        var first = hold("list", HttpMethod.GET, SHOOTS);
        assertThat(value("apiserver_current_inflight_requests", Map.of("request_kind", "readOnly")))
                .isEqualTo(1);
        assertThat(value("apiserver_current_inflight_requests", Map.of("request_kind", "mutating")))
                .isZero();

        assertThat(send(HttpMethod.GET, SHOOTS, Map.of()).status()).isEqualTo(429);
        Map<String, String> refused = Map.of(
                "verb",
                "LIST",
                "group",
                "core.gardener.cloud",
                "version",
                "v1beta1",
                "resource",
                "shoots",
                "subresource",
                "",
                "scope",
                "namespace",
                "component",
                "apiserver",
                "code",
                "429");
        assertThat(value("apiserver_request_terminations", refused)).isEqualTo(1);
        Map<String, String> counted = new java.util.HashMap<>(refused);
        counted.put("dry_run", "");
        assertThat(value("apiserver_request", counted)).isEqualTo(1);

        release("list", first);
        assertThat(value("apiserver_current_inflight_requests", Map.of("request_kind", "readOnly")))
                .isZero();
    }

    /** One series' value, straight from the registry (counters by their name without {@code _total}). */
    private double value(String name, Map<String, String> labels) {
        for (MetricSnapshot snapshot : metrics.registry().scrape()) {
            if (!snapshot.getMetadata().getPrometheusName().equals(name)) {
                continue;
            }
            for (DataPointSnapshot point : snapshot.getDataPoints()) {
                Map<String, String> actual = new java.util.HashMap<>();
                point.getLabels().forEach(label -> actual.put(label.getName(), label.getValue()));
                if (actual.equals(labels)) {
                    return point instanceof CounterSnapshot.CounterDataPointSnapshot counter
                            ? counter.getValue()
                            : ((GaugeSnapshot.GaugeDataPointSnapshot) point).getValue();
                }
            }
        }
        return 0;
    }

    @Test
    void mutatingRequestsBeyondTheirLimitAre429() throws Exception {
        var first = hold("create", HttpMethod.POST, SHOOTS);

        assertThat(send(HttpMethod.PUT, SHOOTS + "/a", Map.of()).status()).isEqualTo(429);
        assertThat(send(HttpMethod.DELETE, SHOOTS + "/a", Map.of()).status()).isEqualTo(429);
        assertThat(send(HttpMethod.GET, SHOOTS, Map.of()).status()).isEqualTo(200);
        assertThat(send(HttpMethod.PATCH, SHOOTS + "/a", Map.of("X-Test-Groups", "system:authenticated,system:masters"))
                        .status())
                .isEqualTo(200);

        release("create", first);
        assertThat(send(HttpMethod.PUT, SHOOTS + "/a", Map.of()).status()).isEqualTo(200);
    }

    @Test
    void aRequestWhoseConnectionIsClosedFreesItsSlot() throws Exception {
        CountDownLatch in = new CountDownLatch(1);
        arrived.put("gone", in);
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.actualPort())) {
            socket.getOutputStream()
                    .write(("GET " + SHOOTS + " HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Hold: gone\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            assertThat(in.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(send(HttpMethod.GET, SHOOTS, Map.of()).status()).isEqualTo(429);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        int status;
        do {
            status = send(HttpMethod.GET, SHOOTS, Map.of()).status();
        } while (status == 429 && System.nanoTime() < deadline);
        assertThat(status).as("the closed connection's slot is released").isEqualTo(200);
    }

    private record Answer(int status, HttpResponse<String> response, String body) {}

    /** Sends a request that the handler holds; returns once the handler has it (it occupies a slot). */
    private java.util.concurrent.CompletableFuture<Answer> hold(String name, HttpMethod method, String uri)
            throws Exception {
        CountDownLatch in = new CountDownLatch(1);
        arrived.put(name, in);
        var answer = sendAsync(method, uri, Map.of("X-Hold", name));
        assertThat(in.await(10, TimeUnit.SECONDS))
                .as("held request reached the handler")
                .isTrue();
        return answer;
    }

    private void release(String name, java.util.concurrent.CompletableFuture<Answer> answer) throws Exception {
        held.get(name).complete();
        Answer done = answer.get(10, TimeUnit.SECONDS);
        assertThat(done.status()).isEqualTo(200);
        assertThat(done.body()).isEqualTo("released");
    }

    private Answer send(HttpMethod method, String uri, Map<String, String> headers) throws Exception {
        return sendAsync(method, uri, headers).get(10, TimeUnit.SECONDS);
    }

    private java.util.concurrent.CompletableFuture<Answer> sendAsync(
            HttpMethod method, String uri, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.actualPort() + uri))
                .method(method.name(), HttpRequest.BodyPublishers.noBody())
                .timeout(Duration.ofSeconds(10));
        headers.forEach(request::header);
        return client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString())
                .thenApply(resp -> new Answer(resp.statusCode(), resp, resp.body()));
    }
}

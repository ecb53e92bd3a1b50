package cloud.gardener.apiserver.e2e.watch;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.e2e.WatchStream;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.core.parsetools.RecordParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Many watches of one collection during a burst of writes: every watcher that reads gets every event, also when
 * all of them share one HTTP/2 connection (as client-go's watches do), and a watcher that does not read is closed
 * without holding up the writes or the other watchers.
 */
@Tag("integration")
class WatchFanOutTest {

    @RegisterExtension
    static final ApiServerExtension SERVER =
            ApiServerExtension.withStorage(EmbeddedStorage::new, Fixtures::withoutShootGardenChecks);

    static TestClient admin;

    @BeforeAll
    static void client() {
        admin = SERVER.admin();
    }

    private static String configMap(String name, int dataBytes) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name
                + "\"},\"data\":{\"d\":\"" + "x".repeat(dataBytes) + "\"}}";
    }

    /** Creates {@code count} ConfigMaps, 16 at a time; returns when all are created. */
    private static void burst(String path, String prefix, int count, int dataBytes) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<Integer>> created = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String body = configMap(prefix + i, dataBytes);
                created.add(pool.submit(() -> admin.send("POST", path, body, Map.of("Content-Type", "application/json"))
                        .status()));
            }
            for (Future<Integer> f : created) {
                assertThat(f.get(120, TimeUnit.SECONDS)).isEqualTo(201);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void twoHundredHttp2WatchesOnOneConnectionSeeEveryEventOfABurst() throws Exception {
        String ns = Fixtures.createNamespace(admin, "fan");
        String path = "/api/v1/namespaces/" + ns + "/configmaps";
        String rv = admin.get(path).json().at("/metadata/resourceVersion").asText();
        int watchers = 200;
        int events = 100;
        IssuedCertificate cert = SERVER.clientCa().issueClient("admin", List.of("system:masters"), Duration.ofHours(1));
        Vertx clientVertx = Vertx.vertx();
        AtomicInteger connections = new AtomicInteger();
        HttpClientAgent client = clientVertx
                .httpClientBuilder()
                .with(new HttpClientOptions()
                        .setProtocolVersion(HttpVersion.HTTP_2)
                        .setUseAlpn(true)
                        .setSsl(true)
                        .setTrustOptions(new PemTrustOptions()
                                .addCertValue(Buffer.buffer(SERVER.servingCa().certificatePem())))
                        .setKeyCertOptions(new PemKeyCertOptions()
                                .addCertValue(Buffer.buffer(cert.certificateChainPem()))
                                .addKeyValue(Buffer.buffer(cert.privateKeyPem())))
                        .setDefaultHost("127.0.0.1")
                        .setDefaultPort(SERVER.port()))
                .with(new PoolOptions().setHttp2MaxSize(1))
                .withConnectHandler(c -> connections.incrementAndGet())
                .build();
        AtomicIntegerArray added = new AtomicIntegerArray(watchers);
        AtomicInteger open = new AtomicInteger();
        AtomicInteger ended = new AtomicInteger();
        List<HttpClientRequest> requests = new ArrayList<>();
        try {
            for (int w = 0; w < watchers; w++) {
                int watcher = w;
                HttpClientRequest request = client.request(
                                HttpMethod.GET, path + "?watch=true&resourceVersion=" + rv + "&timeoutSeconds=600")
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(30, TimeUnit.SECONDS);
                requests.add(request);
                request.send().onSuccess(resp -> {
                    assertThat(resp.version()).isEqualTo(HttpVersion.HTTP_2);
                    open.incrementAndGet();
                    resp.handler(RecordParser.newDelimited("\n", line -> {
                        if (line.toString(StandardCharsets.UTF_8).startsWith("{\"type\":\"ADDED\"")) {
                            added.incrementAndGet(watcher);
                        }
                    }));
                    resp.endHandler(v -> ended.incrementAndGet());
                    resp.exceptionHandler(t -> ended.incrementAndGet());
                });
            }
            awaitUntil(() -> open.get() == watchers, 60);

            burst(path, "b", events, 8 * 1024);

            awaitUntil(() -> allAtLeast(added, events) || ended.get() > 0, 120);
            assertThat(ended.get()).as("watches ended").isZero();
            for (int w = 0; w < watchers; w++) {
                assertThat(added.get(w)).as("events of watcher " + w).isEqualTo(events);
            }
            assertThat(connections.get()).isEqualTo(1);
        } finally {
            requests.forEach(r -> r.reset());
            client.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            clientVertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aWatcherThatDoesNotReadIsClosedWithoutHoldingUpWritesOrOtherWatchers() throws Exception {
        String ns = Fixtures.createNamespace(admin, "slow");
        String path = "/api/v1/namespaces/" + ns + "/configmaps";
        String rv = admin.get(path).json().at("/metadata/resourceVersion").asText();
        // 64 KiB events: the 16 MiB backlog bound is passed after about 256 waiting events, plus what the socket
        // buffers hold
        int events = 600;
        try (SSLSocket slow = SERVER.http1Connection("admin", List.of("system:masters"));
                WatchStream reading = WatchStream.open(admin, path + "?watch=true&resourceVersion=" + rv)) {
            OutputStream out = slow.getOutputStream();
            out.write(("GET " + path + "?watch=true&resourceVersion=" + rv + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            assertThat(reading.status()).isEqualTo(200);

            long t0 = System.nanoTime();
            burst(path, "s", events, 64 * 1024);
            long burstMillis = (System.nanoTime() - t0) / 1_000_000;

            for (int i = 0; i < events; i++) {
                assertThat(reading.next().path("type").asText()).isEqualTo("ADDED");
            }
            // the slow watcher's connection was closed: reading it now ends before all the events
            slow.setSoTimeout(30_000);
            long bytes = 0;
            InputStream in = slow.getInputStream();
            byte[] chunk = new byte[64 * 1024];
            try {
                for (int n; (n = in.read(chunk)) >= 0; ) {
                    bytes += n;
                }
            } catch (SocketTimeoutException stillOpen) {
                throw new AssertionError("the slow watcher's connection is still open", stillOpen);
            } catch (IOException closed) {
                // a closed TLS connection may also end with an exception: the watch is over either way
            }
            assertThat(bytes).as("bytes the slow watcher got").isLessThan((long) events * 64 * 1024);
            assertThat(burstMillis).as("the burst took %d ms", burstMillis).isLessThan(120_000);
        }
    }

    private static boolean allAtLeast(AtomicIntegerArray counts, int n) {
        for (int i = 0; i < counts.length(); i++) {
            if (counts.get(i) < n) {
                return false;
            }
        }
        return true;
    }

    private static void awaitUntil(java.util.function.BooleanSupplier condition, int seconds)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
    }
}

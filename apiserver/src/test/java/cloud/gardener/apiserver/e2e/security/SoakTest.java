package cloud.gardener.apiserver.e2e.security;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.SmallHeapServer;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hardening review's attacks all at once, for a bounded time, against the server in a child JVM with a small
 * heap: hundreds of silent, slowloris, idle keep-alive and anonymous large-body connections, while writers create
 * and update ConfigMaps and watchers follow them. Throughout, {@code /readyz} answers as a healthy kube-apiserver
 * does, the heap suffices, every acknowledged write is stored and was seen by every watcher in order, and every
 * attacking connection is closed within its timeout.
 *
 * <p>Timing limits are a healthy server's on two cores; on a machine that also runs other builds they are
 * stretched by how long a runnable thread of this test waited for a core during the load ({@link CpuMeter}), so
 * that a slow machine is not taken for a slow server. A server that stalls (an event loop blocked or sleeping)
 * leaves the cores free, so the stretch stays near 1 and the limits catch it (checked: a 3 s sleep on the event
 * loop in 1 of 40 requests failed it at load average 22, as did a write deleted after its acknowledgement). A
 * server that burns CPU on its event loop stretches its own limits where cores are scarce: on the loaded shared
 * machine (load average 22-26) handshakes on the event loop gave median 0.46 s and p99 6.5 s at stretch 12, off it
 * median 0.13 s and p99 3.8 s at stretch 6; both passed there, only a machine with a free core tells them apart
 * by the limits. The whole run takes about 75 s (server start 10-20 s, load 30 s, the second wave's closes).
 */
@Tag("integration")
class SoakTest {

    private static final Duration HEADER_TIMEOUT = Duration.ofSeconds(6);
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(8);
    /**
     * What a closed connection may take beyond its timeout when this test has the cores (stretched by
     * {@link CpuMeter#stretch}): the timer firing on an event loop busy with hundreds of connections, the close, and
     * this JVM noticing.
     */
    private static final Duration CLOSE_SLACK = Duration.ofSeconds(2);
    /** How long an attacker waits for the close before it reports the connection as never closed. */
    private static final Duration GIVE_UP = Duration.ofSeconds(30);
    /**
     * {@code /readyz} as a healthy kube-apiserver answers it under load: a kubelet probes with a 1 s timeout and
     * acts after 3 failures in a row, so the median well below that, nearly all probes (p99) within a couple of
     * seconds, and none held as long as a failure window.
     */
    private static final Duration READY_MEDIAN = Duration.ofMillis(250);

    private static final Duration READY_P99 = Duration.ofSeconds(2);
    private static final Duration READY_MAX = Duration.ofSeconds(5);

    private static final Duration LOAD = Duration.ofSeconds(30);
    private static final int WRITERS = 4;
    private static final int WATCHERS = 3;
    private static final int BODY = 3 * 1024 * 1024;
    /** Between two anonymous large bodies of one attacker: 5 attackers, up to 20 new connections a second. */
    private static final Duration ANONYMOUS_PAUSE = Duration.ofMillis(250);

    private static Process server;
    /** The server's data directory and log; JUnit deletes it after {@link #stopServer()}. */
    @TempDir
    static Path dir;

    private static String baseUrl;
    private static int port;
    private static X509Certificate servingCa;
    private static CertificateAuthority clientCa;
    /** The attackers' trust (the serving CA), built once: each connection still makes a full handshake. */
    private static javax.net.ssl.TrustManager[] attackerTrust;

    private final AtomicBoolean loading = new AtomicBoolean(true);
    private final List<String> violations = new CopyOnWriteArrayList<>();
    /** Requests on fresh connections that met the header timeout before their answer. */
    private final java.util.concurrent.atomic.AtomicInteger headerTimeouts =
            new java.util.concurrent.atomic.AtomicInteger();

    private final CpuMeter cpu = new CpuMeter();
    /** {@link CpuMeter#stretch} of the load, once it ended. */
    private double stretch = 1;
    /** How long each attacking connection took to be closed, against its timeout. */
    private final List<Closed> closes = new CopyOnWriteArrayList<>();

    private record Closed(String kind, Duration took, Duration timeout) {}

    /** Requests that met a GOAWAY (see {@link #probe}); writes that did are not acknowledged. */
    private final java.util.concurrent.atomic.AtomicInteger goaways = new java.util.concurrent.atomic.AtomicInteger();

    @BeforeAll
    static void startServer() throws Exception {
        String javaCommand =
                Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // C1 only: the child lives about a minute, and C2's compilations took half the CPU it had during the load
        // (measured), which a long-running server spends once after its start
        List<String> command = new ArrayList<>(List.of(javaCommand, "-Xmx128m", "-XX:TieredStopAtLevel=1"));
        // more flags for the child, e.g. -Dsoak.serverJvmArgs=-XX:StartFlightRecording=filename=soak.jfr to profile it
        String extra = System.getProperty("soak.serverJvmArgs", "");
        if (!extra.isBlank()) {
            command.addAll(List.of(extra.trim().split("\\s+")));
        }
        command.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                SmallHeapServer.class.getName(),
                dir.toString(),
                Long.toString(HEADER_TIMEOUT.toMillis()),
                Long.toString(IDLE_TIMEOUT.toMillis())));
        server = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("server.log").toFile())
                .start();
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (!Files.exists(dir.resolve("port"))) {
            assertThat(server.isAlive()).as("server running; log:%n%s", log()).isTrue();
            assertThat(System.nanoTime()).as("server serving within 120 s").isLessThan(deadline);
            Thread.sleep(200);
        }
        port = Integer.parseInt(Files.readString(dir.resolve("port")).trim());
        baseUrl = "https://127.0.0.1:" + port;
        try (java.io.InputStream pem = Files.newInputStream(dir.resolve("serving-ca.pem"))) {
            servingCa =
                    (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(pem);
        }
        clientCa = CertificateAuthority.load(
                Files.readString(dir.resolve("client-ca.pem")), Files.readString(dir.resolve("client-ca-key.pem")));
        java.security.KeyStore trust = java.security.KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", servingCa);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        attackerTrust = tmf.getTrustManagers();
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.destroy();
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    @Test
    void attackersBesideWritersAndWatchersLoseNothingAndLeaveHealthFast() throws Exception {
        TestClient admin = admin();
        TestClient prober = TestClient.anonymous(baseUrl, servingCa);
        String ns = Fixtures.createNamespace(admin, "soak");
        String configMaps = "/api/v1/namespaces/" + ns + "/configmaps";
        // warm up (classes, serializers), then the baseline: the same probes without load
        for (int i = 0; i < 20; i++) {
            admin.post(configMaps, configMap("warm-" + i, 0));
            probe(prober);
        }
        List<Long> baseline = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            baseline.add(probe(prober));
            Thread.sleep(50);
        }

        String listRv = admin.get(configMaps)
                .json()
                .path("metadata")
                .path("resourceVersion")
                .asText();
        List<Watcher> watchers = new ArrayList<>();
        for (int i = 0; i < WATCHERS; i++) {
            watchers.add(new Watcher(admin().openStream(
                            configMaps + "?watch=1&timeoutSeconds=600&resourceVersion=" + listRv, Map.of())));
        }
        Map<String, Long> acknowledged = new ConcurrentHashMap<>();
        List<Long> underLoad = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newCachedThreadPool();
        List<Future<?>> tasks = new ArrayList<>();
        try {
            for (Watcher watcher : watchers) {
                tasks.add(pool.submit(watcher::follow));
            }
            tasks.addAll(attackers(pool));
            List<Future<?>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(pool.submit(() -> write(admin(), configMaps, "w" + writer, acknowledged)));
            }
            Thread meter = new Thread(() -> cpu.measureWhile(loading), "cpu-meter");
            meter.setDaemon(true);
            meter.start();
            long end = System.nanoTime() + LOAD.toNanos();
            while (System.nanoTime() < end) {
                underLoad.add(probe(prober));
                Thread.sleep(100);
            }
            loading.set(false);
            for (Future<?> writer : writers) {
                writer.get(60, TimeUnit.SECONDS);
            }
            // every watcher sees every acknowledged write, in resourceVersion order
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (watchers.stream().anyMatch(w -> !w.seen.keySet().containsAll(acknowledged.keySet()))
                    && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            for (Watcher watcher : watchers) {
                assertThat(watcher.problems).isEmpty();
                Set<String> missing = new java.util.TreeSet<>(acknowledged.keySet());
                missing.removeAll(watcher.seen.keySet());
                assertThat(missing)
                        .as("acknowledged writes a watcher never saw")
                        .isEmpty();
                acknowledged.forEach((write, rv) ->
                        assertThat(watcher.seen.get(write)).as(write).isEqualTo(rv));
            }
            // attackers end their last connection within its timeout
            for (Future<?> task : tasks.subList(watchers.size(), tasks.size())) {
                task.get(60, TimeUnit.SECONDS);
            }
        } finally {
            loading.set(false);
            watchers.forEach(Watcher::close);
            pool.shutdownNow();
        }

        stretch = cpu.stretch();
        System.out.printf(
                "soak: %d acknowledged writes, %d requests met a GOAWAY, %d fresh connections met the header timeout "
                        + "before their answer; a runnable thread of this test waited for a core %.1f times as long "
                        + "as it ran (median of %d samples, 1.0 on an idle machine), load average %s%n",
                acknowledged.size(), goaways.get(), headerTimeouts.get(), stretch, cpu.samples(), loadAverage());
        long median = percentile(underLoad, 50);
        long p99 = percentile(underLoad, 99);
        long slowest = percentile(underLoad, 100);
        System.out.printf(
                "readyz: baseline median %d µs, p99 %d µs; under load median %d µs, p99 %d µs, max %d µs "
                        + "(%d probes)%n",
                percentile(baseline, 50), percentile(baseline, 99), median, p99, slowest, underLoad.size());
        Duration lateClose = closes.stream()
                .map(c -> c.took().minus(c.timeout()))
                .max(Duration::compareTo)
                .orElse(Duration.ZERO);
        System.out.printf(
                "closes: %d attacking connections closed, the latest %d ms after its timeout%n",
                closes.size(), lateClose.toMillis());
        assertThat(violations).isEmpty();
        // the server kept taking writes: 10 a second when it has the cores (100+ are acknowledged on an idle
        // machine), fewer in proportion when this test waits for them
        assertThat(acknowledged.size()).as("writes acknowledged").isGreaterThanOrEqualTo((int) (300 / stretch));
        // every acknowledged write is stored: each object at least at the revision of its last acknowledged write
        Map<String, Long> lastWrite = new ConcurrentHashMap<>();
        acknowledged.forEach((write, rv) -> lastWrite.merge(write.substring(0, write.indexOf('@')), rv, Math::max));
        Map<String, Long> stored = new java.util.HashMap<>();
        for (JsonNode item : admin.get(configMaps).json().path("items")) {
            stored.put(
                    item.path("metadata").path("name").asText(),
                    item.path("metadata").path("resourceVersion").asLong());
        }
        // (a write that met a GOAWAY may have been applied unacknowledged: stored may be newer, never older)
        lastWrite.forEach(
                (name, rv) -> assertThat(stored.get(name)).as(name).isNotNull().isGreaterThanOrEqualTo(rv));

        // health under load, and every attacking connection closed in time
        assertThat(underLoad).hasSizeGreaterThan(20);
        assertThat(Duration.ofNanos(median * 1000)).as("/readyz median").isLessThanOrEqualTo(stretched(READY_MEDIAN));
        assertThat(Duration.ofNanos(p99 * 1000)).as("/readyz p99").isLessThanOrEqualTo(stretched(READY_P99));
        assertThat(Duration.ofNanos(slowest * 1000)).as("slowest /readyz").isLessThanOrEqualTo(stretched(READY_MAX));
        for (Closed closed : closes) {
            assertThat(closed.took())
                    .as("%s closed (timeout %s)", closed.kind(), closed.timeout())
                    .isLessThanOrEqualTo(closed.timeout().plus(stretched(CLOSE_SLACK)));
        }
        assertThat(server.isAlive()).isTrue();
        assertThat(log()).doesNotContain("OutOfMemoryError");
    }

    /** The attacking connections, each kind on its own threads: two waves, and anonymous bodies throughout. */
    private List<Future<?>> attackers(ExecutorService pool) {
        List<Future<?>> tasks = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            tasks.add(pool.submit(() -> twice("silent TLS", this::silentAfterHandshake)));
            tasks.add(pool.submit(() -> twice("slowloris", this::slowloris)));
        }
        for (int i = 0; i < 10; i++) {
            tasks.add(pool.submit(() -> twice("no handshake", this::silentTcp)));
            tasks.add(pool.submit(() -> twice("idle keep-alive", this::idleAfterRequest)));
        }
        for (int i = 0; i < 5; i++) {
            tasks.add(pool.submit(() -> {
                while (loading.get()) {
                    attack("anonymous body", this::anonymousLargeBody);
                    try {
                        Thread.sleep(ANONYMOUS_PAUSE.toMillis());
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }));
        }
        return tasks;
    }

    private interface Attack {
        void run() throws Exception;
    }

    /** An attack at the start of the load, and again half-way through it. */
    private void twice(String kind, Attack attack) {
        long start = System.nanoTime();
        try {
            // spread over the first two seconds: a burst of handshakes would only measure the handshakes
            Thread.sleep(java.util.concurrent.ThreadLocalRandom.current().nextInt(2_000));
        } catch (InterruptedException e) {
            return;
        }
        attack(kind, attack);
        long halfWay = start + LOAD.toNanos() / 2 - System.nanoTime();
        if (halfWay > 0) {
            try {
                Thread.sleep(TimeUnit.NANOSECONDS.toMillis(halfWay));
            } catch (InterruptedException e) {
                return;
            }
        }
        attack(kind, attack);
    }

    private void attack(String kind, Attack attack) {
        try {
            attack.run();
        } catch (Exception e) {
            violations.add(kind + ": " + e);
        }
    }

    /** A TLS handshake, then nothing: closed after the header timeout. */
    private void silentAfterHandshake() throws Exception {
        long start = System.nanoTime();
        try (SSLSocket socket = anonymousSocket()) {
            socket.startHandshake();
            expectClosed("silent TLS", socket, start, HEADER_TIMEOUT);
        }
    }

    /** A TCP connection that never starts TLS: the handshake gets the header timeout. */
    private void silentTcp() throws Exception {
        long start = System.nanoTime();
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            expectClosed("no handshake", socket, start, HEADER_TIMEOUT);
        }
    }

    /** Headers trickled a line at a time, never finished: cut off after the header timeout. */
    private void slowloris() throws Exception {
        long start = System.nanoTime();
        try (SSLSocket socket = anonymousSocket()) {
            socket.startHandshake();
            try {
                RawHttp.send(socket, "GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
                for (int i = 0; ; i++) {
                    Thread.sleep(300);
                    RawHttp.send(socket, "X-Slow-" + i + ": x\r\n");
                    if (Duration.ofNanos(System.nanoTime() - start).compareTo(HEADER_TIMEOUT.plus(GIVE_UP)) > 0) {
                        violations.add("slowloris: still open after " + elapsed(start));
                        return;
                    }
                }
            } catch (IOException closed) {
                // a write after the server closed: the last writes may be 2 × 300 ms late
                checkWithin("slowloris", start, HEADER_TIMEOUT.plusMillis(600));
            }
        }
    }

    /** One request answered, then a silent keep-alive connection: closed after the idle timeout. */
    private void idleAfterRequest() throws Exception {
        long start = System.nanoTime();
        try (SSLSocket socket = anonymousSocket()) {
            socket.startHandshake();
            RawHttp.send(socket, "GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            RawHttp.Answer answer = answerOrHeaderTimeout("idle keep-alive", socket, start);
            if (answer == null) {
                return;
            }
            if (answer.status() != 200) {
                violations.add("idle keep-alive: /readyz answered " + answer.status());
            }
            expectClosed("idle keep-alive", socket, System.nanoTime(), IDLE_TIMEOUT);
        }
    }

    /** An anonymous POST of 3 MiB sent slowly: refused from its headers, nothing buffered, the connection closed. */
    private void anonymousLargeBody() throws Exception {
        long start = System.nanoTime();
        try (SSLSocket socket = anonymousSocket()) {
            socket.setSoTimeout(30_000);
            RawHttp.send(
                    socket,
                    "POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                            + "Content-Type: application/json\r\nContent-Length: " + BODY + "\r\n\r\n");
            Thread sender = new Thread(() -> {
                byte[] chunk = new byte[64 * 1024];
                java.util.Arrays.fill(chunk, (byte) ' ');
                try {
                    for (int sent = 0; sent < BODY; sent += chunk.length) {
                        socket.getOutputStream().write(chunk);
                        Thread.sleep(100);
                    }
                } catch (IOException | InterruptedException e) {
                    // closed by the server, which did not want the body
                }
            });
            sender.setDaemon(true);
            sender.start();
            RawHttp.Answer answer = answerOrHeaderTimeout("anonymous body", socket, start);
            if (answer != null && (answer.status() != 403 || !RawHttp.closedByPeer(socket))) {
                violations.add("anonymous body: " + answer.status() + " " + answer.headers());
            }
        }
    }

    /**
     * The answer to the request just sent, or null when the server closed the connection first, which it may only
     * once the header timeout has passed since the connection opened (handshakes queue up under this load).
     */
    private RawHttp.Answer answerOrHeaderTimeout(String kind, SSLSocket socket, long start) {
        try {
            return RawHttp.read(socket);
        } catch (IOException e) {
            headerTimeouts.incrementAndGet();
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            if (took.compareTo(HEADER_TIMEOUT.minusMillis(100)) < 0) {
                violations.add(kind + ": closed without an answer after " + took);
            }
            return null;
        }
    }

    /** Waits for the server to close {@code socket}; it must within {@code timeout} of {@code start}. */
    private void expectClosed(String kind, Socket socket, long start, Duration timeout) throws IOException {
        socket.setSoTimeout((int) timeout.plus(GIVE_UP).toMillis());
        try {
            if (socket.getInputStream().read() != -1) {
                violations.add(kind + ": the server sent data");
                return;
            }
        } catch (java.net.SocketTimeoutException e) {
            violations.add(kind + ": still open after " + elapsed(start));
            return;
        } catch (IOException e) {
            // closed or reset (a TLS close without close_notify): closed either way
        }
        checkWithin(kind, start, timeout);
    }

    /** Records how long the server took to close a connection; checked against its timeout at the end. */
    private void checkWithin(String kind, long start, Duration timeout) {
        closes.add(new Closed(kind, Duration.ofNanos(System.nanoTime() - start), timeout));
    }

    private Duration stretched(Duration limit) {
        return Duration.ofNanos((long) (limit.toNanos() * Math.max(1, stretch)));
    }

    private static String elapsed(long start) {
        return Duration.ofNanos(System.nanoTime() - start).toString();
    }

    /**
     * Creates ConfigMaps, and updates every third one again, until the load ends; records each acknowledged write
     * as {@code name@rv} with its resourceVersion. Any other answer is a finding: the server had room for them.
     */
    private void write(TestClient client, String configMaps, String writer, Map<String, Long> acknowledged) {
        for (int n = 0; loading.get(); n++) {
            String name = writer + "-" + n;
            TestClient.Response created;
            try {
                created = client.post(configMaps, configMap(name, 0));
            } catch (java.io.UncheckedIOException e) {
                goaways.incrementAndGet();
                continue;
            }
            if (created.status() != 201) {
                violations.add("create " + name + ": " + created.status() + " " + created.body());
                continue;
            }
            long rv = created.json().path("metadata").path("resourceVersion").asLong();
            acknowledged.put(name + "@" + rv, rv);
            if (n % 3 == 0) {
                ObjectNode changed = (ObjectNode) created.json();
                ((ObjectNode) changed.path("data")).put("generation", "1");
                TestClient.Response updated;
                try {
                    updated = client.put(configMaps + "/" + name, changed);
                } catch (java.io.UncheckedIOException e) {
                    goaways.incrementAndGet();
                    continue;
                }
                if (updated.status() != 200) {
                    violations.add("update " + name + ": " + updated.status() + " " + updated.body());
                    continue;
                }
                long newRv =
                        updated.json().path("metadata").path("resourceVersion").asLong();
                acknowledged.put(name + "@" + newRv, newRv);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** A ConfigMap as an application keeps its settings. */
    private static ObjectNode configMap(String name, int generation) {
        ObjectNode obj = Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        obj.putObject("metadata").put("name", name).putObject("labels").put("app", "soak");
        obj.putObject("data")
                .put("generation", Integer.toString(generation))
                .put("settings.yaml", "replicas: 3\nlogLevel: info\n");
        return obj;
    }

    /**
     * One {@code /readyz}, in microseconds; anything but 200 is a finding. A probe whose connection the server
     * closed (a GOAWAY of an idle connection, when this JVM had no core for longer than the idle timeout; a fresh
     * connection whose handshake queued past the header timeout) is sent again, as client-go retries, up to three
     * times, and counted.
     */
    private long probe(TestClient prober) {
        long start = System.nanoTime();
        TestClient.Response answer = null;
        for (int attempt = 0; answer == null; attempt++) {
            try {
                answer = prober.get("/readyz");
            } catch (java.io.UncheckedIOException e) {
                goaways.incrementAndGet();
                if (attempt == 2) {
                    throw e;
                }
            }
        }
        long took = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - start);
        if (answer.status() != 200) {
            violations.add("/readyz answered " + answer.status() + ": " + answer.body());
        }
        return took;
    }

    private static long percentile(List<Long> values, int p) {
        List<Long> sorted;
        synchronized (values) {
            sorted = new ArrayList<>(values);
        }
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, sorted.size() * p / 100));
    }

    /** One watch: the resourceVersion of each write it saw ({@code name@rv}), and what was out of order. */
    private static final class Watcher {
        private final HttpResponse<Stream<String>> stream;
        final Map<String, Long> seen = new ConcurrentHashMap<>();
        final List<String> problems = new CopyOnWriteArrayList<>();
        private long last;

        Watcher(HttpResponse<Stream<String>> stream) {
            assertThat(stream.statusCode()).isEqualTo(200);
            this.stream = stream;
        }

        void follow() {
            try {
                stream.body().forEach(line -> {
                    JsonNode event = Json.readTree(line.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    JsonNode meta = event.path("object").path("metadata");
                    long rv = meta.path("resourceVersion").asLong();
                    String type = event.path("type").asText();
                    if (!type.equals("ADDED") && !type.equals("MODIFIED")) {
                        problems.add("unexpected event " + line);
                    } else if (rv <= last) {
                        problems.add("resourceVersion " + rv + " after " + last);
                    }
                    last = rv;
                    seen.put(meta.path("name").asText() + "@" + rv, rv);
                });
            } catch (RuntimeException e) {
                // closed at the end of the test
            }
        }

        void close() {
            stream.body().close();
        }
    }

    private static TestClient admin() {
        return TestClient.withCertificate(
                baseUrl, servingCa, clientCa.issueClient("admin", List.of("system:masters"), Duration.ofHours(1)));
    }

    /** A TLS connection trusting the serving CA, presenting no certificate. */
    private static SSLSocket anonymousSocket() throws Exception {
        // a context of its own: no session to resume, each connection a full handshake
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(null, attackerTrust, null);
        SSLSocket socket = (SSLSocket) ssl.getSocketFactory().createSocket("127.0.0.1", port);
        socket.setSoTimeout(30_000);
        return socket;
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String log() {
        try {
            return Files.readString(dir.resolve("server.log"));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /**
     * How much longer than its CPU time a runnable thread of this test takes while the load runs: every 100 ms it
     * spins for 2 ms of CPU and divides the wall time that took by 2 ms. 1 on a machine with a free core; under
     * other builds it is the factor by which every thread of this test and of its server (scheduled alike) is slowed,
     * the server's event loop included. Costs about 2% of a core.
     */
    static final class CpuMeter {
        private static final long SPIN_NANOS = TimeUnit.MILLISECONDS.toNanos(2);
        private final List<Double> ratios = new CopyOnWriteArrayList<>();

        void measureWhile(AtomicBoolean running) {
            java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
            while (running.get()) {
                long wallStart = System.nanoTime();
                long cpuStart = threads.getCurrentThreadCpuTime();
                long cpu;
                do {
                    cpu = threads.getCurrentThreadCpuTime() - cpuStart;
                } while (cpu < SPIN_NANOS);
                ratios.add((double) (System.nanoTime() - wallStart) / cpu);
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        /** The median ratio, at least 1. */
        double stretch() {
            List<Double> sorted = new ArrayList<>(ratios);
            if (sorted.isEmpty()) {
                return 1;
            }
            Collections.sort(sorted);
            return Math.max(1, sorted.get(sorted.size() / 2));
        }

        int samples() {
            return ratios.size();
        }
    }
}

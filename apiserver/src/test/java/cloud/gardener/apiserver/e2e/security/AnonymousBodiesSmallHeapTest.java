package cloud.gardener.apiserver.e2e.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The attack of the hardening review against the real command in a child JVM with a small heap: a hundred anonymous
 * connections each posting a 3 MiB body slowly. Nothing of those bodies is buffered (they are refused from their headers
 * alone), so the server stays within 128 MiB without an OutOfMemoryError, {@code /readyz} answers fast throughout,
 * and every connection is closed.
 */
@Tag("integration")
class AnonymousBodiesSmallHeapTest {

    private static final int CONNECTIONS = 100;
    private static final int BODY = 3 * 1024 * 1024;

    private static Process server;
    /** The server's data directory and log; JUnit deletes it after {@link #stopServer()}. */
    @TempDir
    static Path dir;

    private static int port;

    @BeforeAll
    static void startServer() throws Exception {
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        server = new ProcessBuilder(
                        java,
                        "-Xmx128m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "cloud.gardener.apiserver.server.Main",
                        "--data-dir",
                        dir.toString(),
                        "--secure-port",
                        Integer.toString(port),
                        "--bind-address",
                        "127.0.0.1",
                        "--log-format",
                        "text")
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("server.log").toFile())
                .start();
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (!ready()) {
            assertThat(server.isAlive()).as("server running; log:%n%s", log()).isTrue();
            assertThat(System.nanoTime()).as("server ready within 120 s").isLessThan(deadline);
            Thread.sleep(500);
        }
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
    void hundredsOfAnonymousMegabyteBodiesDoNotExhaustASmallHeap() throws Exception {
        ExecutorService senders = Executors.newFixedThreadPool(CONNECTIONS);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < CONNECTIONS; i++) {
                answers.add(senders.submit(AnonymousBodiesSmallHeapTest::postLargeBody));
            }
            for (Future<Integer> answer : answers) {
                assertThat(answer.get(60, TimeUnit.SECONDS)).isEqualTo(403);
            }
            // the slow bodies would still be arriving now: health answers as fast as ever
            for (int i = 0; i < 10; i++) {
                long start = System.nanoTime();
                assertThat(readyz()).isEqualTo("200");
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
                Thread.sleep(200);
            }
        } finally {
            senders.shutdownNow();
        }
        assertThat(server.isAlive()).isTrue();
        assertThat(log()).doesNotContain("OutOfMemoryError");
    }

    /** Sends the head, then slowly as much of the body as the server takes; the status, once the server closed. */
    private static Integer postLargeBody() throws Exception {
        try (SSLSocket socket = socket()) {
            socket.setSoTimeout(30_000);
            RawHttp.send(
                    socket,
                    "POST /apis/core.gardener.cloud/v1beta1/namespaces/garden/shoots HTTP/1.1\r\n"
                            + "Host: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " + BODY
                            + "\r\n\r\n");
            Thread writer = new Thread(() -> {
                byte[] chunk = new byte[64 * 1024];
                java.util.Arrays.fill(chunk, (byte) 'x');
                try {
                    for (int sent = 0; sent < BODY; sent += chunk.length) {
                        socket.getOutputStream().write(chunk);
                        Thread.sleep(100); // a slow client: the whole body takes about 5 s
                    }
                } catch (IOException | InterruptedException e) {
                    // the server closed the connection: it did not want the body
                }
            });
            writer.setDaemon(true);
            writer.start();
            RawHttp.Answer answer = RawHttp.read(socket);
            assertThat(answer.headers()).containsEntry("connection", "close");
            assertThat(RawHttp.closedByPeer(socket)).isTrue();
            return answer.status();
        }
    }

    private static boolean ready() {
        return "200".equals(readyz());
    }

    /** The status of {@code /readyz}, or why there is none. */
    private static String readyz() {
        try (SSLSocket socket = socket()) {
            socket.setSoTimeout(10_000);
            RawHttp.send(socket, "GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            RawHttp.Answer answer = RawHttp.read(socket);
            return answer.status() == 200 ? "200" : answer.status() + " " + answer.body();
        } catch (Exception e) {
            return e.toString();
        }
    }

    /** A TLS connection trusting any certificate: the server generated its own. */
    private static SSLSocket socket() throws Exception {
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(null, InsecureTrustManagerFactory.INSTANCE.getTrustManagers(), null);
        return (SSLSocket) ssl.getSocketFactory().createSocket("127.0.0.1", port);
    }

    private static String log() {
        try {
            return Files.readString(dir.resolve("server.log"));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}

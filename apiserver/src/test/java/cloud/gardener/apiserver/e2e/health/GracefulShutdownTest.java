package cloud.gardener.apiserver.e2e.health;

import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.server.RequestLimits;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import io.vertx.core.Future;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * kube-apiserver's graceful shutdown on SIGTERM ({@link cloud.gardener.apiserver.server.ApiServer#shutdown}):
 * readyz fails first, requests are still served during --shutdown-delay-duration, then the listener closes,
 * a request in flight is still answered, and watches end once it was.
 */
@Tag("integration")
class GracefulShutdownTest {

    private static final Duration DELAY = Duration.ofSeconds(3);

    @RegisterExtension
    static final ApiServerExtension SERVER =
            new ApiServerExtension(Fixtures::withoutShootGardenChecks).withLimits(new RequestLimits(400, 200, DELAY));

    @Test
    void readyzFailsFirstThenTheListenerClosesAndInFlightRequestsAndWatchesEnd() throws Exception {
        TestClient admin = SERVER.admin();
        String ns = createProjectNamespace(admin, "shutdown");
        create(admin, shoots(ns), shootObject("a"));
        // HTTP/1.1 on purpose: the JDK client drops every stream of an HTTP/2 connection on GOAWAY
        try (SSLSocket watch = rawConnection();
                SSLSocket held = rawConnection()) {
            send(watch, "GET " + shoots(ns) + "?watch=true HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            BufferedReader events = reader(watch);
            assertThat(events.readLine()).isEqualTo("HTTP/1.1 200 OK");
            String line;
            do {
                line = events.readLine();
            } while (!line.contains("\"ADDED\""));
            // a request in flight: its body is only half sent
            String body = Json.toJson(shootObject("b"));
            send(
                    held,
                    "POST " + shoots(ns) + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                            + "Content-Length: " + body.length() + "\r\n\r\n" + body.substring(0, 10));
            assertThat(admin.get("/readyz").status()).isEqualTo(200);

            Future<Void> shutdown = SERVER.server().shutdown();

            // readyz fails at once, but requests are still served during the delay
            TestClient.Response ready = admin.get("/readyz?verbose");
            assertThat(ready.status()).isEqualTo(500);
            assertThat(ready.body())
                    .contains("[+]informer-sync ok\n", "[-]shutdown failed: reason withheld\n")
                    .endsWith("readyz check failed\n");
            assertThat(admin.get("/readyz/shutdown").body())
                    .isEqualTo("internal server error: process is shutting down\n");
            assertThat(admin.get("/livez").status()).isEqualTo(200);
            assertThat(admin.get(shoots(ns) + "/a").status()).isEqualTo(200);

            // after the delay the listener closes; the held request keeps the watch open meanwhile
            awaitRefused();
            assertThat(shutdown.isComplete()).isFalse();
            assertStillOpen(watch, events);

            send(held, body.substring(10));
            BufferedReader answer = reader(held);
            assertThat(answer.readLine()).isEqualTo("HTTP/1.1 201 Created");

            // the watch then ends cleanly: the chunked stream's last chunk, and the connection closes
            do {
                line = events.readLine();
            } while (line != null && !line.equals("0"));
            assertThat(line).as("last chunk of the watch").isEqualTo("0");
            shutdown.toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
        }
    }

    /** Reads what is pending; the stream must not end (the last chunk, "0", or EOF) before reading blocks. */
    private static void assertStillOpen(SSLSocket watch, BufferedReader events) throws IOException {
        watch.setSoTimeout(300);
        try {
            while (true) {
                String line = events.readLine();
                assertThat(line).as("the watch is still open").isNotNull().isNotEqualTo("0");
            }
        } catch (SocketTimeoutException expected) {
            // nothing more to read: open
        } finally {
            watch.setSoTimeout(30_000);
        }
    }

    private static void send(SSLSocket socket, String text) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static BufferedReader reader(SSLSocket socket) throws IOException {
        return new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
    }

    /** An HTTP/1.1 connection as {@code admin} (system:masters). */
    private static SSLSocket rawConnection() throws Exception {
        return SERVER.http1Connection("admin", List.of("system:masters"));
    }

    /** Waits (bounded) until new connections are refused: the listener is closed. */
    private static void awaitRefused() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try {
                new Socket(InetAddress.getLoopbackAddress(), SERVER.port()).close();
                Thread.sleep(50);
            } catch (ConnectException e) {
                return;
            } catch (IOException e) {
                // reset while closing: try again
            }
        }
        throw new AssertionError("the listener did not close");
    }
}

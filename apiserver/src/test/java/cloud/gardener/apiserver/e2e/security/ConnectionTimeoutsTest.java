package cloud.gardener.apiserver.e2e.security;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.server.RequestLimits;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Connections that hold the server without asking are closed as kube-apiserver's http.Server closes them (here
 * with short timeouts): trickled headers (slowloris) and silent TLS connections after the header timeout, kept-alive
 * connections after the idle timeout; a request in flight (a watch) is never cut by them.
 */
@Tag("integration")
class ConnectionTimeoutsTest {

    private static final Duration HEADER = Duration.ofSeconds(1);
    private static final Duration IDLE = Duration.ofSeconds(2);

    @RegisterExtension
    static final ApiServerExtension SERVER =
            new ApiServerExtension().withLimits(RequestLimits.DEFAULT.withConnectionTimeouts(HEADER, IDLE));

    @Test
    void slowlorisHeadersAreCutOffAfterTheHeaderTimeout() throws Exception {
        List<SSLSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < 50; i++) {
                SSLSocket socket = SERVER.anonymousTlsSocket();
                socket.startHandshake();
                RawHttp.send(socket, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
                sockets.add(socket);
            }
            long start = System.nanoTime();
            boolean[] closed = new boolean[sockets.size()];
            int open = sockets.size();
            // until every connection is closed, at most 6 s (6 header timeouts)
            while (open > 0 && Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofSeconds(6)) < 0) {
                for (int i = 0; i < sockets.size(); i++) {
                    if (!closed[i]) {
                        try {
                            RawHttp.send(sockets.get(i), "X");
                        } catch (IOException e) {
                            closed[i] = true;
                            open--;
                        }
                    }
                }
                Thread.sleep(200);
            }
            for (boolean c : closed) {
                assertThat(c).isTrue();
            }
            assertThat(SERVER.anonymous().get("/readyz").status()).isEqualTo(200);
        } finally {
            for (SSLSocket s : sockets) {
                s.close();
            }
        }
    }

    @Test
    void aSilentTlsConnectionIsClosedAfterTheHeaderTimeout() throws Exception {
        try (SSLSocket socket = SERVER.anonymousTlsSocket()) {
            socket.startHandshake();
            socket.setSoTimeout(5_000);
            long start = System.nanoTime();
            assertThat(RawHttp.closedByPeer(socket)).isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(HEADER.minusMillis(200));
        }
    }

    @Test
    void aKeptAliveConnectionIsClosedAfterTheIdleTimeout() throws Exception {
        try (SSLSocket socket = SERVER.anonymousTlsSocket()) {
            socket.setSoTimeout(6_000);
            RawHttp.send(socket, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            assertThat(RawHttp.read(socket).status()).isEqualTo(200);
            long start = System.nanoTime();
            assertThat(RawHttp.closedByPeer(socket)).isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(IDLE.minusMillis(300));
        }
    }

    @Test
    void theIdleTimeoutCountsFromTheLastRequestNotTheFirst() throws Exception {
        try (SSLSocket socket = SERVER.anonymousTlsSocket()) {
            socket.setSoTimeout(8_000);
            RawHttp.send(socket, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            assertThat(RawHttp.read(socket).status()).isEqualTo(200);
            // the timer set after the first request fires while the connection has been idle for less than IDLE
            Thread.sleep(IDLE.toMillis() * 3 / 4);
            RawHttp.send(socket, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            assertThat(RawHttp.read(socket).status()).isEqualTo(200);
            long start = System.nanoTime();
            assertThat(RawHttp.closedByPeer(socket)).isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(IDLE.minusMillis(300));
        }
    }

    @Test
    void aWatchOutlivesTheIdleTimeout() throws Exception {
        try (SSLSocket socket = SERVER.http1Connection("admin", List.of("system:masters"))) {
            socket.setSoTimeout(10_000);
            RawHttp.send(socket, """
                    GET /apis/core.gardener.cloud/v1beta1/namespaces/garden/shoots?watch=1 HTTP/1.1\r
                    Host: 127.0.0.1\r
                    \r
                    """);
            // a second beyond the idle timeout: a connection closed by it would be gone by then
            Thread.sleep(IDLE.plusSeconds(1).toMillis());
            byte[] head = new byte[12];
            new java.io.DataInputStream(socket.getInputStream()).readFully(head);
            assertThat(new String(head, java.nio.charset.StandardCharsets.US_ASCII))
                    .isEqualTo("HTTP/1.1 200");
            socket.setSoTimeout(500);
            assertThat(RawHttp.closedByPeer(socket)).isFalse();
        }
    }

    @Test
    void aBusyHttp2ConnectionOutlivesBothTimeouts() throws Exception {
        TestClient client = SERVER.anonymous();
        // twice the longer timeout: either would have fired on a connection it applied to
        long end = System.nanoTime() + IDLE.multipliedBy(2).toNanos();
        while (System.nanoTime() < end) {
            // one connection (HTTP/2), never idle for long: no GOAWAY, so no request fails
            assertThat(client.get("/readyz").status()).isEqualTo(200);
            Thread.sleep(100);
        }
    }
}

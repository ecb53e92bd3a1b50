package cloud.gardener.apiserver.e2e.security;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.server.RequestLimits;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Request heads as large as kube-apiserver takes them (Go's {@code MaxHeaderBytes} of 1 MiB: long bearer tokens,
 * many impersonation extras), Go's 431 beyond, and the memory heads hold before authentication bounded by the
 * body budget.
 */
@Tag("integration")
class RequestHeadsTest {

    /** Go's limit for a whole HTTP/1.x head: 1 MiB and 4096 bytes. */
    private static final int GO_LIMIT = (1 << 20) + 4096;

    private static final long BUDGET = 1 << 20;

    @RegisterExtension
    static final ApiServerExtension SERVER =
            new ApiServerExtension().withLimits(RequestLimits.DEFAULT.withBodyBytesInFlight(BUDGET));

    @Test
    void aHalfMegabyteHeaderIsServedOverHttp1() throws Exception {
        try (SSLSocket socket = SERVER.anonymousTlsSocket()) {
            RawHttp.send(
                    socket,
                    "GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Token: " + "t".repeat(512 * 1024) + "\r\n\r\n");
            assertThat(RawHttp.read(socket).status()).isEqualTo(200);
        }
    }

    @Test
    void aHalfMegabyteHeaderIsServedOverHttp2() {
        TestClient.Response answer = SERVER.anonymous().get("/readyz", Map.of("X-Token", "t".repeat(512 * 1024)));
        assertThat(answer.status()).isEqualTo(200);
    }

    @Test
    void headersJustWithinGosLimitAreServed() throws Exception {
        String start = "GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n";
        // header lines of 64 KiB each, up to just under the limit for the whole head
        StringBuilder head = new StringBuilder(start);
        for (int i = 0; head.length() + 70_000 < GO_LIMIT - 8192; i++) {
            head.append("X-Extra-")
                    .append(i)
                    .append(": ")
                    .append("v".repeat(64 * 1024))
                    .append("\r\n");
        }
        try (SSLSocket socket = SERVER.anonymousTlsSocket()) {
            RawHttp.send(socket, head.append("\r\n").toString());
            assertThat(RawHttp.read(socket).status()).isEqualTo(200);
        }
    }

    @Test
    void headersOverGosLimitAreAnswered431AndTheConnectionClosed() throws Exception {
        try (SSLSocket socket = SERVER.anonymousTlsSocket()) {
            socket.setSoTimeout(10_000);
            RawHttp.send(
                    socket, "GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Token: " + "t".repeat(GO_LIMIT) + "\r\n\r\n");
            RawHttp.Answer answer = RawHttp.readUntilClosed(socket);
            assertThat(answer.status()).isEqualTo(431);
            assertThat(answer.headers())
                    .containsEntry("content-type", "text/plain; charset=utf-8")
                    .containsEntry("connection", "close");
            assertThat(answer.body()).isEqualTo("431 Request Header Fields Too Large");
        }
    }

    @Test
    void aRequestLineOverGosLimitIsAnswered431() throws Exception {
        try (SSLSocket socket = SERVER.anonymousTlsSocket()) {
            socket.setSoTimeout(10_000);
            RawHttp.send(socket, "GET /readyz?x=" + "q".repeat(GO_LIMIT) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            RawHttp.Answer answer = RawHttp.readUntilClosed(socket);
            assertThat(answer.status()).isEqualTo(431);
            assertThat(answer.body()).isEqualTo("431 Request Header Fields Too Large");
        }
    }

    @Test
    void aLongRequestLineWithinTheLimitIsServed() throws Exception {
        try (SSLSocket socket = SERVER.anonymousTlsSocket()) {
            RawHttp.send(socket, "GET /readyz?x=" + "q".repeat(100 * 1024) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            assertThat(RawHttp.read(socket).status()).isEqualTo(200);
        }
    }

    @Test
    void aHeaderListOverTheHttp2LimitIsAnswered431() {
        TestClient.Response answer = SERVER.anonymous().get("/readyz", Map.of("X-Token", "t".repeat(GO_LIMIT)));
        assertThat(answer.status()).isEqualTo(431);
    }

    @Test
    void unfinishedLargeHeadsOfManyConnectionsFindTheBudgetFull() throws Exception {
        // eight connections each holding 256 KiB of an unfinished head: 2 MiB, twice the budget
        List<SSLSocket> sockets = new ArrayList<>();
        int refused = 0;
        try {
            List<SSLSocket> sent = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                SSLSocket socket = SERVER.anonymousTlsSocket();
                sockets.add(socket);
                try {
                    RawHttp.send(
                            socket, "GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Token: " + "t".repeat(256 * 1024));
                    sent.add(socket);
                } catch (IOException closedWhileSending) {
                    // refused before the whole 256 KiB were out (its 431 may be lost in the reset)
                    refused++;
                }
            }
            // one 2 s wait for all: the refusals happened while the heads were sent, their answers are under way
            long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            for (SSLSocket socket : sent) {
                socket.setSoTimeout((int) Math.max(500, (deadline - System.nanoTime()) / 1_000_000));
                try {
                    RawHttp.Answer answer = RawHttp.readUntilClosed(socket);
                    assertThat(answer.status()).isEqualTo(431);
                    refused++;
                } catch (java.net.SocketTimeoutException stillWaiting) {
                    // within the budget: the server waits for the rest of the head
                }
            }
            assertThat(refused).isBetween(3, 6);
            // the heads within the budget are served once complete
            for (SSLSocket socket : sockets) {
                if (!socket.isClosed()) {
                    try {
                        RawHttp.send(socket, "\r\n\r\n");
                    } catch (IOException closedByServer) {
                        // refused above: nothing to complete
                    }
                }
            }
        } finally {
            for (SSLSocket socket : sockets) {
                socket.close();
            }
        }
        // the refused and the closed connections gave their reservations back: a large head fits again
        try (SSLSocket socket = SERVER.anonymousTlsSocket()) {
            RawHttp.send(
                    socket,
                    "GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Token: " + "t".repeat(900 * 1024) + "\r\n\r\n");
            assertThat(RawHttp.read(socket).status()).isEqualTo(200);
        }
    }
}

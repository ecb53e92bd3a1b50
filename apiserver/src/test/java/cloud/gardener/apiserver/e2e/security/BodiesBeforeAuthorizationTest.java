package cloud.gardener.apiserver.e2e.security;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.server.RequestLimits;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * No body byte is buffered for a request that is not authorized, and bodies together stay within the server's
 * budget: an anonymous write is refused as soon as its headers are in (its 3 MB body never sent), a body that
 * would exceed the budget gets 429 before it is read, and a slow body is cut off by the request timeout.
 */
@Tag("integration")
class BodiesBeforeAuthorizationTest {

    private static final String SHOOTS = "/apis/core.gardener.cloud/v1beta1/namespaces/garden/shoots";
    private static final long BUDGET = 8L * 1024 * 1024;

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(
                    config -> config.requestTimeout(Duration.ofSeconds(3)))
            .withLimits(RequestLimits.DEFAULT.withBodyBytesInFlight(BUDGET));

    private static String post(String path, long contentLength) {
        return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
                + contentLength + "\r\n\r\n{\"kind\":";
    }

    @Test
    void anAnonymousWriteIsRefusedBeforeItsBodyArrivesAndItsConnectionClosed() throws Exception {
        try (SSLSocket socket = SERVER.anonymousTlsSocket()) {
            socket.setSoTimeout(5_000);
            RawHttp.send(socket, post(SHOOTS, 3_000_000));
            RawHttp.Answer answer = RawHttp.read(socket);
            assertThat(answer.status()).isEqualTo(403);
            assertThat(answer.body()).contains("\"reason\":\"Forbidden\"").contains("system:anonymous");
            assertThat(answer.headers()).containsEntry("connection", "close");
            assertThat(RawHttp.closedByPeer(socket)).isTrue();
        }
    }

    @Test
    void aRefusedRequestWithASmallBodyKeepsItsConnection() throws Exception {
        try (SSLSocket socket = SERVER.anonymousTlsSocket()) {
            socket.setSoTimeout(5_000);
            String body = "{\"kind\":\"Shoot\"}";
            RawHttp.send(
                    socket,
                    "POST " + SHOOTS + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                            + "Content-Length: " + body.length() + "\r\n\r\n" + body);
            assertThat(RawHttp.read(socket).status()).isEqualTo(403);
            RawHttp.send(socket, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            RawHttp.Answer next = RawHttp.read(socket);
            assertThat(next.status()).isEqualTo(200);
            assertThat(next.body()).isEqualTo("ok");
        }
    }

    @Test
    void bodiesBeyondTheServerWideBudgetAre429BeforeTheyAreReadAndTheBudgetComesBack() throws Exception {
        List<Socket> holding = new ArrayList<>();
        try {
            // two unfinished 3 MiB bodies of an authorized user hold 6 of the 8 MiB
            for (int i = 0; i < 2; i++) {
                SSLSocket socket = SERVER.http1Connection("admin", List.of("system:masters"));
                RawHttp.send(socket, post(SHOOTS, 3L * 1024 * 1024));
                holding.add(socket);
            }
            Thread.sleep(300);
            try (SSLSocket third = SERVER.http1Connection("admin", List.of("system:masters"))) {
                third.setSoTimeout(2_000);
                RawHttp.send(third, post(SHOOTS, 3L * 1024 * 1024));
                RawHttp.Answer refused = RawHttp.read(third);
                assertThat(refused.status()).isEqualTo(429);
                assertThat(refused.headers()).containsEntry("retry-after", "1");
            }
            assertThat(SERVER.anonymous().get("/readyz").status()).isEqualTo(200);
        } finally {
            for (Socket s : holding) {
                s.close();
            }
        }
        Thread.sleep(300);
        assertThat(SERVER.admin().get(SHOOTS).status()).isEqualTo(200);
        try (SSLSocket again = SERVER.http1Connection("admin", List.of("system:masters"))) {
            again.setSoTimeout(5_000);
            RawHttp.send(again, post(SHOOTS, 3L * 1024 * 1024));
            // admitted to the budget now: the server waits for the body (the request timeout ends the wait)
            RawHttp.Answer timedOut = RawHttp.read(again);
            assertThat(timedOut.status()).isEqualTo(504);
        }
    }

    @Test
    void aBodyOverTheLimitIs413BeforeItIsRead() throws Exception {
        try (SSLSocket socket = SERVER.http1Connection("admin", List.of("system:masters"))) {
            socket.setSoTimeout(5_000);
            RawHttp.send(socket, post(SHOOTS, 3L * 1024 * 1024 + 1));
            RawHttp.Answer answer = RawHttp.read(socket);
            assertThat(answer.status()).isEqualTo(413);
            assertThat(answer.body())
                    .contains("\"reason\":\"RequestEntityTooLarge\"")
                    .contains("Request entity too large: limit is 3145728");
        }
    }

    @Test
    void aSlowBodyIsCutOffByTheRequestTimeoutAndItsConnectionClosed() throws Exception {
        try (SSLSocket socket = SERVER.http1Connection("admin", List.of("system:masters"))) {
            socket.setSoTimeout(10_000);
            long start = System.nanoTime();
            RawHttp.send(socket, post(SHOOTS, 10_000));
            RawHttp.Answer answer = RawHttp.read(socket);
            assertThat(answer.status()).isEqualTo(504);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(6));
            assertThat(RawHttp.closedByPeer(socket)).isTrue();
        }
    }
}

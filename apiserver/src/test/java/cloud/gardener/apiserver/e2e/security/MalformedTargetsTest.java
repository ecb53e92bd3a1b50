package cloud.gardener.apiserver.e2e.security;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import java.util.List;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Request targets Go's server handles before kube-apiserver sees them are answered as Go answers them, never
 * with a 500 or a Java class name: a broken escape in the path is Go's plain-text 400 and a closed connection,
 * a broken query pair is dropped (as {@code URL.Query()} drops it), {@code OPTIONS *} is Go's empty 200, and a
 * CONNECT to an authority finds no handler (404). Form bodies are bytes like any other: 415, as for any media
 * type a resource does not take, and never decoded.
 */
@Tag("integration")
class MalformedTargetsTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static RawHttp.Answer ask(String requestLine, String extraHeaders, String body) throws Exception {
        try (SSLSocket socket = SERVER.http1Connection("admin", List.of("system:masters"))) {
            socket.setSoTimeout(10_000);
            RawHttp.send(
                    socket,
                    requestLine + "\r\nHost: 127.0.0.1\r\n" + extraHeaders
                            + (body == null ? "" : "Content-Length: " + body.length() + "\r\n") + "\r\n"
                            + (body == null ? "" : body));
            return RawHttp.read(socket);
        }
    }

    @Test
    void aBrokenEscapeInThePathIsGosPlainBadRequestAndTheConnectionCloses() throws Exception {
        try (SSLSocket socket = SERVER.http1Connection("admin", List.of("system:masters"))) {
            socket.setSoTimeout(10_000);
            RawHttp.send(socket, "GET /api/v1/namespaces/default/secrets/%%% HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            RawHttp.Answer answer = RawHttp.read(socket);
            assertThat(answer.status()).isEqualTo(400);
            assertThat(answer.body()).isEqualTo("400 Bad Request");
            assertThat(answer.headers())
                    .containsEntry("content-type", "text/plain; charset=utf-8")
                    .containsEntry("connection", "close");
            assertThat(RawHttp.closedByPeer(socket)).isTrue();
        }
    }

    @Test
    void aBrokenQueryPairIsDroppedAndTheOthersKept() throws Exception {
        RawHttp.Answer answer = ask("GET /api/v1/namespaces?a=%zz&limit=1&b=%4 HTTP/1.1", "", null);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body()).contains("\"kind\":\"NamespaceList\"");
        // limit=1 was kept: more namespaces exist than one, so the list is cut and continues
        assertThat(answer.body()).contains("\"continue\"");
        assertThat(ask("GET /healthz?verbose&x=% HTTP/1.1", "", null).body()).contains("[+]ping ok");
    }

    @Test
    void optionsStarIsGosEmpty200() throws Exception {
        RawHttp.Answer answer = ask("OPTIONS * HTTP/1.1", "", null);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body()).isEmpty();
    }

    @Test
    void connectToAnAuthorityFindsNoHandler() throws Exception {
        RawHttp.Answer answer = ask("CONNECT example.com:443 HTTP/1.1", "", null);
        assertThat(answer.status()).isEqualTo(404);
        assertThat(answer.body())
                .contains("\"reason\":\"NotFound\"")
                .doesNotContain("xception")
                .doesNotContain("java");
    }

    @Test
    void aLongFormBodyIsNotDecodedButRefusedAsAnUnsupportedMediaType() throws Exception {
        String form = "x=" + "a".repeat(5000) + "&y=" + "%zz".repeat(100);
        RawHttp.Answer answer =
                ask("POST /api/v1/namespaces HTTP/1.1", "Content-Type: application/x-www-form-urlencoded\r\n", form);
        assertThat(answer.status()).isEqualTo(415);
        assertThat(answer.body()).contains("\"reason\":\"UnsupportedMediaType\"");
    }
}

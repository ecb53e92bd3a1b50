package cloud.gardener.apiserver.e2e.security;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Upgrade requests ({@code Connection: Upgrade} with {@code websocket} or {@code SPDY/3.1}) on paths that do not
 * stream: kube-apiserver's handlers there never hijack the connection, so Go's server answers them as plain
 * requests: the usual status and body, no 101 and no {@code Upgrade} header, and the connection stays HTTP/1.1
 * (CVE-2018-1002105's lesson: an upgrade is either completed or not started, never half-done).
 */
@Tag("integration")
class UpgradeRequestsTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    @ParameterizedTest
    @CsvSource({
        "/healthz, websocket, text/plain; charset=utf-8",
        "/readyz, SPDY/3.1, text/plain; charset=utf-8",
        "/version, websocket, application/json",
        "/apis, SPDY/3.1, application/json",
        "/openapi/v2, websocket, application/json",
        "/apis/core.gardener.cloud/v1beta1/shoots, websocket, application/json",
        "/apis/core.gardener.cloud/v1beta1/shoots, SPDY/3.1, application/json"
    })
    void areAnsweredAsPlainRequestsOnAnUnchangedConnection(String path, String protocol, String contentType)
            throws Exception {
        try (SSLSocket socket = SERVER.http1Connection("admin", List.of("system:masters"))) {
            DataInputStream in = new DataInputStream(socket.getInputStream());
            send(
                    socket,
                    "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: " + protocol
                            + "\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                            + "X-Stream-Protocol-Version: v4.channel.k8s.io\r\n\r\n");
            Map<String, String> upgraded = readHead(in);
            assertThat(upgraded.get(":status")).isEqualTo("HTTP/1.1 200 OK");
            assertThat(upgraded).doesNotContainKey("upgrade");
            assertThat(upgraded.get("content-type")).isEqualTo(contentType);
            in.readFully(new byte[Integer.parseInt(upgraded.get("content-length"))]);

            // still plain HTTP/1.1: the next request on the connection is answered as one
            send(socket, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            Map<String, String> next = readHead(in);
            assertThat(next.get(":status")).isEqualTo("HTTP/1.1 200 OK");
            byte[] ok = new byte[Integer.parseInt(next.get("content-length"))];
            in.readFully(ok);
            assertThat(new String(ok, StandardCharsets.US_ASCII)).isEqualTo("ok");
        }
    }

    private static void send(SSLSocket socket, String request) throws IOException {
        socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
    }

    /** The status line (key {@code :status}) and the headers, names in lower case. */
    private static Map<String, String> readHead(DataInputStream in) throws IOException {
        Map<String, String> head = new LinkedHashMap<>();
        head.put(":status", line(in));
        for (String line = line(in); !line.isEmpty(); line = line(in)) {
            int colon = line.indexOf(':');
            head.put(
                    line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    line.substring(colon + 1).trim());
        }
        return head;
    }

    private static String line(DataInputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("connection closed after: " + sb);
            }
            if (c != '\r') {
                sb.append((char) c);
            }
        }
        return sb.toString();
    }
}

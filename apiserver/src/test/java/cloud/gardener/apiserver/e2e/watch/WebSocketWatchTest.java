package cloud.gardener.apiserver.e2e.watch;

import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketClientOptions;
import io.vertx.core.http.WebSocketConnectOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import java.io.DataInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Watches over WebSockets, as kube-apiserver serves them: 101, one event per message (text for JSON), the one
 * offered subprotocol echoed, the timeout closing the socket; read by Vert.x's WebSocket client and by Python's
 * websocket-client.
 */
@Tag("integration")
class WebSocketWatchTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static final String NS = "garden-ws";
    private static final String QUOTAS = "/apis/core.gardener.cloud/v1beta1/namespaces/" + NS + "/quotas";

    private static String quota(String name) {
        return "{\"apiVersion\":\"core.gardener.cloud/v1beta1\",\"kind\":\"Quota\",\"metadata\":{\"name\":\"" + name
                + "\"},\"spec\":{\"scope\":{\"apiVersion\":\"v1\",\"kind\":\"Secret\"},\"metrics\":{\"cpu\":\"1\"}}}";
    }

    @BeforeAll
    static void objects() {
        create(
                SERVER.admin(),
                "/api/v1/namespaces",
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":" + "{\"name\":\"" + NS + "\"}}");
        create(SERVER.admin(), QUOTAS, quota("before"));
    }

    private static WebSocketClient vertxClient() {
        IssuedCertificate admin =
                SERVER.clientCa().issueClient("admin", List.of("system:masters"), Duration.ofHours(1));
        return SERVER.vertx()
                .createWebSocketClient(new WebSocketClientOptions()
                        .setSsl(true)
                        .setTrustOptions(new PemTrustOptions()
                                .addCertValue(Buffer.buffer(SERVER.servingCa().certificatePem())))
                        .setKeyCertOptions(new PemKeyCertOptions()
                                .addCertValue(Buffer.buffer(admin.certificateChainPem()))
                                .addKeyValue(Buffer.buffer(admin.privateKeyPem()))));
    }

    @Test
    void vertxReadsOneEventPerTextMessage() throws Exception {
        WebSocketClient client = vertxClient();
        BlockingQueue<String> messages = new LinkedBlockingQueue<>();
        CompletableFuture<Short> closed = new CompletableFuture<>();
        // the handlers are set on the connection's event loop as it opens, before the initial events can arrive
        WebSocket ws = client.connect(new WebSocketConnectOptions()
                        .setHost("127.0.0.1")
                        .setPort(SERVER.port())
                        .setSsl(true)
                        .setURI(QUOTAS + "?watch=true&timeoutSeconds=5")
                        .addSubProtocol("binary.k8s.io"))
                .onSuccess(socket -> {
                    socket.textMessageHandler(messages::add);
                    socket.binaryMessageHandler(b -> messages.add("binary:" + b));
                    socket.closeHandler(v -> closed.complete(socket.closeStatusCode()));
                })
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        assertThat(ws.subProtocol()).isEqualTo("binary.k8s.io");

        JsonNode first = event(messages.poll(10, TimeUnit.SECONDS));
        assertThat(first.path("type").asText()).isEqualTo("ADDED");
        assertThat(first.path("object").path("metadata").path("name").asText()).isEqualTo("before");

        create(SERVER.admin(), QUOTAS, quota("during-vertx"));
        JsonNode second = event(messages.poll(10, TimeUnit.SECONDS));
        assertThat(second.path("type").asText()).isEqualTo("ADDED");
        assertThat(second.path("object").path("metadata").path("name").asText()).isEqualTo("during-vertx");

        // the watch's timeout closes the socket normally
        assertThat(closed.get(15, TimeUnit.SECONDS)).isEqualTo((short) 1000);
        client.close();
    }

    /** One watch event per message, with the newline Go's JSON encoder ends it with. */
    private static JsonNode event(String message) throws Exception {
        assertThat(message).as("a message within 10 s").isNotNull().endsWith("}\n");
        assertThat(message.strip()).doesNotContain("\n");
        return Json.MAPPER.readTree(message);
    }

    @Test
    void pythonWebsocketClientReadsTheWatch(@TempDir Path dir) throws Exception {
        IssuedCertificate admin =
                SERVER.clientCa().issueClient("admin", List.of("system:masters"), Duration.ofHours(1));
        Files.writeString(dir.resolve("ca.crt"), SERVER.servingCa().certificatePem());
        Files.writeString(dir.resolve("client.crt"), admin.certificateChainPem());
        Files.writeString(dir.resolve("client.key"), admin.privateKeyPem());
        Files.writeString(dir.resolve("watch.py"), """
                import json, ssl, sys, websocket
                d = sys.argv[1]
                ws = websocket.create_connection(
                    "wss://127.0.0.1:%s%s?watch=true&timeoutSeconds=30" % (sys.argv[2], sys.argv[3]),
                    sslopt={"ca_certs": d + "/ca.crt", "certfile": d + "/client.crt", "keyfile": d + "/client.key"},
                    subprotocols=["base64.binary.k8s.io"])
                print("subprotocol", ws.getsubprotocol())
                opcode, data = ws.recv_data()
                print("opcode", opcode)
                event = json.loads(data)
                print("event", event["type"], event["object"]["metadata"]["name"])
                ws.close()
                """);
        Process python = new ProcessBuilder(
                        "/usr/bin/python3",
                        dir.resolve("watch.py").toString(),
                        dir.toString(),
                        Integer.toString(SERVER.port()),
                        QUOTAS)
                .redirectErrorStream(true)
                .start();
        assertThat(python.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String out = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(python.exitValue()).as(out).isZero();
        assertThat(out)
                .contains("subprotocol base64.binary.k8s.io\n")
                .contains("opcode 1\n") // a text frame
                .contains("event ADDED before\n");
    }

    @Test
    void handshakesGoRefusesAreRefused() throws Exception {
        // several subprotocols: x/net/websocket cannot choose (400); no Origin: "null origin" (403)
        assertThat(handshake("Origin: https://127.0.0.1\r\nSec-WebSocket-Protocol: binary.k8s.io, "
                        + "base64.binary.k8s.io\r\n"))
                .isEqualTo("HTTP/1.1 400 Bad Request");
        assertThat(handshake("")).isEqualTo("HTTP/1.1 403 Forbidden");
        assertThat(handshake("Origin: https://127.0.0.1\r\n")).isEqualTo("HTTP/1.1 101 Switching Protocols");
    }

    private static String handshake(String extraHeaders) throws Exception {
        try (SSLSocket socket = SERVER.http1Connection("admin", List.of("system:masters"))) {
            socket.getOutputStream()
                    .write(("GET " + QUOTAS + "?watch=true HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                    + "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                    + "Sec-WebSocket-Version: 13\r\n" + extraHeaders + "\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c != '\r' && c >= 0; c = in.read()) {
                line.append((char) c);
            }
            return line.toString();
        }
    }
}

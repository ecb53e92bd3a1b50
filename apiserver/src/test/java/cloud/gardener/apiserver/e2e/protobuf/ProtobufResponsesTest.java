package cloud.gardener.apiserver.e2e.protobuf;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.endpoints.protobuf.ProtobufCodec;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketClientOptions;
import io.vertx.core.http.WebSocketConnectOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A protobuf client end to end, as Gardener's clients are (they default to protobuf): create with a protobuf body,
 * get, list and watch with a protobuf Accept, errors as protobuf Status, and 406 naming what is served.
 */
@Tag("integration")
class ProtobufResponsesTest {

    private static final String PROTOBUF = "application/vnd.kubernetes.protobuf";
    private static final String EXPOSURE_CLASSES = "/apis/core.gardener.cloud/v1beta1/exposureclasses";
    private static final GroupVersionKind EXPOSURE_CLASS =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "ExposureClass");
    private static final GroupVersionKind EXPOSURE_CLASS_LIST =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "ExposureClassList");
    private static final GroupVersionKind STATUS = new GroupVersionKind("", "v1", "Status");

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    private final TestClient admin = SERVER.admin();

    private static ObjectNode exposureClass(String name) throws IOException {
        return (ObjectNode) Json.MAPPER.readTree("""
                {"apiVersion":"core.gardener.cloud/v1beta1","kind":"ExposureClass",
                 "metadata":{"name":"%s","labels":{"exposure":"internet"}},
                 "handler":"internet-config",
                 "scheduling":{"seedSelector":{"matchLabels":{"network":"internet"}},
                               "tolerations":[{"key":"exposure","value":"public"}]}}""".formatted(name));
    }

    @Test
    void createGetListAndWatchInProtobuf() throws Exception {
        String name = Fixtures.uniqueName("pb-exp");
        HttpResponse<byte[]> created = admin.exchange(
                "POST",
                EXPOSURE_CLASSES,
                ProtobufCodec.encode(exposureClass(name), EXPOSURE_CLASS),
                Map.of("Content-Type", PROTOBUF, "Accept", PROTOBUF));
        assertThat(created.statusCode())
                .as(new String(created.body(), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo(201);
        assertThat(created.headers().firstValue("Content-Type")).hasValue(PROTOBUF);
        JsonNode createdObject = ProtobufCodec.decode(created.body(), EXPOSURE_CLASS);
        assertThat(createdObject.at("/metadata/uid").asText()).isNotEmpty();
        assertThat(createdObject.at("/scheduling/tolerations/0/value").asText()).isEqualTo("public");

        // the protobuf answer carries exactly the object the JSON answer does
        HttpResponse<byte[]> got = admin.getBytes(EXPOSURE_CLASSES + "/" + name, Map.of("Accept", PROTOBUF));
        assertThat(got.statusCode()).isEqualTo(200);
        assertThat(Arrays.copyOf(got.body(), 4)).isEqualTo(new byte[] {'k', '8', 's', 0});
        assertThat(ProtobufCodec.decode(got.body(), EXPOSURE_CLASS))
                .isEqualTo(admin.get(EXPOSURE_CLASSES + "/" + name).json());

        HttpResponse<byte[]> list = admin.getBytes(
                EXPOSURE_CLASSES + "?labelSelector=exposure%3Dinternet",
                Map.of("Accept", PROTOBUF + ", application/json"));
        assertThat(list.statusCode()).isEqualTo(200);
        JsonNode listObject = ProtobufCodec.decode(list.body(), EXPOSURE_CLASS_LIST);
        assertThat(listObject.path("kind").asText()).isEqualTo("ExposureClassList");
        assertThat(listObject.at("/metadata/resourceVersion").asText()).isNotEmpty();
        assertThat(listObject.path("items").findValuesAsText("name")).contains(name);

        // the metadata client's Accept: PartialObjectMetadataList in protobuf
        HttpResponse<byte[]> metadata = admin.getBytes(
                EXPOSURE_CLASSES,
                Map.of("Accept", PROTOBUF + ";as=PartialObjectMetadataList;g=meta.k8s.io;v=v1, application/json"));
        assertThat(metadata.statusCode()).isEqualTo(200);
        JsonNode partial = ProtobufCodec.decode(
                metadata.body(), new GroupVersionKind("meta.k8s.io", "v1", "PartialObjectMetadataList"));
        assertThat(partial.path("kind").asText()).isEqualTo("PartialObjectMetadataList");
        assertThat(partial.path("items").findValuesAsText("name")).contains(name);
        assertThat(partial.path("items").findValues("handler")).isEmpty();

        // a watch from before the create: one ADDED frame with the object, then the timeout ends the stream
        String rv = Long.toString(
                Long.parseLong(createdObject.at("/metadata/resourceVersion").asText()) - 1);
        HttpResponse<byte[]> watch = admin.getBytes(
                EXPOSURE_CLASSES + "?watch=true&timeoutSeconds=2" + "&resourceVersion=" + rv
                        + "&fieldSelector=metadata.name%3D" + name,
                Map.of("Accept", PROTOBUF + ";stream=watch"));
        assertThat(watch.statusCode()).isEqualTo(200);
        assertThat(watch.headers().firstValue("Content-Type")).hasValue(PROTOBUF + ";stream=watch");
        List<WatchFrames.Frame> frames = WatchFrames.read(watch.body());
        assertThat(frames).extracting(WatchFrames.Frame::type).containsExactly("ADDED");
        JsonNode added = ProtobufCodec.decode(frames.get(0).object(), EXPOSURE_CLASS);
        assertThat(added.at("/metadata/name").asText()).isEqualTo(name);
        assertThat(added.path("handler").asText()).isEqualTo("internet-config");
    }

    @Test
    void errorsComeAsAProtobufStatusAndKindsWithoutProtobufAnswer406() throws Exception {
        HttpResponse<byte[]> missing = admin.getBytes(EXPOSURE_CLASSES + "/does-not-exist", Map.of("Accept", PROTOBUF));
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.headers().firstValue("Content-Type")).hasValue(PROTOBUF);
        JsonNode status = ProtobufCodec.decode(missing.body(), STATUS);
        assertThat(status.path("reason").asText()).isEqualTo("NotFound");
        assertThat(status.path("code").asInt()).isEqualTo(404);
        assertThat(status.at("/details/kind").asText()).isEqualTo("exposureclasses");

        // gardener-operator's Garden is a CRD upstream: a protobuf-only client is told what is served
        HttpResponse<byte[]> garden =
                admin.getBytes("/apis/operator.gardener.cloud/v1alpha1/gardens", Map.of("Accept", PROTOBUF));
        assertThat(garden.statusCode()).isEqualTo(406);
        JsonNode notAcceptable = ProtobufCodec.decode(garden.body(), STATUS);
        assertThat(notAcceptable.path("message").asText())
                .isEqualTo("only the following media types are accepted: application/json, application/yaml");

        TestClient.Response json = admin.get(EXPOSURE_CLASSES, Map.of("Accept", "text/html"));
        assertThat(json.status()).isEqualTo(406);
        assertThat(json.json().path("message").asText())
                .isEqualTo("only the following media types are accepted: "
                        + "application/json, application/yaml, application/vnd.kubernetes.protobuf");
    }

    @Test
    void aWebSocketWatchSendsOneEventPerBinaryMessageWithoutALengthPrefix() throws Exception {
        String name = Fixtures.uniqueName("pb-ws");
        assertThat(admin.post(EXPOSURE_CLASSES, exposureClass(name)).status()).isEqualTo(201);
        IssuedCertificate cert = SERVER.clientCa().issueClient("admin", List.of("system:masters"), Duration.ofHours(1));
        WebSocketClient client = SERVER.vertx()
                .createWebSocketClient(new WebSocketClientOptions()
                        .setSsl(true)
                        .setTrustOptions(new PemTrustOptions()
                                .addCertValue(Buffer.buffer(SERVER.servingCa().certificatePem())))
                        .setKeyCertOptions(new PemKeyCertOptions()
                                .addCertValue(Buffer.buffer(cert.certificateChainPem()))
                                .addKeyValue(Buffer.buffer(cert.privateKeyPem()))));
        BlockingQueue<Buffer> messages = new LinkedBlockingQueue<>();
        try {
            client.connect(new WebSocketConnectOptions()
                            .setHost("127.0.0.1")
                            .setPort(SERVER.port())
                            .setSsl(true)
                            .setURI(EXPOSURE_CLASSES + "?watch=true&timeoutSeconds=3&fieldSelector=metadata.name%3D"
                                    + name)
                            .addHeader("Accept", PROTOBUF)
                            .addSubProtocol("binary.k8s.io"))
                    .onSuccess(socket -> socket.binaryMessageHandler(messages::add))
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(10, TimeUnit.SECONDS);
            Buffer message = messages.poll(10, TimeUnit.SECONDS);
            assertThat(message).isNotNull();
            List<WatchFrames.Frame> events = WatchFrames.read(withLengthPrefix(message.getBytes()));
            assertThat(events).extracting(WatchFrames.Frame::type).containsExactly("ADDED");
            assertThat(ProtobufCodec.decode(events.get(0).object(), EXPOSURE_CLASS)
                            .at("/metadata/name")
                            .asText())
                    .isEqualTo(name);
        } finally {
            client.close();
        }
    }

    private static byte[] withLengthPrefix(byte[] message) {
        byte[] frame = new byte[message.length + 4];
        frame[0] = (byte) (message.length >>> 24);
        frame[1] = (byte) (message.length >>> 16);
        frame[2] = (byte) (message.length >>> 8);
        frame[3] = (byte) message.length;
        System.arraycopy(message, 0, frame, 4, message.length);
        return frame;
    }
}

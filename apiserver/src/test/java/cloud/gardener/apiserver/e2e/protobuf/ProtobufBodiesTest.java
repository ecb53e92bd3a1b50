package cloud.gardener.apiserver.e2e.protobuf;

import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.envelope;
import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.message;
import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.objectMeta;
import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.endpoints.negotiation.BodyFormat;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import cloud.gardener.apiserver.testing.TestClient.Response;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Protobuf request bodies over HTTP, built by hand as client-go lays them out; the answers are JSON (asked for). */
@Tag("integration")
class ProtobufBodiesTest {

    private static final Map<String, String> PROTOBUF = Map.of("Content-Type", "application/vnd.kubernetes.protobuf");

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    private final TestClient admin = SERVER.admin();

    @Test
    void createsANamespaceAndASecret() {
        String ns = Fixtures.uniqueName("pb");
        Response created = admin.send(
                "POST",
                "/api/v1/namespaces",
                envelope(
                        "v1",
                        "Namespace",
                        message()
                                .message(1, objectMeta(ns, "").entry(11, "team", "a"))
                                .message(2, message())
                                .message(3, message().string(1, ""))),
                PROTOBUF);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().at("/metadata/labels/team").asText()).isEqualTo("a");
        assertThat(created.header("Content-Type")).startsWith("application/json");

        Response secret = admin.send(
                "POST",
                "/api/v1/namespaces/" + ns + "/secrets",
                envelope(
                        "v1",
                        "Secret",
                        message()
                                .message(1, objectMeta("s", ns))
                                .entry(2, "key", new byte[] {0, 1, (byte) 0xfe})
                                .string(3, "Opaque")),
                PROTOBUF);
        assertThat(secret.status()).as(secret.body()).isEqualTo(201);
        Response read = admin.get("/api/v1/namespaces/" + ns + "/secrets/s");
        assertThat(read.json().at("/data/key").asText()).isEqualTo("AAH+");
        assertThat(read.json().path("type").asText()).isEqualTo("Opaque");
    }

    @Test
    void updatesAConfigMapAndDeletesItWithProtobufOptions() {
        String ns = Fixtures.createNamespace(admin, "pb");
        String path = "/api/v1/namespaces/" + ns + "/configmaps";
        Response created = admin.send(
                "POST",
                path,
                envelope(
                        "v1",
                        "ConfigMap",
                        message().message(1, objectMeta("c", ns)).entry(2, "k", "v1")),
                PROTOBUF);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String uid = created.json().at("/metadata/uid").asText();
        String rv = created.json().at("/metadata/resourceVersion").asText();

        Response updated = admin.send(
                "PUT",
                path + "/c",
                envelope(
                        "v1",
                        "ConfigMap",
                        message().message(1, objectMeta("c", ns).string(6, rv)).entry(2, "k", "v2")),
                PROTOBUF);
        assertThat(updated.status()).as(updated.body()).isEqualTo(200);
        assertThat(updated.json().at("/data/k").asText()).isEqualTo("v2");

        Response wrongUid = admin.send(
                "DELETE",
                path + "/c",
                envelope("v1", "DeleteOptions", message().message(2, message().string(1, "not-" + uid))),
                PROTOBUF);
        assertThat(wrongUid.status()).as(wrongUid.body()).isEqualTo(409);

        Response deleted = admin.send(
                "DELETE",
                path + "/c",
                envelope(
                        "v1",
                        "DeleteOptions",
                        message().int64(1, 0).message(2, message().string(1, uid))),
                PROTOBUF);
        assertThat(deleted.status()).as(deleted.body()).isEqualTo(200);
        assertThat(admin.get(path + "/c").status()).isEqualTo(404);
    }

    @Test
    void kindsWithoutAProtobufFormAnswer415() {
        // gardener-operator's Garden is a CRD upstream: JSON and YAML only
        Response r = admin.send(
                "POST",
                "/apis/operator.gardener.cloud/v1alpha1/gardens",
                envelope("operator.gardener.cloud/v1alpha1", "Garden", message().message(1, objectMeta("g", ""))),
                PROTOBUF);

        assertThat(r.status()).isEqualTo(415);
        assertThat(r.json().path("reason").asText()).isEqualTo("UnsupportedMediaType");
        assertThat(r.json().path("message").asText()).isEqualTo(BodyFormat.UNSUPPORTED_MESSAGE_NO_PROTOBUF);
    }

    @Test
    void brokenOrMismatchedBodiesAre400() {
        String ns = Fixtures.createNamespace(admin, "pb");
        String path = "/api/v1/namespaces/" + ns + "/configmaps";
        byte[] whole = envelope("v1", "ConfigMap", message().message(1, objectMeta("c", ns)));

        // the envelope ends with two empty strings (4 bytes): cut into raw
        Response cut = admin.send("POST", path, Arrays.copyOf(whole, whole.length - 5), PROTOBUF);
        assertThat(cut.status()).isEqualTo(400);
        assertThat(cut.json().path("message").asText())
                .isEqualTo("ConfigMap in version \"v1\" cannot be handled as a ConfigMap: unexpected EOF");

        Response json = admin.send("POST", path, utf8("{\"kind\":\"ConfigMap\"}"), PROTOBUF);
        assertThat(json.status()).isEqualTo(400);
        assertThat(json.json().path("message").asText())
                .endsWith("does not appear to be a protobuf message, " + "expected prefix [107 56 115 0]");

        Response secret =
                admin.send("POST", path, envelope("v1", "Secret", message().message(1, objectMeta("c", ns))), PROTOBUF);
        assertThat(secret.status()).isEqualTo(400);
        assertThat(secret.json().path("message").asText())
                .isEqualTo("Secret in version \"v1\" cannot be handled "
                        + "as a ConfigMap: converting (k8s.io/api/core/v1) Secret to (k8s.io/kubernetes/pkg/apis/core) "
                        + "ConfigMap: unknown conversion");
    }
}

package cloud.gardener.apiserver.e2e.crud;

import static cloud.gardener.apiserver.e2e.Fixtures.CLOUDPROFILES;
import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.NAMESPACES;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.cloudProfileObject;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.envelope;
import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.message;
import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.objectMeta;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Request bodies that leave out {@code kind}, {@code apiVersion} or both are the URL's kind, as kube-apiserver's
 * decoder defaults them: on create and update, for the standalone core/v1 kinds and Gardener's, in JSON, YAML and
 * protobuf, for the status and binding subresources, and for a patch that removes them.
 */
@Tag("integration")
class BodiesWithoutKindE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    static TestClient admin;
    static String ns;

    @BeforeAll
    static void namespace() {
        admin = SERVER.admin();
        ns = createProjectNamespace(admin, "nokind");
    }

    private static ObjectNode withoutTypeMeta(JsonNode obj) {
        ObjectNode copy = obj.deepCopy();
        copy.remove("kind");
        copy.remove("apiVersion");
        return copy;
    }

    private static void assertKind(TestClient.Response resp, int code, String apiVersion, String kind) {
        assertThat(resp.status()).as(resp.body()).isEqualTo(code);
        assertThat(resp.json().path("apiVersion").asText()).isEqualTo(apiVersion);
        assertThat(resp.json().path("kind").asText()).isEqualTo(kind);
    }

    @Test
    void coreKindsInJsonYamlAndProtobuf() {
        String name = Fixtures.uniqueName("bare");
        assertKind(admin.post(NAMESPACES, "{\"metadata\":{\"name\":\"" + name + "\"}}"), 201, "v1", "Namespace");

        String secrets = NAMESPACES + "/" + name + "/secrets";
        String yaml = "metadata:\n  name: yaml\nstringData:\n  k: v\n";
        assertKind(
                admin.send(
                        "POST",
                        secrets,
                        yaml.getBytes(StandardCharsets.UTF_8),
                        Map.of("Content-Type", "application/yaml")),
                201,
                "v1",
                "Secret");

        // client-go always fills the envelope's TypeMeta; an empty one is defaulted all the same
        TestClient.Response pb = admin.send(
                "POST",
                NAMESPACES + "/" + name + "/configmaps",
                envelope("", "", message().message(1, objectMeta("proto", name)).entry(2, "k", "v")),
                Map.of("Content-Type", "application/vnd.kubernetes.protobuf"));
        assertKind(pb, 201, "v1", "ConfigMap");
        assertThat(pb.json().path("data").path("k").asText()).isEqualTo("v");
    }

    @Test
    void gardenerKindsOnCreateAndUpdate() {
        TestClient.Response created = admin.post(CLOUDPROFILES, withoutTypeMeta(cloudProfileObject("bare-profile")));
        assertKind(created, 201, "core.gardener.cloud/v1beta1", "CloudProfile");

        ObjectNode update = withoutTypeMeta(created.json());
        update.withObjectProperty("metadata").putObject("labels").put("updated", "yes");
        TestClient.Response updated = admin.put(CLOUDPROFILES + "/bare-profile", update);
        assertKind(updated, 200, "core.gardener.cloud/v1beta1", "CloudProfile");
        assertThat(updated.json()
                        .path("metadata")
                        .path("labels")
                        .path("updated")
                        .asText())
                .isEqualTo("yes");
    }

    @Test
    void onlyApiVersionOrOnlyKind() {
        ObjectNode onlyApiVersion =
                withoutTypeMeta(shootObject("only-version")).put("apiVersion", "core.gardener.cloud/v1beta1");
        assertKind(admin.post(shoots(ns), onlyApiVersion), 201, "core.gardener.cloud/v1beta1", "Shoot");

        ObjectNode onlyKind = withoutTypeMeta(shootObject("only-kind")).put("kind", "Shoot");
        assertKind(admin.post(shoots(ns), onlyKind), 201, "core.gardener.cloud/v1beta1", "Shoot");

        // a version alone belongs to the core group, where no Shoot is registered
        ObjectNode bareVersion = withoutTypeMeta(shootObject("bare-version")).put("apiVersion", "v1beta1");
        assertThat(assertStatus(admin.post(shoots(ns), bareVersion), 400, "BadRequest")
                        .path("message")
                        .asText())
                .isEqualTo(
                        "Shoot in version \"v1beta1\" cannot be handled as a Shoot: no kind \"Shoot\" is "
                                + "registered for version \"v1beta1\" in scheme \"github.com/gardener/gardener/pkg/api/scheme.go:25\"");
    }

    @Test
    void statusAndBindingSubresources() {
        JsonNode created = create(admin, shoots(ns), shootObject("subresources"));

        ObjectNode status = withoutTypeMeta(created);
        status.putObject("status").put("technicalID", "shoot--nokind--subresources");
        TestClient.Response statusPut = admin.put(shoot(ns, "subresources") + "/status", status);
        assertKind(statusPut, 200, "core.gardener.cloud/v1beta1", "Shoot");
        assertThat(statusPut.json().path("status").path("technicalID").asText())
                .isEqualTo("shoot--nokind--subresources");

        ObjectNode binding = withoutTypeMeta(statusPut.json());
        binding.withObjectProperty("spec").put("seedName", "seed-1");
        TestClient.Response bound = admin.put(shoot(ns, "subresources") + "/binding", binding);
        assertKind(bound, 200, "core.gardener.cloud/v1beta1", "Shoot");
        assertThat(bound.json().path("spec").path("seedName").asText()).isEqualTo("seed-1");
    }

    @Test
    void aMergePatchThatRemovesKindAndApiVersion() {
        create(admin, shoots(ns), shootObject("patched"));
        TestClient.Response patched = admin.patch(
                shoot(ns, "patched"),
                MERGE,
                "{\"kind\":null,\"apiVersion\":null,\"metadata\":{\"labels\":{\"patched\":\"yes\"}}}");
        assertKind(patched, 200, "core.gardener.cloud/v1beta1", "Shoot");
        assertThat(patched.json()
                        .path("metadata")
                        .path("labels")
                        .path("patched")
                        .asText())
                .isEqualTo("yes");

        TestClient.Response otherKind = admin.patch(shoot(ns, "patched"), MERGE, "{\"kind\":\"Seed\"}");
        JsonNode invalid = assertStatus(otherKind, 422, "Invalid");
        assertThat(invalid.path("details").path("causes").get(0).path("message").asText())
                .endsWith(": converting (github.com/gardener/gardener/pkg/apis/core/v1beta1) Seed to "
                        + "(github.com/gardener/gardener/pkg/apis/core) Shoot: unknown conversion");
    }
}

package cloud.gardener.apiserver.e2e.python;

import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real Kubernetes Python client against the server. Its typed models leave {@code kind} and {@code apiVersion}
 * out of request bodies unless the caller sets them ({@code V1Namespace(metadata=...)}), and its
 * {@code CustomObjectsApi} sends whatever dict it is given: the server takes the kind from the URL, as
 * kube-apiserver does, for the standalone core/v1 kinds and for Gardener's.
 */
@Tag("integration")
class PythonClientTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    static PythonClient python;
    static String ns;

    @BeforeAll
    static void client() throws IOException {
        python = PythonClient.forKubeconfig(SERVER.adminKubeconfig());
        ns = createNamespace(SERVER.admin(), "python");
    }

    private static String vars(String... nameValue) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i + 1 < nameValue.length; i += 2) {
            sb.append(nameValue[i])
                    .append(" = ")
                    .append('"')
                    .append(nameValue[i + 1])
                    .append('"')
                    .append('\n');
        }
        return sb.toString();
    }

    @Test
    void createNamespaceWithATypedModelThatHasNoKind() {
        List<JsonNode> lines = python.ok(vars("name", "py-created") + """
                body = client.V1Namespace(metadata=client.V1ObjectMeta(name=name))
                out(sorted(api.sanitize_for_serialization(body)))
                out(core.create_namespace(body))
                out(core.read_namespace(name))
                """);

        assertThat(lines.get(0)).as("the request body has no kind").hasToString("[\"metadata\"]");
        for (JsonNode ns : lines.subList(1, 3)) {
            assertThat(ns.path("kind").asText()).isEqualTo("Namespace");
            assertThat(ns.path("apiVersion").asText()).isEqualTo("v1");
            assertThat(ns.path("metadata").path("name").asText()).isEqualTo("py-created");
            assertThat(ns.path("status").path("phase").asText()).isEqualTo("Active");
        }
    }

    @Test
    void secretsCreatedReplacedAndPatchedWithoutKind() {
        List<JsonNode> lines = python.ok(vars("ns", ns) + """
                meta = client.V1ObjectMeta(name="creds")
                out(core.create_namespaced_secret(ns, client.V1Secret(metadata=meta, data={"user": "YQ=="})))
                current = core.read_namespaced_secret("creds", ns)
                replaced = client.V1Secret(metadata=client.V1ObjectMeta(name="creds",
                        resource_version=current.metadata.resource_version), data={"user": "Yg=="}, type="Opaque")
                out(core.replace_namespaced_secret("creds", ns, replaced))
                out(core.patch_namespaced_secret("creds", ns, {"metadata": {"labels": {"patched": "yes"}}}))
                out(core.read_namespaced_secret("creds", ns))
                """);

        assertThat(lines).allSatisfy(s -> assertThat(s.path("kind").asText()).isEqualTo("Secret"));
        assertThat(lines.get(0).path("data").path("user").asText()).isEqualTo("YQ==");
        assertThat(lines.get(1).path("data").path("user").asText()).isEqualTo("Yg==");
        JsonNode stored = lines.get(3);
        assertThat(stored.path("data").path("user").asText()).isEqualTo("Yg==");
        assertThat(stored.path("metadata").path("labels").path("patched").asText())
                .isEqualTo("yes");
        assertThat(stored.path("type").asText()).isEqualTo("Opaque");
    }

    @Test
    void configMapsCreatedReplacedAndPatchedWithoutKind() {
        List<JsonNode> lines = python.ok(vars("ns", ns) + """
                out(core.create_namespaced_config_map(ns, client.V1ConfigMap(
                        metadata=client.V1ObjectMeta(name="settings"), data={"a": "1"})))
                out(core.replace_namespaced_config_map("settings", ns, client.V1ConfigMap(
                        metadata=client.V1ObjectMeta(name="settings"), data={"a": "2", "b": "3"})))
                out(core.patch_namespaced_config_map("settings", ns, {"data": {"b": None, "c": "4"}}))
                """);

        assertThat(lines).allSatisfy(c -> assertThat(c.path("kind").asText()).isEqualTo("ConfigMap"));
        assertThat(lines.get(0).path("data")).hasToString("{\"a\":\"1\"}");
        assertThat(lines.get(1).path("data")).hasToString("{\"a\":\"2\",\"b\":\"3\"}");
        assertThat(lines.get(2).path("data")).hasToString("{\"a\":\"2\",\"c\":\"4\"}");
    }

    /**
     * Create, get, list, patch, replace and delete of Gardener kinds through {@code CustomObjectsApi}, one object
     * sent with kind and apiVersion and one without, both replaced without them.
     */
    @ParameterizedTest
    @ValueSource(strings = {"projects", "cloudprofiles", "secretbindings", "credentialsbindings"})
    void gardenerObjectsThroughCustomObjectsApi(String plural) {
        List<JsonNode> lines = python.ok(vars("ns", ns, "plural", plural) + GARDENER_OBJECTS + """
                group, version, kind, namespaced, make = KINDS[plural]
                if plural in ("secretbindings", "credentialsbindings"):
                    try:
                        core.create_namespaced_secret(ns, client.V1Secret(metadata=client.V1ObjectMeta(name="creds"),
                                data={"k": "dg=="}))
                    except ApiException as e:
                        if e.status != 409:
                            raise
                scope = [ns] if namespaced else []
                def call(verb, *args, **kwargs):
                    fn = getattr(custom, verb + ("_namespaced_custom_object" if namespaced else "_cluster_custom_object"))
                    return fn(group, version, *scope, plural, *args, **kwargs)
                suffix = plural[:3]
                with_kind = make("kind" + suffix)
                with_kind.update({"apiVersion": group + "/" + version, "kind": kind})
                without_kind = make("bare" + suffix)
                assert "kind" not in without_kind and "apiVersion" not in without_kind
                for body in (with_kind, without_kind):
                    name = body["metadata"]["name"]
                    out(call("create", body))
                    out(call("get", name))
                    patched = call("patch", name, {"metadata": {"labels": {"patched": "yes"},
                            "annotations": {"confirmation.gardener.cloud/deletion": "true"}}})
                    out(patched)
                    patched.pop("kind")
                    patched.pop("apiVersion")
                    patched["metadata"]["labels"]["replaced"] = "yes"
                    out(call("replace", name, patched))
                out({"names": sorted(i["metadata"]["name"] for i in call("list")["items"])})
                for body in (with_kind, without_kind):
                    call("delete", body["metadata"]["name"])
                out({"left": sorted(i["metadata"]["name"] for i in call("list")["items"]
                        if i["metadata"].get("deletionTimestamp") is None)})
                """);

        String kind = switch (plural) {
            case "projects" -> "Project";
            case "cloudprofiles" -> "CloudProfile";
            case "secretbindings" -> "SecretBinding";
            default -> "CredentialsBinding";
        };
        String prefix = plural.substring(0, 3);
        for (int i = 0; i < 8; i++) {
            JsonNode obj = lines.get(i);
            assertThat(obj.path("kind").asText()).as("answer %d", i).isEqualTo(kind);
            assertThat(obj.path("metadata").path("name").asText()).isEqualTo((i < 4 ? "kind" : "bare") + prefix);
        }
        assertThat(lines.get(2).path("metadata").path("labels").path("patched").asText())
                .isEqualTo("yes");
        assertThat(lines.get(3).path("metadata").path("labels").path("replaced").asText())
                .isEqualTo("yes");
        assertThat(lines.get(7).path("metadata").path("labels").path("replaced").asText())
                .isEqualTo("yes");
        assertThat(lines.get(8).path("names").toString()).contains("\"bare" + prefix + "\"", "\"kind" + prefix + "\"");
        assertThat(lines.get(9).path("left").toString()).doesNotContain(prefix + "\"");
    }

    /** Factories of minimal valid objects without kind and apiVersion, per plural. */
    private static final String GARDENER_OBJECTS = """
            def project(name):
                return {"metadata": {"name": name}, "spec": {}}
            def cloud_profile(name):
                return {"metadata": {"name": name}, "spec": {"type": "aws",
                        "kubernetes": {"versions": [{"version": "1.31.1"}]},
                        "machineImages": [{"name": "gardenlinux", "versions": [{"version": "1.0.0"}]}],
                        "machineTypes": [{"name": "m1", "cpu": "2", "gpu": "0", "memory": "4Gi"}],
                        "regions": [{"name": "eu-west-1"}]}}
            def secret_binding(name):
                return {"metadata": {"name": name}, "secretRef": {"name": "creds"}, "provider": {"type": "aws"}}
            def credentials_binding(name):
                return {"metadata": {"name": name}, "provider": {"type": "aws"},
                        "credentialsRef": {"apiVersion": "v1", "kind": "Secret", "name": "creds", "namespace": ns}}
            KINDS = {
                "projects": ("core.gardener.cloud", "v1beta1", "Project", False, project),
                "cloudprofiles": ("core.gardener.cloud", "v1beta1", "CloudProfile", False, cloud_profile),
                "secretbindings": ("core.gardener.cloud", "v1beta1", "SecretBinding", True, secret_binding),
                "credentialsbindings": ("security.gardener.cloud", "v1alpha1", "CredentialsBinding", True,
                        credentials_binding),
            }
            """;

    @Test
    void watchThroughTheClientSeesObjectsCreatedWithoutKind() {
        List<JsonNode> lines = python.ok(vars("ns", ns) + """
                def list_rv(list_fn, *args):
                    listed = list_fn(*args)
                    return listed["metadata"]["resourceVersion"] if isinstance(listed, dict) \\
                        else listed.metadata.resource_version
                rv = list_rv(core.list_namespaced_config_map, ns)
                core.create_namespaced_config_map(ns, client.V1ConfigMap(metadata=client.V1ObjectMeta(name="watched")))
                w = watch.Watch()
                for event in w.stream(core.list_namespaced_config_map, ns, resource_version=rv, timeout_seconds=20):
                    out({"type": event["type"], "kind": event["object"].kind, "name": event["object"].metadata.name})
                    w.stop()
                group, version, plural = "core.gardener.cloud", "v1beta1", "cloudprofiles"
                rv = list_rv(custom.list_cluster_custom_object, group, version, plural)
                custom.create_cluster_custom_object(group, version, plural, {"metadata": {"name": "watchedprofile"},
                        "spec": {"type": "aws", "kubernetes": {"versions": [{"version": "1.31.1"}]},
                        "machineImages": [{"name": "gardenlinux", "versions": [{"version": "1.0.0"}]}],
                        "machineTypes": [{"name": "m1", "cpu": "2", "gpu": "0", "memory": "4Gi"}],
                        "regions": [{"name": "eu-west-1"}]}})
                w = watch.Watch()
                for event in w.stream(custom.list_cluster_custom_object, group, version, plural, resource_version=rv,
                        timeout_seconds=20):
                    out({"type": event["type"], "kind": event["object"]["kind"],
                         "name": event["object"]["metadata"]["name"]})
                    w.stop()
                """);

        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).hasToString("{\"kind\":\"ConfigMap\",\"name\":\"watched\",\"type\":\"ADDED\"}");
        assertThat(lines.get(1))
                .hasToString("{\"kind\":\"CloudProfile\",\"name\":\"watchedprofile\",\"type\":\"ADDED\"}");
    }

    @Test
    void errorsSurfaceAsApiExceptionsWithTheirStatus() {
        List<JsonNode> lines = python.ok(vars("ns", ns) + """
                def failure(call):
                    try:
                        call()
                    except ApiException as e:
                        status = json.loads(e.body)
                        return {"status": e.status, "reason": status["reason"], "message": status["message"]}
                    raise AssertionError("no ApiException")
                out(failure(lambda: core.read_namespace("missing-namespace")))
                out(failure(lambda: core.create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name=ns)))))
                out(failure(lambda: core.create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name="Not_Valid")))))
                out(failure(lambda: custom.get_namespaced_custom_object("core.gardener.cloud", "v1beta1", ns, "shoots",
                        "missing")))
                out(failure(lambda: custom.create_cluster_custom_object("core.gardener.cloud", "v1beta1",
                        "cloudprofiles", {"kind": "Seed", "metadata": {"name": "wrongkind"}})))
                """);

        assertThat(lines.get(0).path("status").asInt()).isEqualTo(404);
        assertThat(lines.get(0).path("reason").asText()).isEqualTo("NotFound");
        assertThat(lines.get(0).path("message").asText()).isEqualTo("namespaces \"missing-namespace\" not found");
        assertThat(lines.get(1).path("status").asInt()).isEqualTo(409);
        assertThat(lines.get(1).path("reason").asText()).isEqualTo("AlreadyExists");
        assertThat(lines.get(2).path("status").asInt()).isEqualTo(422);
        assertThat(lines.get(2).path("reason").asText()).isEqualTo("Invalid");
        assertThat(lines.get(3).path("status").asInt()).isEqualTo(404);
        assertThat(lines.get(3).path("message").asText()).isEqualTo("shoots.core.gardener.cloud \"missing\" not found");
        assertThat(lines.get(4).path("status").asInt()).isEqualTo(400);
        assertThat(lines.get(4).path("reason").asText()).isEqualTo("BadRequest");
        assertThat(lines.get(4).path("message").asText())
                .isEqualTo("Seed in version \"v1beta1\" cannot be handled "
                        + "as a CloudProfile: converting (github.com/gardener/gardener/pkg/apis/core/v1beta1) Seed to "
                        + "(github.com/gardener/gardener/pkg/apis/core) CloudProfile: unknown conversion");
    }
}

package cloud.gardener.apiserver.e2e.kubectl;

import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code stringData} written by the real kubectl: {@code create secret generic} (which sends {@code data}), client-side
 * {@code apply} of Secrets and InternalSecrets with stringData and again with a changed value (kubectl's three-way
 * strategic merge patch, computed against a live object that never shows stringData), server-side apply and server
 * dry runs. What is read back has the values in {@code data} and no {@code stringData}.
 */
@Tag("integration")
class StringDataKubectlTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    static Kubectl kubectl;
    static String ns;

    @BeforeAll
    static void setUp() throws Exception {
        kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        ns = createNamespace(SERVER.admin(), "kubectl-stringdata");
    }

    private static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    private static String manifest(String apiVersion, String kind, String name, String password) {
        return "apiVersion: " + apiVersion + "\nkind: " + kind + "\nmetadata:\n  name: " + name + "\n  namespace: " + ns
                + "\ntype: kubernetes.io/basic-auth\nstringData:\n  username: admin\n  password: " + password + "\n";
    }

    private static JsonNode get(String resource, String name) throws Exception {
        return Json.MAPPER.readTree(kubectl.ok("get", resource, name, "-n", ns, "-o", "json", "--show-managed-fields"));
    }

    private static void assertData(JsonNode obj, Map<String, String> expected) {
        assertThat(obj.has("stringData")).as(obj.toString()).isFalse();
        assertThat(obj.path("data").size()).as(obj.toString()).isEqualTo(expected.size());
        expected.forEach(
                (k, v) -> assertThat(obj.path("data").path(k).asText()).as(k).isEqualTo(b64(v)));
    }

    @Test
    void createSecretGenericFromLiteralsSendsData() throws Exception {
        JsonNode sent = Json.MAPPER.readTree(kubectl.ok(
                "create",
                "secret",
                "generic",
                "literals",
                "-n",
                ns,
                "--from-literal=user=admin",
                "--from-literal=password=t0p-Secret",
                "--dry-run=client",
                "-o",
                "json"));
        assertThat(sent.has("stringData")).as("kubectl builds data itself").isFalse();

        assertThat(kubectl.ok(
                        "create",
                        "secret",
                        "generic",
                        "literals",
                        "-n",
                        ns,
                        "--from-literal=user=admin",
                        "--from-literal=password=t0p-Secret"))
                .contains("secret/literals created");

        assertData(get("secret", "literals"), Map.of("user", "admin", "password", "t0p-Secret"));
    }

    @ParameterizedTest
    @CsvSource({"v1, Secret, secret", "core.gardener.cloud/v1beta1, InternalSecret, internalsecret"})
    void clientSideApplyMergesStringDataAndAppliesAChangedValue(String apiVersion, String kind, String resource)
            throws Exception {
        String name = "applied-" + resource;
        assertThat(kubectl.okWithInput(manifest(apiVersion, kind, name, "first"), "apply", "-f", "-"))
                .contains(name + " created");
        JsonNode created = get(resource, name);
        assertData(created, Map.of("username", "admin", "password", "first"));
        // kubectl keeps what it applied, stringData included, in its annotation
        assertThat(created.at("/metadata/annotations/kubectl.kubernetes.io~1last-applied-configuration")
                        .asText())
                .contains("\"stringData\":{\"password\":\"first\"");

        assertThat(kubectl.okWithInput(manifest(apiVersion, kind, name, "second"), "apply", "-f", "-"))
                .contains(name + " configured");

        assertData(get(resource, name), Map.of("username", "admin", "password", "second"));
    }

    @ParameterizedTest
    @CsvSource({"v1, Secret, secret", "core.gardener.cloud/v1beta1, InternalSecret, internalsecret"})
    void serverSideApplyMergesStringDataAndOwnsIt(String apiVersion, String kind, String resource) throws Exception {
        String name = "ssa-" + resource;
        assertThat(kubectl.okWithInput(manifest(apiVersion, kind, name, "first"), "apply", "--server-side", "-f", "-"))
                .contains(name + " serverside-applied");
        assertThat(kubectl.okWithInput(manifest(apiVersion, kind, name, "second"), "apply", "--server-side", "-f", "-"))
                .contains(name + " serverside-applied");

        JsonNode applied = get(resource, name);
        assertData(applied, Map.of("username", "admin", "password", "second"));
        JsonNode entry = applied.at("/metadata/managedFields/0");
        assertThat(entry.path("manager").asText()).isEqualTo("kubectl");
        assertThat(entry.path("operation").asText()).isEqualTo("Apply");
        assertThat(entry.at("/fieldsV1/f:stringData").has("f:password"))
                .as(entry.toString())
                .isTrue();
    }

    @ParameterizedTest
    @CsvSource({"v1, Secret, secret", "core.gardener.cloud/v1beta1, InternalSecret, internalsecret"})
    void serverDryRunAnswersTheMergedObjectAndStoresNothing(String apiVersion, String kind, String resource)
            throws Exception {
        String name = "dry-" + resource;
        JsonNode answered = Json.MAPPER.readTree(kubectl.okWithInput(
                manifest(apiVersion, kind, name, "first"), "apply", "--dry-run=server", "-o", "json", "-f", "-"));

        assertData(answered, Map.of("username", "admin", "password", "first"));
        Kubectl.Result missing = kubectl.run("get", resource, name, "-n", ns);
        assertThat(missing.exitCode()).as(missing.describe()).isNotZero();
        assertThat(missing.stderr()).contains("NotFound");
    }

    @Test
    void basicAuthWithoutEitherKeyIsRefusedAfterMerging() {
        String manifest = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: no-keys\n  namespace: " + ns
                + "\ntype: kubernetes.io/basic-auth\nstringData:\n  token: t\n";

        Kubectl.Result refused = kubectl.runWithInput(manifest, "apply", "-f", "-");

        assertThat(refused.exitCode()).as(refused.describe()).isNotZero();
        assertThat(refused.stderr())
                .contains("data[username]: Required value")
                .contains("data[password]: Required value");
    }
}

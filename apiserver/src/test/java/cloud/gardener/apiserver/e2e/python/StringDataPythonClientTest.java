package cloud.gardener.apiserver.e2e.python;

import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code V1Secret(string_data=...)} through the real Python client: create, replace and patch (a dict body, which
 * the client sends as a strategic merge patch), and an InternalSecret with {@code stringData} through
 * {@code CustomObjectsApi}. Every answer and read has the values in {@code data} and no {@code stringData}, which
 * the client's model shows as {@code string_data} when the server returns it.
 */
@Tag("integration")
class StringDataPythonClientTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    static PythonClient python;
    static String ns;

    @BeforeAll
    static void setUp() throws Exception {
        python = PythonClient.forKubeconfig(SERVER.adminKubeconfig());
        ns = createNamespace(SERVER.admin(), "python-stringdata");
    }

    private static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void secretWithStringDataCreatedReplacedAndPatched() {
        List<JsonNode> lines = python.ok("ns = \"" + ns + "\"\n" + """
                # as users write it: the model sends no kind or apiVersion
                body = client.V1Secret(metadata=client.V1ObjectMeta(name="creds"), type="kubernetes.io/basic-auth",
                                       data={"username": "YWRtaW4="}, string_data={"password": "first"})
                out(core.create_namespaced_secret(ns, body))
                current = core.read_namespaced_secret("creds", ns)
                out(current)
                current.string_data = {"password": "second", "extra": "x"}
                out(core.replace_namespaced_secret("creds", ns, current))
                out(core.patch_namespaced_secret("creds", ns, {"stringData": {"password": "third"}}))
                out(core.read_namespaced_secret("creds", ns))
                """);

        assertThat(lines).hasSize(5);
        for (JsonNode secret : lines) {
            assertThat(secret.has("stringData")).as(secret.toString()).isFalse();
            assertThat(secret.path("data").path("username").asText()).isEqualTo(b64("admin"));
        }
        assertThat(lines.get(0).path("data").path("password").asText()).isEqualTo(b64("first"));
        assertThat(lines.get(1).path("data").path("password").asText()).isEqualTo(b64("first"));
        assertThat(lines.get(2).path("data").path("password").asText()).isEqualTo(b64("second"));
        assertThat(lines.get(2).path("data").path("extra").asText()).isEqualTo(b64("x"));
        assertThat(lines.get(3).path("data").path("password").asText()).isEqualTo(b64("third"));
        assertThat(lines.get(4).path("data")).isEqualTo(lines.get(3).path("data"));
        assertThat(lines.get(4).path("data").size()).isEqualTo(3);
    }

    @Test
    void internalSecretWithStringDataThroughCustomObjects() {
        List<JsonNode> lines = python.ok("ns = \"" + ns + "\"\n" + """
                g, v, plural = "core.gardener.cloud", "v1beta1", "internalsecrets"
                body = {"apiVersion": "core.gardener.cloud/v1beta1", "kind": "InternalSecret",
                        "metadata": {"name": "ca-like"}, "stringData": {"ca.crt": "pem"}}
                out(custom.create_namespaced_custom_object(g, v, ns, plural, body))
                out(custom.patch_namespaced_custom_object(g, v, ns, plural, "ca-like", {"stringData": {"ca.key": "key"}}))
                out(custom.get_namespaced_custom_object(g, v, ns, plural, "ca-like"))
                """);

        assertThat(lines).hasSize(3);
        for (JsonNode secret : lines) {
            assertThat(secret.has("stringData")).as(secret.toString()).isFalse();
            assertThat(secret.path("data").path("ca.crt").asText()).isEqualTo(b64("pem"));
        }
        assertThat(lines.get(2).path("data").path("ca.key").asText()).isEqualTo(b64("key"));
    }
}

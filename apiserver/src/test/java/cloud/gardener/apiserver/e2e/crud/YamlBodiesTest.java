package cloud.gardener.apiserver.e2e.crud;

import static cloud.gardener.apiserver.e2e.Fixtures.CLOUDPROFILES;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code application/yaml} bodies decode as kube-apiserver decodes them (sigs.k8s.io/yaml over go-yaml v2):
 * anchors and aliases, merge keys, tags, only the first document, go-yaml's limit on alias expansion, and
 * repeated keys under fieldValidation. kubectl, which converts YAML with the same Go library before sending
 * JSON, is the oracle: a document posted raw must store what kubectl makes of it.
 */
@Tag("integration")
class YamlBodiesTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static final Map<String, String> YAML = Map.of("Content-Type", "application/yaml");

    static TestClient admin;
    static String ns;

    @BeforeAll
    static void namespace() {
        admin = SERVER.admin();
        ns = createNamespace(admin, "yaml");
    }

    private static String secrets() {
        return "/api/v1/namespaces/" + ns + "/secrets";
    }

    private static TestClient.Response postYaml(String path, String yaml) {
        return admin.send("POST", path, yaml, YAML);
    }

    private static String secret(String name, String data) {
        return "apiVersion: v1\nkind: Secret\nmetadata:\n  name: " + name + "\ndata:\n" + data;
    }

    @Test
    void anAliasStoresTheAnchoredValue() {
        TestClient.Response created = postYaml(
                secrets(), "apiVersion: v1\nkind: Secret\nmetadata: {name: alias}\ndata: {a: &x Zm9v, b: *x}\n");
        assertThat(created.status()).as(created.body()).isEqualTo(201);

        JsonNode stored = admin.get(secrets() + "/alias").json();
        assertThat(stored.path("data").path("a").asText()).isEqualTo("Zm9v");
        assertThat(stored.path("data").path("b").asText()).isEqualTo("Zm9v");
    }

    @Test
    void mergeKeysAndTagsResolveAsInGoYaml() {
        TestClient.Response created = postYaml(secrets(), """
                apiVersion: v1
                kind: Secret
                metadata:
                  name: merged
                  labels:
                    <<: &common {team: a, tier: web}
                    tier: api
                  annotations: {count: !!str 12, custom: !mine text, plain: '017', decoded: !!binary aGVsbG8=}
                """);
        assertThat(created.status()).as(created.body()).isEqualTo(201);

        JsonNode meta = created.json().path("metadata");
        assertThat(meta.path("labels"))
                .isEqualTo(Json.MAPPER.createObjectNode().put("team", "a").put("tier", "api"));
        assertThat(meta.path("annotations").path("count").asText()).isEqualTo("12");
        assertThat(meta.path("annotations").path("custom").asText()).isEqualTo("text");
        assertThat(meta.path("annotations").path("plain").asText()).isEqualTo("017");
        assertThat(meta.path("annotations").path("decoded").asText()).isEqualTo("hello");
    }

    @Test
    void onlyTheFirstDocumentOfAStreamIsCreated() {
        // kube-apiserver's YAML decoder reads the first document and never looks at the rest
        TestClient.Response created =
                postYaml(secrets(), secret("first", "  a: Zm9v\n") + "---\n" + secret("second", "  a: YmFy\n"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().path("metadata").path("name").asText()).isEqualTo("first");
        assertThat(admin.get(secrets() + "/second").status()).isEqualTo(404);
    }

    @Test
    void aBillionLaughsIsRefusedWith400() {
        StringBuilder doc = new StringBuilder("""
                apiVersion: v1
                kind: Secret
                metadata: {name: laughs}
                a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
                """);
        for (char c = 'b'; c <= 'i'; c++) {
            doc.append(c).append(": &").append(c).append(" [");
            for (int i = 0; i < 9; i++) {
                doc.append(i == 0 ? "" : ",").append('*').append((char) (c - 1));
            }
            doc.append("]\n");
        }
        JsonNode status = assertStatus(postYaml(secrets(), doc.toString()), 400, "BadRequest");
        // upstream's summary: the first 30 bytes in hex
        assertThat(status.path("message").asText())
                .isEqualTo("the object provided is unrecognized (must be of type "
                        + "Secret): yaml: document contains excessive aliasing ("
                        + HexFormat.of().formatHex(doc.substring(0, 30).getBytes(StandardCharsets.UTF_8)) + " ...)");
        assertThat(admin.get("/readyz").status()).isEqualTo(200);
    }

    @Test
    void malformedYamlIsABadRequestNamingTheLine() {
        JsonNode status = assertStatus(
                postYaml(secrets(), "apiVersion: v1\nkind: Secret\nmetadata: name: x\n"), 400, "BadRequest");
        assertThat(status.path("message").asText())
                .startsWith("the object provided is unrecognized (must be of type "
                        + "Secret): yaml: line 3: mapping values are not allowed in this context (");
    }

    @Test
    void repeatedKeysFollowFieldValidation() {
        String doc = secret("dup", "  a: Zm9v\n  a: YmFy\n");
        JsonNode strict =
                assertStatus(admin.send("POST", secrets() + "?fieldValidation=Strict", doc, YAML), 400, "BadRequest");
        assertThat(strict.path("message").asText())
                .isEqualTo("Secret in version \"v1\" cannot be handled as a Secret: "
                        + "strict decoding error: yaml: unmarshal errors:\n  line 7: key \"a\" already set in map");

        TestClient.Response warned = admin.send("POST", secrets() + "?fieldValidation=Warn", doc, YAML);
        assertThat(warned.status()).as(warned.body()).isEqualTo(201);
        assertThat(warned.headers().allValues("Warning"))
                .containsExactly("299 - \"line 7: key \\\"a\\\" already set in map\"");
        // the last value wins, as in YAMLToJSON
        assertThat(warned.json().path("data").path("a").asText()).isEqualTo("YmFy");
    }

    @Test
    void serverSideApplyReadsAliases() {
        String path = secrets() + "/applied?fieldManager=test";
        TestClient.Response applied = admin.send(
                "PATCH",
                path,
                "apiVersion: v1\nkind: Secret\nmetadata: {name: applied}\ndata: {a: &v Zm9v, b: *v}\n",
                Map.of("Content-Type", "application/apply-patch+yaml"));
        assertThat(applied.status()).as(applied.body()).isEqualTo(201);
        assertThat(applied.json().path("data").path("b").asText()).isEqualTo("Zm9v");
    }

    @Test
    void aRawYamlPostStoresWhatKubectlMakesOfTheSameDocument() throws Exception {
        Kubectl.assumeInstalled();
        Kubectl kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        // providerConfig is free-form JSON: every scalar keeps the type go-yaml gave it
        String providerConfig = """
                  providerConfig:
                    apiVersion: example/v1
                    kind: Tricky
                    words: [yes, No, on, OFF, ~, '', 0x1F, 017, 0o17, 0b11, 1_000, 1.50, 2.0, 1e3, .5, 2001-12-14, 08]
                    tags: [!!str 12, !!int '12', !!float 1, !!binary aGk=, !custom 7]
                    base: &base {x: 1, z: 2}
                    merged: {<<: *base, z: 3}
                    copy: *base
                    y: key-that-is-true
                    1: numeric-key
                """;
        ObjectNode profile = Fixtures.cloudProfileObject("placeholder");
        String spec = Json.YAML.writeValueAsString(profile.get("spec")).replaceAll("(?m)^", "  ");
        String viaKubectl =
                "apiVersion: core.gardener.cloud/v1beta1\nkind: CloudProfile\nmetadata:\n  name: yaml-kubectl\n"
                        + "spec:\n" + spec + providerConfig;
        String viaHttp = viaKubectl.replace("yaml-kubectl", "yaml-raw");

        kubectl.okWithInput(viaKubectl, "create", "--validate=false", "-f", "-");
        TestClient.Response raw = postYaml(CLOUDPROFILES, viaHttp);
        assertThat(raw.status()).as(raw.body()).isEqualTo(201);

        JsonNode expected =
                admin.get(CLOUDPROFILES + "/yaml-kubectl").json().path("spec").path("providerConfig");
        JsonNode actual =
                admin.get(CLOUDPROFILES + "/yaml-raw").json().path("spec").path("providerConfig");
        assertThat(expected.path("kind").asText()).isEqualTo("Tricky");
        assertThat(Json.toJson(actual)).isEqualTo(Json.toJson(expected));
    }
}

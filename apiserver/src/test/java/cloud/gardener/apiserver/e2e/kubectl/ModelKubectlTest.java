package cloud.gardener.apiserver.e2e.kubectl;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.deleteConfirmed;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Black-box tests of decoding through the typed model, with the real kubectl and over HTTP: kubectl's
 * {@code --validate} modes against unknown fields (the server checks them: kubectl sends
 * {@code fieldValidation}), duplicate fields, wrong types with Go's error text, {@code kubectl explain}
 * for every kind, and the canonical stored form of durations and quantities.
 */
@Tag("integration")
class ModelKubectlTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    private static Kubectl kubectl;
    private static TestClient admin;
    private static String ns;

    @BeforeAll
    static void setUp() throws Exception {
        kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        admin = SERVER.admin();
        ns = createProjectNamespace(admin, "model-kubectl");
    }

    /** A Shoot that passes Gardener's validation, with {@code extraSpec} (YAML, indented by 2) added to its spec. */
    private static String shootYaml(String name, String extraSpec) {
        return """
                apiVersion: core.gardener.cloud/v1beta1
                kind: Shoot
                metadata:
                  name: %s
                  namespace: %s
                spec:
                  cloudProfile:
                    name: aws
                  region: eu-west-1
                  credentialsBindingName: my-account
                  provider:
                    type: aws
                    workers:
                    - name: cpu-worker
                      minimum: 1
                      maximum: 2
                      machine:
                        type: m5.large
                        image:
                          name: gardenlinux
                          version: 1592.1.0
                      volume:
                        type: gp2
                        size: 20Gi
                  kubernetes:
                    version: 1.31.1
                  networking:
                    type: calico
                    nodes: 10.250.0.0/16
                %s""".formatted(name, ns, extraSpec.indent(2));
    }

    private static JsonNode shootJson(String name, String extraSpec) throws Exception {
        return Json.YAML.readTree(shootYaml(name, extraSpec));
    }

    // ---- unknown fields and kubectl's --validate

    @Test
    void createWithAnUnknownFieldFailsUnderKubectlsDefaultStrictValidation() {
        Kubectl.Result r = kubectl.runWithInput(shootYaml("strict", "bogus: true\n"), "create", "-f", "-");

        assertThat(r.exitCode()).as(r.describe()).isNotZero();
        assertThat(r.stderr())
                .as(r.describe())
                .contains("Error from server (BadRequest)")
                .contains("Shoot in version \"v1beta1\" cannot be handled as a Shoot: "
                        + "strict decoding error: unknown field \"spec.bogus\"");
        assertThat(kubectl.run("get", "shoot", "strict", "-n", ns).exitCode()).isNotZero();
    }

    @Test
    void validateStrictNamesEveryUnknownFieldWithItsPath() {
        Kubectl.Result r = kubectl.runWithInput(
                shootYaml("strict-paths", "bogus: true\n")
                        .replace("      minimum: 1\n", "      minimum: 1\n      colour: red\n"),
                "create",
                "--validate=strict",
                "-f",
                "-");

        assertThat(r.exitCode()).as(r.describe()).isNotZero();
        assertThat(r.stderr())
                .as(r.describe())
                .contains("strict decoding error: ")
                .contains("unknown field \"spec.bogus\"")
                .contains("unknown field \"spec.provider.workers[0].colour\"");
    }

    @Test
    void validateWarnCreatesTheShootAndPrintsTheWarning() throws Exception {
        Kubectl.Result r =
                kubectl.runWithInput(shootYaml("warn", "bogus: true\n"), "create", "--validate=warn", "-f", "-");

        assertThat(r.exitCode()).as(r.describe()).isZero();
        assertThat(r.stdout()).contains("shoot.core.gardener.cloud/warn created");
        assertThat(r.stderr()).as(r.describe()).contains("Warning: unknown field \"spec.bogus\"");
        JsonNode stored = Json.MAPPER.readTree(kubectl.ok("get", "shoot", "warn", "-n", ns, "-o", "json"));
        assertThat(stored.path("spec").has("bogus"))
                .as("unknown fields are dropped")
                .isFalse();
        assertThat(stored.path("spec").path("region").asText()).isEqualTo("eu-west-1");
    }

    @Test
    void validateFalseCreatesTheShootSilently() throws Exception {
        Kubectl.Result r =
                kubectl.runWithInput(shootYaml("ignore", "bogus: true\n"), "create", "--validate=false", "-f", "-");

        assertThat(r.exitCode()).as(r.describe()).isZero();
        assertThat(r.stdout()).contains("shoot.core.gardener.cloud/ignore created");
        assertThat(r.stderr()).as(r.describe()).doesNotContain("bogus").doesNotContain("Warning");
        JsonNode stored = Json.MAPPER.readTree(kubectl.ok("get", "shoot", "ignore", "-n", ns, "-o", "json"));
        assertThat(stored.path("spec").has("bogus")).isFalse();
    }

    @Test
    void fieldValidationQueryParameterOverHttp() throws Exception {
        JsonNode body = shootJson("http-fv", "bogus: true\n");

        TestClient.Response strict = admin.post(shoots(ns) + "?fieldValidation=Strict", body);
        assertThat(assertStatus(strict, 400, "BadRequest").path("message").asText())
                .isEqualTo("Shoot in version \"v1beta1\" cannot be handled as a Shoot: strict decoding error: "
                        + "unknown field \"spec.bogus\"");

        TestClient.Response warn = admin.post(shoots(ns), body); // no parameter: Warn
        assertThat(warn.status()).as(warn.body()).isEqualTo(201);
        assertThat(warn.headers().allValues("Warning")).containsExactly("299 - \"unknown field \\\"spec.bogus\\\"\"");
        deleteConfirmed(admin, shoot(ns, "http-fv"));
    }

    // ---- duplicate fields

    @Test
    void duplicateFieldsInJsonAreRejectedUnderStrict() throws Exception {
        String json = Json.toJson(shootJson("dup", ""))
                .replace("\"region\":\"eu-west-1\"", "\"region\":\"eu-west-1\",\"region\":\"eu-west-2\"");
        assertThat(json).contains("\"region\":\"eu-west-2\"");

        TestClient.Response strict = admin.post(shoots(ns) + "?fieldValidation=Strict", json);
        assertThat(assertStatus(strict, 400, "BadRequest").path("message").asText())
                .isEqualTo("Shoot in version \"v1beta1\" cannot be handled as a Shoot: strict decoding error: "
                        + "duplicate field \"spec.region\"");

        // kubectl create --raw sends the bytes as they are; a failed request exits non-zero with the message
        Path file = Files.createTempFile("dup-shoot", ".json");
        try {
            Files.writeString(file, json);
            Kubectl.Result raw =
                    kubectl.run("create", "--raw", shoots(ns) + "?fieldValidation=Strict", "-f", file.toString());
            assertThat(raw.exitCode()).as(raw.describe()).isNotZero();
            assertThat(raw.stderr())
                    .as(raw.describe())
                    .contains("Error from server (BadRequest)")
                    .contains("strict decoding error: duplicate field \"spec.region\"");

            // Warn keeps the last value, as Go's decoder does, and says so
            TestClient.Response warn = admin.post(shoots(ns) + "?fieldValidation=Warn", json);
            assertThat(warn.status()).as(warn.body()).isEqualTo(201);
            assertThat(warn.headers().allValues("Warning"))
                    .containsExactly("299 - \"duplicate field \\\"spec.region\\\"\"");
            assertThat(warn.json().path("spec").path("region").asText()).isEqualTo("eu-west-2");
        } finally {
            Files.deleteIfExists(file);
            deleteConfirmed(admin, shoot(ns, "dup"));
        }
    }

    // ---- wrong types

    @Test
    void aWrongTypeFailsWithGosUnmarshalError() throws Exception {
        String yaml = shootYaml("wrong-type", "").replace("region: eu-west-1", "region: 5");

        TestClient.Response resp = admin.post(shoots(ns), Json.YAML.readTree(yaml));
        assertThat(assertStatus(resp, 400, "BadRequest").path("message").asText())
                .isEqualTo(
                        "Shoot in version \"v1beta1\" cannot be handled as a Shoot: json: cannot unmarshal number into Go "
                                + "struct field ShootSpec.spec.region of type string");

        Kubectl.Result r = kubectl.runWithInput(yaml, "create", "-f", "-");
        assertThat(r.exitCode()).as(r.describe()).isNotZero();
        assertThat(r.stderr())
                .as(r.describe())
                .contains("cannot unmarshal number into Go struct field ShootSpec.spec.region of type string");
    }

    @Test
    void aWrongTypeInAListItemNamesTheFieldWithoutTheIndex() throws Exception {
        String yaml = shootYaml("wrong-nested", "").replace("minimum: 1", "minimum: \"one\"");

        TestClient.Response resp = admin.post(shoots(ns), Json.YAML.readTree(yaml));
        assertThat(assertStatus(resp, 400, "BadRequest").path("message").asText())
                .endsWith(
                        "json: cannot unmarshal string into Go struct field Worker.spec.provider.workers.minimum of type int32");
    }

    // ---- kubectl explain

    @Test
    void explainWorksForEveryKind() {
        List<String> failures = new ArrayList<>();
        int explained = 0;
        for (ResourceType type : ResourceRegistry.standard(true).resources()) {
            for (String version : type.versions()) {
                Kubectl.Result r = kubectl.run("explain", type.plural(), "--api-version=" + type.apiVersion(version));
                explained++;
                String out = r.stdout();
                boolean ok = r.succeeded()
                        && out.contains("KIND:")
                        && out.contains(type.kind())
                        && out.contains("VERSION:")
                        && out.contains(version)
                        && out.contains("FIELDS:")
                        && out.contains("metadata")
                        && (type.group().isEmpty() || out.contains(type.group()));
                if (!ok) {
                    failures.add(type.plural() + " " + type.apiVersion(version) + ": " + r.describe());
                }
            }
        }
        assertThat(explained).isGreaterThan(20);
        assertThat(failures).as("kubectl explain failures").isEmpty();
    }

    @Test
    void explainDescendsIntoNestedFields() {
        String workers = kubectl.ok("explain", "shoot.spec.provider.workers");
        assertThat(workers)
                .contains("KIND:", "Shoot")
                .contains("FIELD: workers <[]Worker>")
                .contains("machine\t<Machine> -required-")
                .contains("maximum\t<integer> -required-")
                .contains("minimum\t<integer> -required-")
                .contains("name\t<string> -required-")
                .contains("maxSurge\t<IntOrString>")
                .contains("providerConfig\t<Object>");

        String image = kubectl.ok("explain", "shoot.spec.provider.workers.machine.image");
        assertThat(image).contains("FIELD: image <ShootMachineImage>").contains("version\t<string>");

        String recursive = kubectl.ok("explain", "seed.spec.backup", "--recursive");
        assertThat(recursive).contains("provider\t<string> -required-").contains("credentialsRef\t<ObjectReference>");
    }

    // ---- the stored form is canonical

    @Test
    void durationsAndQuantitiesAreStoredInGosCanonicalForm() throws Exception {
        JsonNode body = shootJson("canonical", """
                maintenance:
                  timeWindow:
                    begin: 220000+0100
                    end: 230000+0100
                """).deepCopy();
        com.fasterxml.jackson.databind.node.ObjectNode kubernetes = (com.fasterxml.jackson.databind.node.ObjectNode)
                body.path("spec").path("kubernetes");
        kubernetes.set("kubeAPIServer", Json.YAML.readTree("""
                eventTTL: 5m
                serviceAccountConfig:
                  maxTokenExpiration: 1440h
                autoscaling:
                  minAllowed:
                    cpu: 1000m
                    memory: 2048Mi
                """));
        kubernetes.set("kubeControllerManager", Json.YAML.readTree("""
                nodeMonitorGracePeriod: 120s
                horizontalPodAutoscaler:
                  syncPeriod: 0.5m
                """));
        kubernetes.set("kubelet", Json.YAML.readTree("""
                kubeReserved:
                  cpu: 100m
                  memory: 1.5Gi
                  ephemeralStorage: 1000M
                """));

        TestClient.Response created = admin.post(shoots(ns), body);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode stored = admin.get(shoot(ns, "canonical")).json();
        JsonNode k = stored.path("spec").path("kubernetes");

        assertThat(k.at("/kubeAPIServer/eventTTL").asText()).isEqualTo("5m0s");
        assertThat(k.at("/kubeAPIServer/serviceAccountConfig/maxTokenExpiration")
                        .asText())
                .isEqualTo("1440h0m0s");
        assertThat(k.at("/kubeAPIServer/autoscaling/minAllowed/cpu").asText()).isEqualTo("1");
        assertThat(k.at("/kubeAPIServer/autoscaling/minAllowed/memory").asText())
                .isEqualTo("2Gi");
        assertThat(k.at("/kubeControllerManager/nodeMonitorGracePeriod").asText())
                .isEqualTo("2m0s");
        assertThat(k.at("/kubeControllerManager/horizontalPodAutoscaler/syncPeriod")
                        .asText())
                .isEqualTo("30s");
        assertThat(k.at("/kubelet/kubeReserved/cpu").asText()).isEqualTo("100m");
        assertThat(k.at("/kubelet/kubeReserved/memory").asText()).isEqualTo("1536Mi");
        assertThat(k.at("/kubelet/kubeReserved/ephemeralStorage").asText()).isEqualTo("1G");
        assertThat(stored.at("/spec/maintenance/timeWindow/begin").asText()).isEqualTo("220000+0100");

        // kubectl shows the same stored form
        JsonNode viaKubectl = Json.MAPPER.readTree(kubectl.ok("get", "shoot", "canonical", "-n", ns, "-o", "json"));
        assertThat(viaKubectl.at("/spec/kubernetes/kubeAPIServer/eventTTL").asText())
                .isEqualTo("5m0s");
        assertThat(viaKubectl
                        .at("/spec/kubernetes/kubeAPIServer/autoscaling/minAllowed/cpu")
                        .asText())
                .isEqualTo("1");
    }
}

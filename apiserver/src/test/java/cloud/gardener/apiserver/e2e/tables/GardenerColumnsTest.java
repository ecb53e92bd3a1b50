package cloud.gardener.apiserver.e2e.tables;

import static cloud.gardener.apiserver.e2e.Fixtures.CORE;
import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.TABLE;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static cloud.gardener.apiserver.e2e.Fixtures.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Gardener's printer columns over HTTP and through kubectl (reference section 1.2). */
@Tag("integration")
class GardenerColumnsTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    private static final String SEEDS = CORE + "/seeds";

    static TestClient admin;
    static String ns;
    static String seed;

    @BeforeAll
    static void objects() {
        admin = SERVER.admin();
        ns = createProjectNamespace(admin, "columns");

        ObjectNode shoot = shootObject("crimson", "shoot.gardener.cloud/status", "healthy");
        ObjectNode spec = (ObjectNode) shoot.get("spec");
        spec.putObject("provider").put("type", "aws");
        spec.putObject("kubernetes").put("version", "1.31.1");
        spec.put("purpose", "evaluation");
        create(admin, shoots(ns), shoot);
        patchStatus(shoot(ns, "crimson"), """
                {"status":{"gardener":{"id":"g","name":"gardenlet","version":"v1.150.0"},
                 "lastOperation":{"type":"Reconcile","state":"Processing","progress":42,"description":"d",
                                  "lastUpdateTime":"2025-01-01T00:00:00Z"},
                 "conditions":[{"type":"APIServerAvailable","status":"True","lastTransitionTime":"2025-01-01T00:00:00Z",
                                "lastUpdateTime":"2025-01-01T00:00:00Z","reason":"r","message":"m"}]}}""");

        seed = uniqueName("seed");
        ObjectNode seedObject = Json.MAPPER.createObjectNode();
        seedObject.put("apiVersion", "core.gardener.cloud/v1beta1").put("kind", "Seed");
        seedObject.putObject("metadata").put("name", seed);
        ObjectNode seedSpec = seedObject.putObject("spec");
        seedSpec.putObject("provider").put("type", "aws").put("region", "eu-west-1");
        seedSpec.putObject("networks")
                .put("nodes", "10.250.0.0/16")
                .put("pods", "100.96.0.0/11")
                .put("services", "100.64.0.0/13");
        seedSpec.putObject("ingress")
                .put("domain", "ingress." + seed + ".example.com")
                .putObject("controller")
                .put("kind", "nginx");
        ObjectNode dns = seedSpec.putObject("dns");
        dns.putObject("provider")
                .put("type", "aws-route53")
                .putObject("credentialsRef")
                .put("apiVersion", "v1")
                .put("kind", "Secret")
                .put("name", "dns")
                .put("namespace", "garden");
        dns.putObject("internal")
                .put("type", "aws-route53")
                .put("domain", "internal." + seed + ".example.com")
                .putObject("credentialsRef")
                .put("apiVersion", "v1")
                .put("kind", "Secret")
                .put("name", "dns")
                .put("namespace", "garden");
        create(admin, SEEDS, seedObject);
        patchStatus(SEEDS + "/" + seed, """
                {"status":{"gardener":{"id":"g","name":"gardenlet","version":"v1.150.0"},"kubernetesVersion":"1.32.0",
                 "conditions":[
                   {"type":"GardenletReady","status":"True","lastTransitionTime":"2025-01-01T00:00:00Z",
                    "lastUpdateTime":"2025-01-01T00:00:00Z","reason":"r","message":"m"},
                   {"type":"ExtensionsReady","status":"True","lastTransitionTime":"2025-01-01T00:00:00Z",
                    "lastUpdateTime":"2025-01-01T00:00:00Z","reason":"r","message":"m"}]}}""");
    }

    private static void patchStatus(String path, String body) {
        TestClient.Response resp = admin.patch(path + "/status", MERGE, body);
        assertThat(resp.status()).as(resp.body()).isEqualTo(200);
    }

    private static JsonNode table(String path) {
        TestClient.Response resp = admin.get(path, Map.of("Accept", TABLE));
        assertThat(resp.status()).as(resp.body()).isEqualTo(200);
        return resp.json();
    }

    private static List<String> names(JsonNode table) {
        List<String> names = new ArrayList<>();
        table.path("columnDefinitions").forEach(c -> names.add(c.path("name").asText()));
        return names;
    }

    private static List<String> wideNames(JsonNode table) {
        List<String> names = new ArrayList<>();
        table.path("columnDefinitions").forEach(c -> {
            if (c.path("priority").asInt() == 1) {
                names.add(c.path("name").asText());
            }
        });
        return names;
    }

    private static JsonNode row(JsonNode table, String name) {
        for (JsonNode row : table.path("rows")) {
            if (name.equals(row.path("cells").get(0).asText())) {
                return row.path("cells");
            }
        }
        throw new AssertionError("no row " + name + " in " + table);
    }

    @Test
    void shootTable() {
        JsonNode table = table(shoots(ns));
        assertThat(names(table))
                .containsExactly(
                        "Name",
                        "CloudProfile",
                        "Provider",
                        "Region",
                        "Seed",
                        "K8S Version",
                        "Hibernation",
                        "Last Operation",
                        "Status",
                        "Purpose",
                        "Gardener Version",
                        "APIServer",
                        "Control",
                        "Observability",
                        "Nodes",
                        "System",
                        "Age");
        assertThat(wideNames(table))
                .containsExactly(
                        "Seed",
                        "Purpose",
                        "Gardener Version",
                        "APIServer",
                        "Control",
                        "Observability",
                        "Nodes",
                        "System");
        JsonNode age = table.path("columnDefinitions").get(16);
        assertThat(age.path("type").asText()).isEqualTo("date");
        assertThat(age.path("format").asText()).isEmpty();

        JsonNode cells = row(table, "crimson");
        List<String> texts = new ArrayList<>();
        cells.forEach(c -> texts.add(c.asText()));
        assertThat(texts.subList(0, 16))
                .containsExactly(
                        "crimson",
                        "aws",
                        "aws",
                        "eu-west-1",
                        "<none>",
                        "1.31.1",
                        "Awake",
                        "Reconcile Processing (42%)",
                        "healthy",
                        "evaluation",
                        "v1.150.0",
                        "True",
                        "<unknown>",
                        "<unknown>",
                        "<unknown>",
                        "<unknown>");
        assertThat(texts.get(16)).matches("\\d+s");

        // a single object gives the same row (the age may have ticked on in between)
        JsonNode single = row(table(shoot(ns, "crimson")), "crimson");
        List<String> singleTexts = new ArrayList<>();
        single.forEach(c -> singleTexts.add(c.asText()));
        assertThat(singleTexts.subList(0, 16)).isEqualTo(texts.subList(0, 16));
        assertThat(singleTexts.get(16)).matches("\\d+s");
    }

    @Test
    void seedTable() {
        JsonNode table = table(SEEDS + "/" + seed);
        assertThat(names(table))
                .containsExactly(
                        "Name", "Status", "Last Operation", "Provider", "Region", "Age", "Version", "K8S Version");
        assertThat(wideNames(table)).isEmpty();
        JsonNode cells = row(table, seed);
        assertThat(cells.get(1).asText()).isEqualTo("Ready");
        assertThat(cells.get(2).asText()).isEqualTo("<pending>");
        assertThat(cells.get(3).asText()).isEqualTo("aws");
        assertThat(cells.get(4).asText()).isEqualTo("eu-west-1");
        assertThat(cells.get(5).asText()).matches("\\d+s");
        assertThat(cells.get(6).asText()).isEqualTo("v1.150.0");
        assertThat(cells.get(7).asText()).isEqualTo("1.32.0");
    }

    @Test
    void coreV1Tables() {
        JsonNode namespaces = table("/api/v1/namespaces/" + ns);
        assertThat(names(namespaces)).containsExactly("Name", "Status", "Age");
        assertThat(row(namespaces, ns).get(1).asText()).isEqualTo("Active");
        JsonNode secrets = table("/api/v1/namespaces/" + ns + "/secrets");
        assertThat(names(secrets)).containsExactly("Name", "Type", "Data", "Age");
    }

    @Test
    void kubectlPrintsGardenersHeaders() throws Exception {
        Kubectl kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());

        String out = kubectl.ok("get", "shoots", "-n", ns);
        assertThat(out.lines().findFirst().orElse("").split("\\s{2,}"))
                .containsExactly(
                        "NAME",
                        "CLOUDPROFILE",
                        "PROVIDER",
                        "REGION",
                        "K8S VERSION",
                        "HIBERNATION",
                        "LAST OPERATION",
                        "STATUS",
                        "AGE");
        assertThat(out)
                .containsPattern("(?m)^crimson\\s+aws\\s+aws\\s+eu-west-1\\s+1\\.31\\.1\\s+Awake\\s+"
                        + "Reconcile Processing \\(42%\\)\\s+healthy\\s+\\d+s\\s*$");

        String wide = kubectl.ok("get", "shoots", "-n", ns, "-o", "wide");
        assertThat(wide.lines().findFirst().orElse("").split("\\s{2,}"))
                .containsExactly(
                        "NAME",
                        "CLOUDPROFILE",
                        "PROVIDER",
                        "REGION",
                        "SEED",
                        "K8S VERSION",
                        "HIBERNATION",
                        "LAST OPERATION",
                        "STATUS",
                        "PURPOSE",
                        "GARDENER VERSION",
                        "APISERVER",
                        "CONTROL",
                        "OBSERVABILITY",
                        "NODES",
                        "SYSTEM",
                        "AGE");
        assertThat(wide)
                .containsPattern(
                        "(?m)^crimson\\s+aws\\s+aws\\s+eu-west-1\\s+<none>\\s+1\\.31\\.1\\s+Awake\\s+"
                                + "Reconcile Processing \\(42%\\)\\s+healthy\\s+evaluation\\s+v1\\.150\\.0\\s+True\\s+<unknown>");

        String seeds = kubectl.ok("get", "seeds", seed);
        assertThat(seeds.lines().findFirst().orElse("").split("\\s{2,}"))
                .containsExactly(
                        "NAME", "STATUS", "LAST OPERATION", "PROVIDER", "REGION", "AGE", "VERSION", "K8S VERSION");
        assertThat(seeds)
                .containsPattern("(?m)^" + seed + "\\s+Ready\\s+<pending>\\s+aws\\s+eu-west-1\\s+\\d+s\\s+"
                        + "v1\\.150\\.0\\s+1\\.32\\.0\\s*$");
    }

    @Test
    void kubectlWatchPrintsGardenerRows() throws Exception {
        Kubectl kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        try (Kubectl.Background watch = kubectl.start("get", "shoots", "-n", ns, "-w")) {
            assertThat(watch.awaitStdout(s -> s.contains("crimson"), Duration.ofSeconds(20)))
                    .as(watch.stdout() + watch.stderr())
                    .isTrue();
            assertThat(watch.stdout().lines().findFirst().orElse(""))
                    .startsWith("NAME")
                    .contains("HIBERNATION");
            patchStatus(shoot(ns, "crimson"), "{\"status\":{\"hibernated\":true}}");
            assertThat(watch.awaitStdout(s -> s.contains("Waking Up"), Duration.ofSeconds(20)))
                    .as(watch.stdout() + watch.stderr())
                    .isTrue();
        } finally {
            patchStatus(shoot(ns, "crimson"), "{\"status\":{\"hibernated\":false}}");
        }
    }
}

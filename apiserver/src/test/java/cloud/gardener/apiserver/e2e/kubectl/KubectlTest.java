package cloud.gardener.apiserver.e2e.kubectl;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Black-box tests: the real kubectl against the real server on a real etcd. */
@Tag("integration")
class KubectlTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    private static final String NS = "garden-kubectl";
    private static final String QUOTAS = "/apis/core.gardener.cloud/v1beta1/namespaces/" + NS + "/quotas/";

    private static Kubectl kubectl;

    @BeforeAll
    static void setUp() throws Exception {
        kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        // YAML via -f: `kubectl create namespace` would send protobuf
        kubectl.okWithInput("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + NS + "\n", "create", "-f", "-");
        // the namespace is a project's, as Shoots need
        kubectl.okWithInput(
                "apiVersion: core.gardener.cloud/v1beta1\nkind: Project\nmetadata:\n  name: kubectl\n"
                        + "spec:\n  namespace: " + NS + "\n",
                "create",
                "-f",
                "-");
    }

    private static String quota(String name, String cpu) {
        return """
                apiVersion: core.gardener.cloud/v1beta1
                kind: Quota
                metadata:
                  name: %s
                  namespace: %s
                spec:
                  scope:
                    apiVersion: v1
                    kind: Secret
                  metrics:
                    cpu: "%s"
                """.formatted(name, NS, cpu);
    }

    private static JsonNode getJson(String resource, String name) throws Exception {
        return Json.MAPPER.readTree(kubectl.ok("get", resource, name, "-n", NS, "-o", "json"));
    }

    private static String rv(JsonNode obj) {
        return obj.path("metadata").path("resourceVersion").asText();
    }

    // ---- discovery

    @Test
    void apiResourcesListsEveryResourceWithItsShortNames() {
        ResourceRegistry registry = ResourceRegistry.standard(true);
        String out = kubectl.ok("api-resources");
        Map<String, Map<String, String>> rows = table(out);
        for (ResourceType rt : registry.resources()) {
            String version = registry.preferredVersion(rt.group())
                    .filter(rt::servesVersion)
                    .orElse(rt.versions().get(0));
            String apiVersion = rt.group().isEmpty() ? version : rt.group() + "/" + version;
            Map<String, String> row = rows.get(rt.plural() + " " + apiVersion);
            assertThat(row)
                    .as("api-resources row of %s in %s:\n%s", rt.plural(), apiVersion, out)
                    .isNotNull();
            assertThat(row.get("SHORTNAMES")).as(rt.plural()).isEqualTo(String.join(",", rt.shortNames()));
            assertThat(row.get("NAMESPACED")).as(rt.plural()).isEqualTo(Boolean.toString(rt.namespaced()));
            assertThat(row.get("KIND")).as(rt.plural()).isEqualTo(rt.kind());
        }
        assertThat(rows).hasSize(registry.resources().size());
    }

    @Test
    void everyShortNameResolves() {
        List<String> shortNames = ResourceRegistry.standard(true).resources().stream()
                .flatMap(rt -> rt.shortNames().stream())
                .toList();
        assertThat(shortNames).isNotEmpty();
        // one kubectl for all (it resolves each name of the list and fails on any it cannot; -n is ignored for
        // cluster-scoped kinds)
        Kubectl.Result r = kubectl.run("get", String.join(",", shortNames), "-n", NS);
        assertThat(r.exitCode())
                .as("kubectl get %s: %s", shortNames, r.describe())
                .isZero();
    }

    @Test
    void explainShootAndItsSpec() {
        String shoot = kubectl.ok("explain", "shoot");
        assertThat(shoot)
                .contains("KIND:", "Shoot")
                .contains("core.gardener.cloud")
                .contains("spec");
        String spec = kubectl.ok("explain", "shoot.spec");
        assertThat(spec).contains("Shoot").contains("FIELD: spec");
    }

    // ---- create, read

    @Test
    void createThenGetListYamlAndJson() throws Exception {
        assertThat(kubectl.okWithInput(quota("read", "10"), "create", "-f", "-"))
                .contains("quota.core.gardener.cloud/read created");

        JsonNode obj = getJson("quotas", "read");
        assertThat(obj.path("kind").asText()).isEqualTo("Quota");
        assertThat(obj.path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
        assertThat(obj.path("spec").path("metrics").path("cpu").asText()).isEqualTo("10");
        assertThat(obj.path("metadata").path("uid").asText()).isNotEmpty();
        assertThat(obj.path("metadata").path("creationTimestamp").asText()).isNotEmpty();

        JsonNode yaml = Json.YAML.readTree(kubectl.ok("get", "quota", "read", "-n", NS, "-o", "yaml"));
        assertThat(yaml).isEqualTo(obj);

        String table = kubectl.ok("get", "quotas", "-n", NS);
        assertThat(table.lines().findFirst().orElse("")).startsWith("NAME");
        assertThat(table).containsPattern("(?m)^read\\s");

        JsonNode list = Json.MAPPER.readTree(kubectl.ok("get", "squota", "-n", NS, "-o", "json"));
        assertThat(list.path("kind").asText()).isEqualTo("List");
        List<String> names = new ArrayList<>();
        list.path("items")
                .forEach(i -> names.add(i.path("metadata").path("name").asText()));
        assertThat(names).contains("read");

        assertThat(kubectl.ok("get", "quotas.core.gardener.cloud", "read", "-n", NS, "-o", "name"))
                .isEqualTo("quota.core.gardener.cloud/read\n");
    }

    @Test
    void createOfDuplicateIsAlreadyExists() {
        kubectl.okWithInput(quota("dup", "1"), "create", "-f", "-");
        Kubectl.Result again = kubectl.runWithInput(quota("dup", "1"), "create", "-f", "-");
        assertThat(again.exitCode()).as(again.describe()).isNotZero();
        assertThat(again.stderr())
                .contains("AlreadyExists")
                .contains("quotas.core.gardener.cloud \"dup\" already exists");
    }

    @Test
    void getOfMissingObjectIsNotFound() {
        Kubectl.Result r = kubectl.run("get", "quota", "missing", "-n", NS);
        assertThat(r.exitCode()).as(r.describe()).isNotZero();
        assertThat(r.stderr())
                .isEqualTo("Error from server (NotFound): quotas.core.gardener.cloud \"missing\" not found");
    }

    @Test
    void getOfMissingNamespaceObjectIsNotFound() {
        Kubectl.Result r = kubectl.run("get", "namespace", "missing-ns");
        assertThat(r.exitCode()).as(r.describe()).isNotZero();
        assertThat(r.stderr()).isEqualTo("Error from server (NotFound): namespaces \"missing-ns\" not found");
        assertThat(kubectl.ok("get", "namespace", NS, "-o", "name")).isEqualTo("namespace/" + NS + "\n");
    }

    @Test
    void getShootsAcrossNamespacesShowsNamespaceColumn() {
        kubectl.okWithInput("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: Shoot
                metadata:
                  name: across
                  namespace: %s
                spec:
                  cloudProfileName: local
                  region: local
                  provider:
                    type: local
                  kubernetes:
                    version: 1.31.1
                """.formatted(NS), "create", "-f", "-");
        String out = kubectl.ok("get", "shoots", "-A");
        assertThat(out.lines().findFirst().orElse("")).startsWith("NAMESPACE").contains("NAME");
        assertThat(out).containsPattern("(?m)^" + NS + "\\s+across\\s");
    }

    // ---- writes

    @Test
    void applyTwiceSecondIsUnchanged() throws Exception {
        assertThat(kubectl.okWithInput(quota("applied", "2"), "apply", "-f", "-"))
                .isEqualTo("quota.core.gardener.cloud/applied created\n");
        String first = rv(getJson("quota", "applied"));
        assertThat(kubectl.okWithInput(quota("applied", "2"), "apply", "-f", "-"))
                .isEqualTo("quota.core.gardener.cloud/applied unchanged\n");
        assertThat(rv(getJson("quota", "applied"))).isEqualTo(first);

        assertThat(kubectl.okWithInput(quota("applied", "3"), "apply", "-f", "-"))
                .isEqualTo("quota.core.gardener.cloud/applied configured\n");
        JsonNode changed = getJson("quota", "applied");
        assertThat(changed.path("spec").path("metrics").path("cpu").asText()).isEqualTo("3");
        assertThat(rv(changed)).isNotEqualTo(first);
        assertThat(changed.path("metadata")
                        .path("annotations")
                        .path("kubectl.kubernetes.io/last-applied-configuration")
                        .asText())
                .contains("\"cpu\":\"3\"");
    }

    @Test
    void patchWithMergeAndJsonPatch() throws Exception {
        kubectl.okWithInput(quota("patched", "1"), "create", "-f", "-");
        assertThat(kubectl.ok(
                        "patch",
                        "quota",
                        "patched",
                        "-n",
                        NS,
                        "--type",
                        "merge",
                        "-p",
                        "{\"spec\":{\"metrics\":{\"memory\":\"1Gi\"}}}"))
                .contains("patched");
        assertThat(kubectl.ok(
                        "patch",
                        "quota",
                        "patched",
                        "-n",
                        NS,
                        "--type",
                        "json",
                        "-p",
                        "[{\"op\":\"replace\",\"path\":\"/spec/metrics/cpu\",\"value\":\"5\"},"
                                + "{\"op\":\"add\",\"path\":\"/spec/clusterLifetimeDays\",\"value\":7}]"))
                .contains("patched");
        JsonNode obj = getJson("quota", "patched");
        assertThat(obj.path("spec").path("metrics").path("memory").asText()).isEqualTo("1Gi");
        assertThat(obj.path("spec").path("metrics").path("cpu").asText()).isEqualTo("5");
        assertThat(obj.path("spec").path("clusterLifetimeDays").asInt()).isEqualTo(7);
        // Quota's strategy keeps no generation
        assertThat(obj.path("metadata").has("generation")).isFalse();

        Kubectl.Result bad = kubectl.run(
                "patch",
                "quota",
                "patched",
                "-n",
                NS,
                "--type",
                "json",
                "-p",
                "[{\"op\":\"test\",\"path\":\"/spec/metrics/cpu\",\"value\":\"6\"}]");
        assertThat(bad.exitCode()).as(bad.describe()).isNotZero();
    }

    @Test
    void labelAndAnnotate() throws Exception {
        kubectl.okWithInput(quota("tagged", "1"), "create", "-f", "-");
        assertThat(kubectl.ok("label", "quota", "tagged", "-n", NS, "tier=gold"))
                .isEqualTo("quota.core.gardener.cloud/tagged labeled\n");
        assertThat(kubectl.ok("annotate", "quota", "tagged", "-n", NS, "owner=team-a"))
                .isEqualTo("quota.core.gardener.cloud/tagged annotated\n");
        JsonNode obj = getJson("quota", "tagged");
        assertThat(obj.path("metadata").path("labels").path("tier").asText()).isEqualTo("gold");
        assertThat(obj.path("metadata").path("annotations").path("owner").asText())
                .isEqualTo("team-a");

        assertThat(kubectl.ok("get", "quotas", "-n", NS, "-l", "tier=gold", "-o", "name"))
                .isEqualTo("quota.core.gardener.cloud/tagged\n");
        kubectl.ok("label", "quota", "tagged", "-n", NS, "tier-");
        assertThat(getJson("quota", "tagged").path("metadata").path("labels").has("tier"))
                .isFalse();
        kubectl.ok("label", "quota", "tagged", "-n", NS, "owner=x", "other=y");
        Kubectl.Result overwrite = kubectl.run("label", "quota", "tagged", "-n", NS, "owner=z");
        assertThat(overwrite.exitCode()).as("label without --overwrite").isNotZero();
        assertThat(overwrite.stderr()).contains("already has a value");
    }

    @Test
    void replaceWithStaleResourceVersionIsConflict() throws Exception {
        kubectl.okWithInput(quota("stale", "1"), "create", "-f", "-");
        String old = kubectl.ok("get", "quota", "stale", "-n", NS, "-o", "yaml");
        kubectl.ok("annotate", "quota", "stale", "-n", NS, "touched=yes");

        Kubectl.Result r = kubectl.runWithInput(old, "replace", "-f", "-");
        assertThat(r.exitCode()).as(r.describe()).isNotZero();
        assertThat(r.stderr())
                .contains("Conflict")
                .contains(
                        "Operation cannot be fulfilled on quotas.core.gardener.cloud "
                                + "\"stale\": the object has been modified; please apply your changes to the latest version and try again");

        String current =
                kubectl.ok("get", "quota", "stale", "-n", NS, "-o", "yaml").replace("cpu: \"1\"", "cpu: \"9\"");
        assertThat(kubectl.okWithInput(current, "replace", "-f", "-")).contains("replaced");
        assertThat(getJson("quota", "stale")
                        .path("spec")
                        .path("metrics")
                        .path("cpu")
                        .asText())
                .isEqualTo("9");
    }

    @Test
    void dryRunServerPrintsObjectButStoresNothing() {
        String out = kubectl.okWithInput(quota("dry", "1"), "create", "-f", "-", "--dry-run=server", "-o", "yaml");
        assertThat(out).contains("name: dry").contains("cpu: \"1\"");
        Kubectl.Result get = kubectl.run("get", "quota", "dry", "-n", NS);
        assertThat(get.exitCode()).isNotZero();
        assertThat(get.stderr()).contains("NotFound");
        assertThat(kubectl.okWithInput(quota("dry", "1"), "apply", "-f", "-", "--dry-run=server"))
                .contains("(server dry run)");
        assertThat(kubectl.run("get", "quota", "dry", "-n", NS).stderr()).contains("NotFound");
    }

    // ---- delete

    @Test
    void deleteReturnsOnceTheObjectIsGone() {
        kubectl.okWithInput(quota("gone", "1"), "create", "-f", "-");
        assertThat(kubectl.ok("delete", "quota", "gone", "-n", NS, "--timeout=20s"))
                .isEqualTo("quota.core.gardener.cloud \"gone\" deleted\n");
        TestClient.Response after = SERVER.admin().get(QUOTAS + "gone");
        assertThat(after.status()).isEqualTo(404);
        assertThat(kubectl.run("get", "quota", "gone", "-n", NS).stderr()).contains("NotFound");
    }

    @Test
    void deleteWithFinalizerAndNoWaitLeavesDeletionTimestamp() throws Exception {
        kubectl.okWithInput("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: Quota
                metadata:
                  name: kept
                  namespace: %s
                  finalizers: ["example.com/keep"]
                spec:
                  scope:
                    apiVersion: v1
                    kind: Secret
                  metrics:
                    cpu: "1"
                """.formatted(NS), "create", "-f", "-");
        assertThat(kubectl.ok("delete", "quota", "kept", "-n", NS, "--wait=false"))
                .isEqualTo("quota.core.gardener.cloud \"kept\" deleted\n");
        JsonNode obj = getJson("quota", "kept");
        assertThat(obj.path("metadata").path("deletionTimestamp").asText()).isNotEmpty();
        assertThat(obj.path("metadata").path("finalizers").get(0).asText()).isEqualTo("example.com/keep");

        kubectl.ok("patch", "quota", "kept", "-n", NS, "--type", "merge", "-p", "{\"metadata\":{\"finalizers\":null}}");
        assertThat(SERVER.admin().get(QUOTAS + "kept").status()).isEqualTo(404);
    }

    // ---- list and watch

    @Test
    void chunkSizeOneReadsEveryPage() {
        String ns = "chunked";
        kubectl.okWithInput("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + ns + "\n", "create", "-f", "-");
        for (String name : List.of("c1", "c2", "c3")) {
            kubectl.okWithInput(quota(name, "1").replace("namespace: " + NS, "namespace: " + ns), "create", "-f", "-");
        }
        Kubectl.Result r = kubectl.run("get", "quotas", "-n", ns, "--chunk-size=1", "-v=6");
        assertThat(r.exitCode()).as(r.describe()).isZero();
        assertThat(r.stdout())
                .containsPattern("(?m)^c1\\s")
                .containsPattern("(?m)^c2\\s")
                .containsPattern("(?m)^c3\\s");
        assertThat(r.stdout().lines().count()).isEqualTo(4);
        long pages = r.stderr()
                .lines()
                .filter(l -> l.contains("/quotas?") && l.contains("limit=1"))
                .count();
        long continued = r.stderr().lines().filter(l -> l.contains("continue=")).count();
        assertThat(pages).as(r.stderr()).isGreaterThanOrEqualTo(3);
        assertThat(continued).as(r.stderr()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void watchSeesAnUpdateMadeThroughTheApi() throws Exception {
        kubectl.okWithInput(quota("watched", "1"), "create", "-f", "-");
        try (Kubectl.Background watch = kubectl.start(
                "get", "quotas", "-n", NS, "-w", "-o", "custom-columns=NAME:.metadata.name,CPU:.spec.metrics.cpu")) {
            assertThat(watch.awaitStdout(s -> s.contains("watched"), Duration.ofSeconds(15)))
                    .as("initial list: %s / %s", watch.stdout(), watch.stderr())
                    .isTrue();
            TestClient.Response patched = SERVER.admin()
                    .patch(
                            QUOTAS + "watched",
                            "application/merge-patch+json",
                            "{\"spec\":{\"metrics\":{\"cpu\":\"42\"}}}");
            assertThat(patched.status()).as(patched.body()).isEqualTo(200);
            assertThat(watch.awaitStdout(
                            s -> s.lines().anyMatch(l -> l.matches("watched\\s+42")), Duration.ofSeconds(15)))
                    .as("watch output: %s / %s", watch.stdout(), watch.stderr())
                    .isTrue();
            assertThat(watch.isAlive()).isTrue();
        }
    }

    // ---- older clients

    /** kubectl up to 1.28 reads /openapi/v2 as protobuf before every create (field validation support). */
    @ParameterizedTest
    @ValueSource(strings = {"1.27", "1.28"})
    void olderKubectlCreatesReadsAppliesAndDeletes(String minor) throws Exception {
        Path binary = Kubectl.version(minor).orElse(null);
        if (binary == null) {
            System.out.println("SKIPPED: kubectl." + minor + " not installed beside kubectl");
        }
        Assumptions.assumeTrue(binary != null, "kubectl." + minor + " not installed beside kubectl");
        Kubectl old = Kubectl.forBinary(binary, SERVER.adminKubeconfig());
        String name = "old-" + minor.replace('.', '-');
        assertThat(old.okWithInput(quota(name, "1"), "create", "-f", "-"))
                .isEqualTo("quota.core.gardener.cloud/" + name + " created\n");
        JsonNode obj = Json.MAPPER.readTree(old.ok("get", "quota", name, "-n", NS, "-o", "json"));
        assertThat(obj.path("spec").path("metrics").path("cpu").asText()).isEqualTo("1");
        assertThat(old.ok("get", "quotas", "-n", NS)).containsPattern("(?m)^" + name + "\\s");
        assertThat(old.okWithInput(quota(name, "2"), "apply", "-f", "-")).contains(name + " configured");
        assertThat(old.okWithInput(quota(name, "2"), "apply", "-f", "-")).contains(name + " unchanged");
        assertThat(old.ok("explain", "shoot.spec")).contains("Shoot");
        assertThat(old.ok("delete", "quota", name, "-n", NS)).contains("deleted");
        assertThat(SERVER.admin().get(QUOTAS + name).status()).isEqualTo(404);
    }

    // ---- who may do what

    /** {@code auth can-i}, {@code auth can-i --list} and {@code auth whoami}, as each kubectl version asks them. */
    @ParameterizedTest
    @ValueSource(strings = {"", "1.27", "1.28", "1.33"})
    void authCanIAndWhoAmI(String minor) throws Exception {
        Kubectl k = versioned(minor);
        assertThat(k.ok("auth", "can-i", "create", "shoots", "-n", NS)).isEqualTo("yes\n");
        assertThat(k.ok("auth", "can-i", "delete", "seeds.core.gardener.cloud")).isEqualTo("yes\n");
        String list = k.ok("auth", "can-i", "--list", "-n", NS);
        assertThat(list.lines().findFirst().orElse("")).startsWith("Resources").contains("Verbs");
        assertThat(list)
                .containsPattern("(?m)^\\*\\.\\*\\s+\\[\\]\\s+\\[\\]\\s+\\[\\*\\]")
                .containsPattern("(?m)^\\s+\\[\\*\\]\\s+\\[\\]\\s+\\[\\*\\]");
        String whoami = k.ok("auth", "whoami");
        assertThat(whoami).containsPattern("(?m)^Username\\s+admin$").contains("system:masters");

        // a project member: yes where the project's roles say so, no elsewhere (exit code 1)
        Kubectl member = Kubectl.forBinary(
                k.binary(), SERVER.kubeconfig("member-" + minor + "@example.com", List.of("system:authenticated")));
        kubectl.okWithInput(
                "apiVersion: core.gardener.cloud/v1beta1\nkind: Project\nmetadata:\n  name: kubectl\n"
                        + "spec:\n  namespace: " + NS
                        + "\n  members:\n  - {apiGroup: rbac.authorization.k8s.io, kind: User, "
                        + "name: member-" + minor + "@example.com, role: viewer}\n",
                "apply",
                "-f",
                "-");
        assertThat(awaitOutput(member, "yes\n", "auth", "can-i", "get", "shoots.core.gardener.cloud", "-n", NS))
                .isTrue();
        Kubectl.Result no = member.run("auth", "can-i", "create", "shoots.core.gardener.cloud", "-n", NS);
        assertThat(no.exitCode()).as(no.describe()).isEqualTo(1);
        assertThat(no.stdout()).isEqualTo("no\n");
        assertThat(member.ok("auth", "can-i", "--list", "-n", NS))
                .containsPattern("(?m)^shoots\\.core\\.gardener\\.cloud\\s+\\[\\]\\s+\\[\\]\\s+\\[get list watch\\]");
        assertThat(member.ok("auth", "whoami"))
                .contains("member-" + minor + "@example.com")
                .contains("system:authenticated");
    }

    /** {@code kubectl events} and {@code kubectl get events}: a legacy and an events.k8s.io event, in each version. */
    @ParameterizedTest
    @ValueSource(strings = {"", "1.27", "1.28", "1.33"})
    void eventsAndGetEvents(String minor) throws Exception {
        Kubectl k = versioned(minor);
        String suffix = minor.isEmpty() ? "current" : minor.replace('.', '-');
        String time = java.time.Instant.now()
                .minusSeconds(30)
                .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                .toString();
        TestClient.Response legacy = SERVER.admin()
                .post("/api/v1/namespaces/" + NS + "/events", """
                {"apiVersion":"v1","kind":"Event","metadata":{"name":"legacy-%s"},
                 "involvedObject":{"kind":"Quota","namespace":"%s","name":"q-%s",
                   "apiVersion":"core.gardener.cloud/v1beta1"},
                 "reason":"Scaled","message":"legacy event %s","source":{"component":"gardenlet"},
                 "firstTimestamp":"%s","lastTimestamp":"%s","count":2,"type":"Warning"}
                """.formatted(suffix, NS, suffix, suffix, time, time));
        assertThat(legacy.status()).as(legacy.body()).isEqualTo(201);
        TestClient.Response current = SERVER.admin()
                .post("/apis/events.k8s.io/v1/namespaces/" + NS + "/events", """
                {"apiVersion":"events.k8s.io/v1","kind":"Event","metadata":{"name":"new-%s"},
                 "eventTime":"%s","reportingController":"gardener.cloud/test","reportingInstance":"i-1",
                 "action":"Reconcile","reason":"Reconciled","type":"Normal",
                 "regarding":{"kind":"Shoot","namespace":"%s","name":"s-%s"},"note":"new event %s"}
                """.formatted(
                                suffix, time.replace("Z", ".000000Z"), NS, suffix, suffix));
        assertThat(current.status()).as(current.body()).isEqualTo(201);

        String events = k.ok("events", "-n", NS);
        assertThat(events.lines().findFirst().orElse(""))
                .containsPattern("LAST SEEN\\s+TYPE\\s+REASON\\s+OBJECT\\s+MESSAGE");
        assertThat(events)
                .containsPattern("(?m)Warning\\s+Scaled\\s+Quota/q-" + suffix + "\\s+legacy event " + suffix)
                .containsPattern("(?m)Normal\\s+Reconciled\\s+Shoot/s-" + suffix + "\\s+new event " + suffix);

        String table = k.ok("get", "events", "-n", NS);
        assertThat(table.lines().findFirst().orElse(""))
                .containsPattern("^LAST SEEN\\s+TYPE\\s+REASON\\s+OBJECT\\s+MESSAGE$");
        assertThat(table)
                .containsPattern(
                        "(?m)^\\d+s\\s+Warning\\s+Scaled\\s+quota/q-" + suffix + "\\s+legacy event " + suffix + "$")
                .containsPattern(
                        "(?m)^\\d+s\\s+Normal\\s+Reconciled\\s+shoot/s-" + suffix + "\\s+new event " + suffix + "$");
        assertThat(k.ok("get", "events.events.k8s.io", "-n", NS, "-o", "wide"))
                .containsPattern("(?m)Scaled\\s+quota/q-" + suffix + "\\s+gardenlet\\s+legacy event " + suffix
                        + "\\s+\\d+s\\s+2\\s+legacy-" + suffix + "$");
        JsonNode json =
                Json.MAPPER.readTree(k.ok("get", "events.events.k8s.io", "new-" + suffix, "-n", NS, "-o", "json"));
        assertThat(json.path("note").asText()).isEqualTo("new event " + suffix);
    }

    /** The kubectl on PATH for {@code ""}, else {@code kubectl.<minor>} (the test is skipped when that is missing). */
    private static Kubectl versioned(String minor) throws Exception {
        if (minor.isEmpty()) {
            return kubectl;
        }
        Path binary = Kubectl.version(minor).orElse(null);
        if (binary == null) {
            System.out.println("SKIPPED: kubectl." + minor + " not installed beside kubectl");
        }
        Assumptions.assumeTrue(binary != null, "kubectl." + minor + " not installed beside kubectl");
        return Kubectl.forBinary(binary, SERVER.adminKubeconfig());
    }

    /** Runs until stdout is {@code expected} (the authorizer reads Projects from a cache) or 10 s have passed. */
    private static boolean awaitOutput(Kubectl k, String expected, String... args) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            if (k.run(args).stdout().equals(expected)) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }

    // ---- helpers

    /** A kubectl table keyed by "NAME APIVERSION", cells sliced at the header's column starts. */
    private static Map<String, Map<String, String>> table(String out) {
        List<String> lines = out.lines().toList();
        String header = lines.get(0);
        List<String> columns = List.of(header.trim().split("\\s+"));
        List<Integer> starts = new ArrayList<>();
        for (String c : columns) {
            starts.add(header.indexOf(c, starts.isEmpty() ? 0 : starts.get(starts.size() - 1) + 1));
        }
        Map<String, Map<String, String>> rows = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                int from = Math.min(starts.get(i), line.length());
                int to = i + 1 < columns.size() ? Math.min(starts.get(i + 1), line.length()) : line.length();
                row.put(columns.get(i), line.substring(from, to).trim());
            }
            rows.put(row.get("NAME") + " " + row.get("APIVERSION"), row);
        }
        return rows;
    }
}

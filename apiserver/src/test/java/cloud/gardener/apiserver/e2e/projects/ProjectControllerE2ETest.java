package cloud.gardener.apiserver.e2e.projects;

import static cloud.gardener.apiserver.e2e.Fixtures.NAMESPACES;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Standalone mode's project controller, driven by the real kubectl: a Project gets its namespace with Gardener's
 * labels, annotations and owner reference and becomes Ready, Shoots can then be created in it (bound either way),
 * and a confirmed deletion releases the namespace once it holds no Shoots; Gardener's events about it are shown by
 * {@code kubectl events}. The garden (CloudProfile, registrations, Seed) is the repository's own {@code examples/}.
 */
@Tag("integration")
class ProjectControllerE2ETest {

    private static final Path EXAMPLES = Path.of("..", "examples");

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> config.projectController(true));

    static Kubectl kubectl;
    static TestClient admin;

    @BeforeAll
    static void garden() throws Exception {
        Kubectl.assumeInstalled();
        kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        admin = SERVER.admin();
        for (String file : new String[] {"10-cloudprofile.yaml", "20-controllerregistrations.yaml", "30-seed.yaml"}) {
            kubectl.ok("create", "-f", EXAMPLES.resolve(file).toString());
        }
    }

    private static String project(String name, String namespace) {
        return "apiVersion: core.gardener.cloud/v1beta1\nkind: Project\nmetadata:\n  name: " + name + "\n"
                + (namespace == null ? "" : "spec:\n  namespace: " + namespace + "\n");
    }

    private static JsonNode get(String... args) throws Exception {
        String[] all = new String[args.length + 3];
        all[0] = "get";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "-o";
        all[args.length + 2] = "json";
        return Json.MAPPER.readTree(kubectl.ok(all));
    }

    private static boolean exists(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "get";
        System.arraycopy(args, 0, all, 1, args.length);
        return kubectl.run(all).succeeded();
    }

    /** What {@code kubectl events} shows about a Project (cluster-scoped: its events are in {@code default}). */
    private static String events(String project) {
        return kubectl.ok("events", "-n", "default", "--for=project/" + project);
    }

    private static String phase(String project) {
        return kubectl.ok("get", "project", project, "-o", "jsonpath={.status.phase}");
    }

    private static void eventually(String what, BooleanSupplier condition) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
        while (!condition.getAsBoolean()) {
            assertThat(Instant.now()).as("waiting for " + what).isBefore(deadline);
            Thread.sleep(200);
        }
    }

    private static void confirmAndDelete(String... resource) {
        String[] annotate = new String[resource.length + 2];
        annotate[0] = "annotate";
        System.arraycopy(resource, 0, annotate, 1, resource.length);
        annotate[resource.length + 1] = "confirmation.gardener.cloud/deletion=true";
        kubectl.ok(annotate);
        String[] delete = new String[resource.length + 2];
        delete[0] = "delete";
        System.arraycopy(resource, 0, delete, 1, resource.length);
        delete[resource.length + 1] = "--wait=false";
        kubectl.ok(delete);
    }

    private static ObjectNode shoot(String namespace, BindingKind kind) throws Exception {
        ObjectNode shoot = (ObjectNode) Json.YAML.readTree(Files.readString(EXAMPLES.resolve("50-shoot.yaml")));
        shoot.withObjectProperty("metadata").put("namespace", namespace);
        return kind.bind(shoot, "local");
    }

    @ParameterizedTest
    @EnumSource(BindingKind.class)
    @SuppressWarnings("EnumOrdinal") // the index only keeps the names short (a project's is 10 characters at most)
    void aProjectGetsItsNamespaceAndShootsCanBeCreatedThereUntilItIsDeleted(BindingKind kind) throws Exception {
        String name = "py" + (kind.ordinal() == 0 ? "" : "-" + kind.ordinal());
        String ns = "garden-" + name;
        assertThat(kubectl.okWithInput(project(name, ns), "create", "-f", "-"))
                .isEqualTo("project.core.gardener.cloud/" + name + " created\n");
        eventually("project " + name + " Ready", () -> "Ready".equals(phase(name)));

        JsonNode project = get("project", name);
        assertThat(project.at("/metadata/finalizers"))
                .extracting(JsonNode::asText)
                .containsExactly("gardener");
        assertThat(project.at("/status/observedGeneration").asLong())
                .isEqualTo(project.at("/metadata/generation").asLong());
        JsonNode namespace = get("namespace", ns);
        assertThat(namespace.at("/metadata/labels/gardener.cloud~1role").asText())
                .isEqualTo("project");
        assertThat(namespace.at("/metadata/labels/project.gardener.cloud~1name").asText())
                .isEqualTo(name);
        assertThat(namespace
                        .at("/metadata/annotations/namespace.gardener.cloud~1project")
                        .asText())
                .isEqualTo(project.at("/metadata/uid").asText());
        assertThat(namespace
                        .at("/metadata/annotations/namespace.gardener.cloud~1created-by-project-controller")
                        .asText())
                .isEqualTo("true");
        JsonNode owner = namespace.at("/metadata/ownerReferences/0");
        assertThat(owner.path("kind").asText()).isEqualTo("Project");
        assertThat(owner.path("uid").asText())
                .isEqualTo(project.at("/metadata/uid").asText());
        assertThat(owner.path("controller").asBoolean()).isTrue();

        // Gardener's event about the namespace, once (later passes change nothing and record nothing)
        String reconciled = "Successfully reconciled namespace \"" + ns + "\" for project";
        eventually("the NamespaceReconcileSuccessful event", () -> events(name).contains(reconciled));
        assertThat(events(name)).contains("Normal", "NamespaceReconcileSuccessful");

        kind.create(admin, ns, "local", "local");
        assertThat(kubectl.okWithInput(shoot(ns, kind).toString(), "create", "-f", "-"))
                .isEqualTo("shoot.core.gardener.cloud/local created\n");

        // a Project whose namespace still holds Shoots waits, Terminating, and keeps its namespace
        confirmAndDelete("project", name);
        eventually("project " + name + " Terminating", () -> "Terminating".equals(phase(name)));
        assertThat(get("namespace", ns).at("/metadata/deletionTimestamp").isMissingNode())
                .isTrue();
        eventually(
                "the NamespaceNotEmpty event",
                () -> events(name)
                        .contains("Cannot release namespace \"" + ns + "\" because it still contains Shoots"));
        assertThat(events(name)).contains("Warning", "NamespaceNotEmpty");

        confirmAndDelete("shoot", "local", "-n", ns);
        eventually(
                "the NamespaceMarkedForDeletion event",
                () -> events(name).contains("Successfully marked project namespace \"" + ns + "\" for deletion"));
        eventually("namespace " + ns + " gone", () -> !exists("namespace", ns));
        eventually("project " + name + " gone", () -> !exists("project", name));
    }

    @Test
    void withoutSpecNamespaceTheNamespaceIsNamedAsGardenersControllerNamesIt() throws Exception {
        kubectl.okWithInput(project("unnamed", null), "create", "-f", "-");
        eventually("project unnamed Ready", () -> "Ready".equals(phase("unnamed")));
        JsonNode project = get("project", "unnamed");
        byte[] digest = MessageDigest.getInstance("SHA-256")
                .digest(project.at("/metadata/uid").asText().getBytes(StandardCharsets.UTF_8));
        String expected = "garden-unnamed-" + HexFormat.of().formatHex(digest).substring(0, 5);
        assertThat(project.at("/spec/namespace").asText()).isEqualTo(expected);
        assertThat(exists("namespace", expected)).isTrue();
    }

    @Test
    void anExistingNamespaceWithTheProjectLabelsIsAdoptedAndKeptAfterTheProject() throws Exception {
        create(
                admin,
                NAMESPACES,
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"garden-adopt\","
                        + "\"labels\":{\"gardener.cloud/role\":\"project\",\"project.gardener.cloud/name\":\"adopt\",\"team\":\"a\"}}}");
        kubectl.okWithInput(project("adopt", "garden-adopt"), "create", "-f", "-");
        eventually("project adopt Ready", () -> "Ready".equals(phase("adopt")));
        JsonNode adopted = get("namespace", "garden-adopt");
        assertThat(adopted.at("/metadata/annotations/namespace.gardener.cloud~1keep-after-project-deletion")
                        .asText())
                .isEqualTo("true");
        assertThat(adopted.at("/metadata/ownerReferences/0/name").asText()).isEqualTo("adopt");

        confirmAndDelete("project", "adopt");
        eventually("project adopt gone", () -> !exists("project", "adopt"));
        JsonNode kept = get("namespace", "garden-adopt");
        assertThat(kept.at("/metadata/deletionTimestamp").isMissingNode()).isTrue();
        assertThat(kept.at("/metadata/labels").toString())
                .doesNotContain("gardener.cloud/role", "project.gardener.cloud")
                .contains("\"team\":\"a\"");
        assertThat(kept.at("/metadata/annotations").toString()).doesNotContain("namespace.gardener.cloud");
        assertThat(kept.at("/metadata/ownerReferences").isEmpty()).isTrue();
    }

    @Test
    void aNamespaceWithoutTheProjectLabelsIsNotTakenAndTheProjectFails() throws Exception {
        create(
                admin,
                NAMESPACES,
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"garden-other\"}}");
        String before =
                get("namespace", "garden-other").at("/metadata/resourceVersion").asText();
        kubectl.okWithInput(project("other", "garden-other"), "create", "-f", "-");
        eventually("project other Failed", () -> "Failed".equals(phase("other")));
        eventually(
                "the NamespaceReconcileFailed event",
                () -> events("other")
                        .contains("namespace cannot be used as it "
                                + "needs the project labels map[string]string{\"gardener.cloud/role\":\"project\", "
                                + "\"project.gardener.cloud/name\":\"other\"}"));
        assertThat(events("other")).contains("Warning", "NamespaceReconcileFailed");
        assertThat(get("namespace", "garden-other")
                        .at("/metadata/resourceVersion")
                        .asText())
                .isEqualTo(before);
    }

    @Test
    void aReadyProjectIsLeftAloneByLaterPasses() throws Exception {
        kubectl.okWithInput(project("steady", "garden-steady"), "create", "-f", "-");
        eventually("project steady Ready", () -> "Ready".equals(phase("steady")));
        String project =
                get("project", "steady").at("/metadata/resourceVersion").asText();
        String namespace = get("namespace", "garden-steady")
                .at("/metadata/resourceVersion")
                .asText();
        Thread.sleep(2_500); // more than two resync periods
        assertThat(get("project", "steady").at("/metadata/resourceVersion").asText())
                .isEqualTo(project);
        assertThat(events("steady")
                        .lines()
                        .filter(l -> l.contains("NamespaceReconcileSuccessful"))
                        .count())
                .as("one event, not one per pass")
                .isEqualTo(1);
        assertThat(get("namespace", "garden-steady")
                        .at("/metadata/resourceVersion")
                        .asText())
                .isEqualTo(namespace);
    }
}

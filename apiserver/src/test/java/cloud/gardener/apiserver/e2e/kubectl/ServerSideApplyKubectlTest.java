package cloud.gardener.apiserver.e2e.kubectl;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Black-box tests of server-side apply with the real kubectl and Gardener's published examples:
 * {@code kubectl apply --server-side} creating and updating, conflicts between field managers and
 * {@code --force-conflicts}, client-side apply, and kubectl's upgrade from client-side to server-side apply.
 */
@Tag("integration")
class ServerSideApplyKubectlTest {

    @RegisterExtension
    // Beyond the Shoot garden checks, two plugins would change what the test compares: ExtensionLabels turns the
    // example's image placeholder into an invalid label, ProjectMutator adds the owner to the members.
    static final ApiServerExtension SERVER = new ApiServerExtension(
            config -> Fixtures.withoutShootGardenChecks(config, "ExtensionLabels", "ProjectMutator"));

    private static final Path EXAMPLES =
            Path.of(System.getProperty("gardener.examples", "../../shared/conformance/gardener-examples"));

    private static Kubectl kubectl;

    @BeforeAll
    static void setUp() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(EXAMPLES), "no Gardener examples at " + EXAMPLES);
        kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        kubectl.okWithInput("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: garden-dev\n", "create", "-f", "-");
    }

    private static String example(String file) throws Exception {
        return Files.readString(EXAMPLES.resolve(file));
    }

    private static JsonNode managedFields(String... resource) throws Exception {
        String[] args = new String[resource.length + 3];
        System.arraycopy(resource, 0, args, 1, resource.length);
        args[0] = "get";
        args[resource.length + 1] = "-o=json";
        args[resource.length + 2] = "--show-managed-fields";
        return Json.MAPPER.readTree(kubectl.ok(args)).path("metadata").path("managedFields");
    }

    private static JsonNode entry(JsonNode managedFields, String manager) {
        for (JsonNode e : managedFields) {
            if (e.path("manager").asText().equals(manager)) {
                return e;
            }
        }
        return null;
    }

    @Test
    void serverSideApplyOfAShootWithConflictsAndForce() throws Exception {
        // the example's type placeholders filled in, as Gardener's validation wants label-like names
        String shoot = example("90-shoot.yaml")
                .replace("<some-provider-name>", "aws")
                .replace("<some-network-extension-name>", "calico")
                // without ShootMutator here (no garden), the version the mutator would default
                .replace("  kubernetes:\n", "  kubernetes:\n    version: 1.31.1\n");
        assertThat(kubectl.okWithInput(shoot, "apply", "--server-side", "-f", "-"))
                .contains("shoot.core.gardener.cloud/crazy-botany serverside-applied");
        JsonNode managed = managedFields("shoot", "crazy-botany", "-n", "garden-dev");
        JsonNode mine = entry(managed, "kubectl");
        assertThat(mine).as(managed.toString()).isNotNull();
        assertThat(mine.path("operation").asText()).isEqualTo("Apply");
        assertThat(mine.path("fieldsV1")
                        .path("f:spec")
                        .path("f:provider")
                        .path("f:workers")
                        .path("k:{\"name\":\"cpu-worker\"}")
                        .path("f:maximum")
                        .isObject())
                .as(mine.toString())
                .isTrue();
        // the yaml output shows them too
        assertThat(kubectl.ok(
                        "get", "shoot", "crazy-botany", "-n", "garden-dev", "-o", "yaml", "--show-managed-fields"))
                .contains("managedFields:")
                .contains("manager: kubectl")
                .contains("operation: Apply");

        String changed = shoot.replace("maximum: 5", "maximum: 6");
        assertThat(kubectl.okWithInput(changed, "apply", "--server-side", "-f", "-"))
                .contains("crazy-botany serverside-applied");

        String other = shoot.replace("maximum: 5", "maximum: 7");
        Kubectl.Result conflict =
                kubectl.runWithInput(other, "apply", "--server-side", "--field-manager=other", "-f", "-");
        assertThat(conflict.exitCode()).as(conflict.describe()).isNotZero();
        assertThat(conflict.stderr())
                .contains("Apply failed with 1 conflict: conflict with \"kubectl\": "
                        + ".spec.provider.workers[name=\"cpu-worker\"].maximum");

        assertThat(kubectl.okWithInput(
                        other, "apply", "--server-side", "--field-manager=other", "--force-conflicts", "-f", "-"))
                .contains("crazy-botany serverside-applied");
        assertThat(kubectl.ok(
                        "get",
                        "shoot",
                        "crazy-botany",
                        "-n",
                        "garden-dev",
                        "-o",
                        "jsonpath={.spec.provider.workers[0].maximum}"))
                .isEqualTo("7");
        JsonNode after = managedFields("shoot", "crazy-botany", "-n", "garden-dev");
        assertThat(entry(after, "other").path("operation").asText()).isEqualTo("Apply");
        assertThat(entry(after, "kubectl")
                        .path("fieldsV1")
                        .path("f:spec")
                        .path("f:provider")
                        .path("f:workers")
                        .path("k:{\"name\":\"cpu-worker\"}")
                        .has("f:maximum"))
                .isFalse();
    }

    @Test
    void clientSideApplyThenServerSideApplyUpgradesOwnership() throws Exception {
        String project = example("05-project-dev.yaml");
        assertThat(kubectl.okWithInput(project, "apply", "-f", "-"))
                .contains("project.core.gardener.cloud/dev created");
        assertThat(kubectl.okWithInput(project, "apply", "-f", "-"))
                .contains("project.core.gardener.cloud/dev unchanged");
        String described = project.replace("namespace: garden-dev", "namespace: garden-dev\n  description: first");
        assertThat(kubectl.okWithInput(described, "apply", "-f", "-"))
                .contains("project.core.gardener.cloud/dev configured");
        JsonNode csa = managedFields("project", "dev");
        assertThat(entry(csa, "kubectl-client-side-apply")).as(csa.toString()).isNotNull();
        assertThat(entry(csa, "kubectl-client-side-apply").path("operation").asText())
                .isEqualTo("Update");

        // the same configuration applied server-side: kubectl migrates the client-side manager
        String changed = described.replace("description: first", "description: second");
        assertThat(kubectl.okWithInput(changed, "apply", "--server-side", "-f", "-"))
                .contains("project.core.gardener.cloud/dev serverside-applied");
        JsonNode ssa = managedFields("project", "dev");
        assertThat(entry(ssa, "kubectl-client-side-apply")).as(ssa.toString()).isNull();
        assertThat(entry(ssa, "kubectl").path("operation").asText()).isEqualTo("Apply");
        assertThat(kubectl.ok("get", "project", "dev", "-o", "jsonpath={.spec.description}"))
                .isEqualTo("second");
        // and the last-applied annotation follows the server-side apply
        assertThat(kubectl.ok(
                        "get",
                        "project",
                        "dev",
                        "-o",
                        "jsonpath={.metadata.annotations.kubectl\\.kubernetes\\.io/last-applied-configuration}"))
                .contains("second");
    }
}

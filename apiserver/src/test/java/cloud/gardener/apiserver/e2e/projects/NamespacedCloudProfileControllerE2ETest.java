package cloud.gardener.apiserver.e2e.projects;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Standalone mode's NamespacedCloudProfile controller, driven by the real kubectl: a profile below the repository's
 * {@code local} CloudProfile gets the {@code gardener} finalizer and the merged {@code status.cloudProfileSpec} with
 * its observedGeneration; the status follows changes of the profile and of its parent, and comes back when someone
 * overwrites it; Shoots can use what only the namespaced profile offers; a profile still referenced by a Shoot is
 * kept, with Gardener's event naming the Shoot, until the Shoot is gone.
 */
@Tag("integration")
class NamespacedCloudProfileControllerE2ETest {

    private static final Path EXAMPLES = Path.of("..", "examples");
    private static final String NS = "garden-dev";

    @RegisterExtension
    static final ApiServerExtension SERVER =
            new ApiServerExtension(config -> config.projectController(true).namespacedCloudProfileController(true));

    static Kubectl kubectl;
    static TestClient admin;

    @BeforeAll
    static void garden() throws Exception {
        Kubectl.assumeInstalled();
        kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        admin = SERVER.admin();
        for (String file : new String[] {
            "00-project.yaml", "10-cloudprofile.yaml", "20-controllerregistrations.yaml", "30-seed.yaml"
        }) {
            kubectl.ok("create", "-f", EXAMPLES.resolve(file).toString());
        }
        kubectl.ok("wait", "--for=jsonpath={.status.phase}=Ready", "project/dev", "--timeout=20s");
    }

    /** A profile as a project member writes it: a longer-lived 1.32.0 and a larger machine type of its own. */
    private static String profile(String name) {
        return """
                apiVersion: core.gardener.cloud/v1beta1
                kind: NamespacedCloudProfile
                metadata:
                  name: %s
                  namespace: garden-dev
                spec:
                  parent:
                    kind: CloudProfile
                    name: local
                  kubernetes:
                    versions:
                    - version: 1.32.0
                      expirationDate: "2099-12-31T23:59:59Z"
                  machineTypes:
                  - name: large
                    cpu: "4"
                    gpu: "0"
                    memory: 16Gi
                """.formatted(name);
    }

    private static JsonNode get(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("get"));
        all.addAll(List.of(args));
        all.addAll(List.of("-n", NS, "-o", "json"));
        return Json.MAPPER.readTree(kubectl.ok(all.toArray(String[]::new)));
    }

    private static JsonNode profileNamed(String name) {
        try {
            return get("namespacedcloudprofile", name);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> names(JsonNode items) {
        List<String> names = new ArrayList<>();
        items.forEach(
                item -> names.add(item.path("name").asText(item.path("version").asText())));
        return names;
    }

    private static void eventually(String what, BooleanSupplier condition) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
        while (!condition.getAsBoolean()) {
            assertThat(Instant.now()).as("waiting for " + what).isBefore(deadline);
            Thread.sleep(200);
        }
    }

    /** A short name part per binding kind: the initials of its words ({@code cbtwi}). */
    private static String initials(BindingKind kind) {
        String name = kind.name();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            if (i == 0 || name.charAt(i - 1) == '_') {
                out.append(Character.toLowerCase(name.charAt(i)));
            }
        }
        return out.toString();
    }

    private static boolean merged(String name, long generation) {
        return profileNamed(name).at("/status/observedGeneration").asLong() == generation;
    }

    @Test
    void theStatusIsTheMergedProfileAndFollowsTheProfileAndItsParent() throws Exception {
        assertThat(kubectl.okWithInput(profile("custom"), "create", "-f", "-"))
                .isEqualTo("namespacedcloudprofile.core.gardener.cloud/custom created\n");
        eventually("custom merged", () -> merged("custom", 1));

        JsonNode custom = profileNamed("custom");
        assertThat(custom.at("/metadata/finalizers").toString()).isEqualTo("[\"gardener\"]");
        JsonNode spec = custom.at("/status/cloudProfileSpec");
        assertThat(spec.path("type").asText()).isEqualTo("local");
        assertThat(names(spec.path("regions"))).containsExactly("local");
        assertThat(names(spec.path("machineTypes"))).containsExactly("local", "large");
        assertThat(spec.at("/machineTypes/1/architecture").asText())
                .as("defaulted as Gardener does")
                .isEqualTo("amd64");
        assertThat(names(spec.at("/kubernetes/versions"))).containsExactly("1.33.0", "1.32.0");
        assertThat(spec.at("/kubernetes/versions/1/expirationDate").asText()).isEqualTo("2099-12-31T23:59:59Z");
        assertThat(spec.at("/kubernetes/versions/0/expirationDate").isMissingNode())
                .isTrue();
        assertThat(names(spec.path("machineImages"))).containsExactly("local");
        assertThat(spec.at("/machineImages/0/versions/0/architectures").toString())
                .isEqualTo("[\"amd64\"]");

        // the YAML kubectl shows carries the status too
        assertThat(kubectl.ok("get", "namespacedcloudprofile", "custom", "-n", NS, "-o", "yaml"))
                .contains("cloudProfileSpec:", "observedGeneration: 1", "name: large");

        // a change of the parent reaches the status; the profile's generation stays
        kubectl.ok(
                "patch",
                "cloudprofile",
                "local",
                "--type=json",
                "-p",
                "[{\"op\":\"add\",\"path\":\"/spec/regions/-\",\"value\":{\"name\":\"local-2\"}}]");
        eventually(
                "the parent's new region in the status",
                () -> names(profileNamed("custom").at("/status/cloudProfileSpec/regions"))
                        .contains("local-2"));
        assertThat(profileNamed("custom").at("/status/observedGeneration").asLong())
                .isEqualTo(1);

        // a change of the profile: a new generation, observed with its merge
        kubectl.ok(
                "patch",
                "namespacedcloudprofile",
                "custom",
                "-n",
                NS,
                "--type=json",
                "-p",
                "[{\"op\":\"add\",\"path\":\"/spec/machineTypes/-\",\"value\":{\"name\":\"huge\",\"cpu\":\"8\","
                        + "\"gpu\":\"0\",\"memory\":\"32Gi\"}}]");
        eventually("generation 2 merged", () -> merged("custom", 2));
        assertThat(names(profileNamed("custom").at("/status/cloudProfileSpec/machineTypes")))
                .containsExactly("local", "large", "huge");
    }

    @Test
    void anOverwrittenStatusIsMergedAgain() throws Exception {
        kubectl.okWithInput(profile("tampered"), "create", "-f", "-");
        eventually("tampered merged", () -> merged("tampered", 1));
        JsonNode before = profileNamed("tampered").at("/status");

        String patched = kubectl.ok(
                "patch",
                "namespacedcloudprofile",
                "tampered",
                "-n",
                NS,
                "--subresource=status",
                "--type=json",
                "-p",
                "[{\"op\":\"remove\",\"path\":\"/status/cloudProfileSpec/machineTypes/1\"},"
                        + "{\"op\":\"replace\",\"path\":\"/status/observedGeneration\",\"value\":7}]");
        assertThat(patched).isEqualTo("namespacedcloudprofile.core.gardener.cloud/tampered patched\n");
        eventually(
                "the merged status back",
                () -> profileNamed("tampered").at("/status").equals(before));
    }

    @Test
    void aSettledProfileIsLeftAloneByLaterPasses() throws Exception {
        kubectl.okWithInput(profile("steady"), "create", "-f", "-");
        eventually("steady merged", () -> merged("steady", 1));
        String version = profileNamed("steady").at("/metadata/resourceVersion").asText();
        Thread.sleep(2_500); // more than two resync periods
        assertThat(profileNamed("steady").at("/metadata/resourceVersion").asText())
                .isEqualTo(version);
    }

    @ParameterizedTest
    @EnumSource(BindingKind.class)
    void aProfileAShootUsesIsKeptUntilTheShootIsGone(BindingKind kind) throws Exception {
        String name = "used-" + initials(kind);
        String shootName = "big-" + initials(kind);
        kubectl.okWithInput(profile(name), "create", "-f", "-");
        eventually(name + " merged", () -> merged(name, 1));

        // a Shoot may use the namespaced profile's own machine type
        String binding = "binding-" + initials(kind);
        kind.create(admin, NS, binding, "local");
        ObjectNode shoot = (ObjectNode) Json.YAML.readTree(Files.readString(EXAMPLES.resolve("50-shoot.yaml")));
        shoot.withObjectProperty("metadata").put("name", shootName);
        shoot.withObjectProperty("spec")
                .withObjectProperty("cloudProfile")
                .put("kind", "NamespacedCloudProfile")
                .put("name", name);
        ((ObjectNode) shoot.at("/spec/provider/workers/0/machine")).put("type", "large");
        assertThat(kubectl.okWithInput(kind.bind(shoot, binding).toString(), "create", "-f", "-"))
                .isEqualTo("shoot.core.gardener.cloud/" + shootName + " created\n");

        kubectl.ok("delete", "namespacedcloudprofile", name, "-n", NS, "--wait=false");
        String reason = "Cannot delete NamespacedCloudProfile, because the following Shoots are still referencing it: "
                + "[garden-dev/" + shootName + "]";
        eventually(
                "the ResourceReferenced event",
                () -> kubectl.ok("events", "-n", NS, "--for=namespacedcloudprofile/" + name)
                        .contains(reason));
        String events = kubectl.ok("events", "-n", NS, "--for=namespacedcloudprofile/" + name);
        assertThat(events).contains("Normal", "ResourceReferenced");
        assertThat(events.lines().filter(l -> l.contains("ResourceReferenced")).count())
                .as("one event, not one per resync")
                .isEqualTo(1);
        assertThat(profileNamed(name).at("/metadata/deletionTimestamp").isMissingNode())
                .isFalse();

        kubectl.ok("annotate", "shoot", shootName, "-n", NS, "confirmation.gardener.cloud/deletion=true");
        kubectl.ok("delete", "shoot", shootName, "-n", NS, "--wait=false");
        eventually(
                name + " gone",
                () -> !kubectl.run("get", "namespacedcloudprofile", name, "-n", NS)
                        .succeeded());
    }
}

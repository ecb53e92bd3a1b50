package cloud.gardener.apiserver.e2e.admission;

import static cloud.gardener.apiserver.e2e.Fixtures.CORE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Gardener's global, seed, project and controller-registration plugins in the real server: what they refuse,
 * what they add, and that turning one off by flag changes the answer.
 */
@Tag("integration")
class GlobalAdmissionE2ETest {

    private static final String REGISTRATIONS = CORE + "/controllerregistrations";

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    @RegisterExtension
    static final ApiServerExtension WITHOUT_MUTATOR_AND_RESOURCES = new ApiServerExtension(
            config -> config.disableAdmissionPlugins(List.of("ProjectMutator", "ControllerRegistrationResources")));

    private static ObjectNode yaml(String text) {
        try {
            return (ObjectNode) Json.YAML.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode yamlList(String text) {
        try {
            return Json.YAML.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode registration(String name, String kind, String type) {
        return yaml("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: ControllerRegistration
                metadata: {name: %s}
                spec: {resources: [{kind: %s, type: %s}]}
                """.formatted(name, kind, type));
    }

    @Test
    void aSecondPrimaryControllerForAKindAndTypeIsRefusedUnlessThePluginIsOff() {
        create(SERVER.admin(), REGISTRATIONS, registration("provider-one", "ControlPlane", "dup"));
        JsonNode status = assertStatus(
                SERVER.admin().post(REGISTRATIONS, registration("provider-two", "ControlPlane", "dup")),
                403,
                "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo("controllerregistrations.core.gardener.cloud \"provider-two\" "
                        + "is forbidden: another ControllerRegistration resource already exists that controls resource "
                        + "ControlPlane/dup primarily");

        TestClient other = WITHOUT_MUTATOR_AND_RESOURCES.admin();
        create(other, REGISTRATIONS, registration("provider-one", "ControlPlane", "dup"));
        create(other, REGISTRATIONS, registration("provider-two", "ControlPlane", "dup"));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aShootOfAMissingBindingIsRefused(BindingKind bindingKind) {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);
        ObjectNode shoot = bindingKind.bind(GardenFixtures.shoot(g, "nobind"), "missing");
        JsonNode status = assertStatus(admin.post(g.shoots(), shoot), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"nobind\" is forbidden: " + bindingKind.singularResource()
                        + " \"missing\" not found");
        assertThat(admin.get(g.shoot("nobind")).status()).isEqualTo(404);
    }

    /**
     * FinalizerRemoval: the {@code gardener} finalizer stays on a binding while a Shoot names it, right after the
     * Shoot's create, and may go as soon as the Shoot is gone (the plugin reads the Shoots once the watch-fed cache has
     * caught up with storage).
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aBindingInUseKeepsItsFinalizer(BindingKind bindingKind) {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);
        String binding = bindingKind.bindingPath(g.namespace(), g.binding());
        TestClient.Response finalized =
                admin.patch(binding, Fixtures.MERGE, "{\"metadata\":{\"finalizers\":[\"gardener\"]}}");
        assertThat(finalized.status()).as(finalized.body()).isEqualTo(200);
        GardenFixtures.created(admin, g.shoots(), GardenFixtures.shoot(g, "user"));

        String removal = "{\"metadata\":{\"finalizers\":null}}";
        JsonNode status = assertStatus(admin.patch(binding, Fixtures.MERGE, removal), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo(bindingKind.resource() + " \"" + g.binding() + "\" is "
                        + "forbidden: finalizer must not be removed - " + bindingKind.description() + " "
                        + g.namespace() + "/"
                        + g.binding() + " is still in use by at least one shoot");

        Fixtures.deleteConfirmed(admin, g.shoot("user"));
        TestClient.Response removed = admin.patch(binding, Fixtures.MERGE, removal);
        assertThat(removed.status()).as(removed.body()).isEqualTo(200);
    }

    /**
     * SeedValidator: a Seed that a Shoot runs on stays, whatever binds the Shoot, right after the Shoot's create (the
     * plugin reads the Shoots once the watch-fed cache has caught up with storage).
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aSeedInUseCannotBeDeleted(BindingKind bindingKind) {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);
        ObjectNode shoot = GardenFixtures.shoot(g, "tenant");
        ((ObjectNode) shoot.get("spec")).put("seedName", g.seed());
        GardenFixtures.created(admin, g.shoots(), shoot);
        JsonNode status = assertStatus(admin.delete(CORE + "/seeds/" + g.seed()), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo("seeds.core.gardener.cloud \"" + g.seed() + "\" is " + "forbidden: cannot delete seed "
                        + g.seed() + " since it is still used by shoot(s)");
    }

    /** ResourceReferenceManager: a CloudProfile keeps the Kubernetes version its Shoots run, whatever binds them. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aCloudProfileKeepsTheKubernetesVersionItsShootsUse(BindingKind bindingKind) {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);
        GardenFixtures.created(admin, g.shoots(), GardenFixtures.shoot(g, "runner"));
        String version = GardenFixtures.kubernetesVersion(g);
        String profile = CORE + "/cloudprofiles/" + g.cloudProfile();
        ObjectNode changed = (ObjectNode) admin.get(profile).json();
        ArrayNode versions = (ArrayNode) changed.at("/spec/kubernetes/versions");
        for (int i = versions.size() - 1; i >= 0; i--) {
            if (versions.get(i).path("version").asText().equals(version)) {
                versions.remove(i);
            }
        }
        JsonNode status = assertStatus(admin.put(profile, changed), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo("cloudprofiles.core.gardener.cloud \"" + g.cloudProfile()
                        + "\" is forbidden: 1 error occurred:\n\t* unable to delete Kubernetes version \"" + version
                        + "\" from "
                        + "CloudProfile \"" + g.cloudProfile() + "\" - version is still in use by shoot '"
                        + g.namespace()
                        + "/runner'\n\n");
    }

    /**
     * The garden's Shoot on a provider, a network and an operating system (30-cloudprofile.yaml's {@code ubuntu})
     * that no ControllerRegistration serves, with a binding of that provider.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aShootWhoseExtensionTypesHaveNoControllerIsRefused(BindingKind bindingKind) {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);
        bindingKind.create(admin, g.namespace(), "creds", "unregistered");
        ObjectNode shoot = bindingKind.bind(GardenFixtures.shoot(g, "noext"), "creds");
        ObjectNode spec = (ObjectNode) shoot.get("spec");
        ((ObjectNode) spec.get("provider")).put("type", "unregistered");
        ((ObjectNode) spec.get("networking")).put("type", "cilium");
        ((ObjectNode) spec.at("/provider/workers/0/machine/image")).put("name", "ubuntu");
        JsonNode status = assertStatus(admin.post(g.shoots(), shoot), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .startsWith(
                        "shoots.core.gardener.cloud \"noext\" is forbidden: 5 errors "
                                + "occurred:\n\t* given Shoot uses non-registered provider type: spec.provider.type (\"unregistered\")")
                .contains(
                        "given Shoot uses non-registered networking type: spec.networking.type (\"cilium\")",
                        "given Shoot uses non-registered operating system type: spec.provider.workers[0].machine.image.name"
                                + " (\"ubuntu\")");
    }

    @Test
    void aProjectGetsItsCreatorOwnerAndOwnerMembershipThroughKubectl() throws IOException {
        Kubectl.assumeInstalled();
        Kubectl kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        String name = uniqueName("kp");
        kubectl.okWithInput("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: Project
                metadata: {name: %s}
                spec:
                  members:
                  - {apiGroup: rbac.authorization.k8s.io, kind: User, name: bob, role: viewer}
                """.formatted(name), "create", "-f", "-");
        JsonNode spec = Json.MAPPER
                .readTree(kubectl.ok("get", "project", name, "-o", "json"))
                .path("spec");
        ObjectNode admin = yaml("{apiGroup: rbac.authorization.k8s.io, kind: User, name: admin}");
        assertThat(spec.path("createdBy")).isEqualTo(admin);
        assertThat(spec.path("owner")).isEqualTo(admin);
        assertThat(spec.path("members")).isEqualTo(yamlList("""
                - {apiGroup: rbac.authorization.k8s.io, kind: User, name: bob, role: viewer}
                - {apiGroup: rbac.authorization.k8s.io, kind: User, name: admin, role: admin, roles: [owner]}
                """));
    }

    @Test
    void withoutProjectMutatorAProjectKeepsWhatTheClientSent() {
        JsonNode created = create(WITHOUT_MUTATOR_AND_RESOURCES.admin(), CORE + "/projects", yaml("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: Project
                metadata: {name: plain}
                spec: {}
                """));
        assertThat(created.path("spec").has("createdBy")).isFalse();
        assertThat(created.path("spec").has("owner")).isFalse();
    }

    /** The garden's Seed, 50-seed.yaml; and that Seed on a provider no ControllerRegistration serves. */
    @Test
    void aSeedIsLabelledWithItsNameAndItsExtensionTypes() {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.createWithoutBinding(admin);
        TestClient.Response got = admin.get(CORE + "/seeds/" + g.seed());
        assertThat(got.status()).as(got.body()).isEqualTo(200);
        JsonNode labels = got.json().path("metadata").path("labels");
        assertThat(labels.path("name.seed.gardener.cloud/" + g.seed()).asText()).isEqualTo("true");
        assertThat(labels.path("provider.extensions.gardener.cloud/local").asText())
                .isEqualTo("true");
        assertThat(labels.path("dnsrecord.extensions.gardener.cloud/aws-route53")
                        .asText())
                .isEqualTo("true");
        assertThat(labels.path("extensions.extensions.gardener.cloud/foobar").asText())
                .isEqualTo("true");

        ObjectNode seed = GardenFixtures.example("50-seed.yaml");
        ((ObjectNode) seed.get("metadata")).put("name", "unregistered");
        ((ObjectNode) seed.at("/spec/provider")).put("type", "nothing");
        JsonNode refused = assertStatus(admin.post(CORE + "/seeds", seed), 403, "Forbidden");
        assertThat(refused.path("message").asText())
                .isEqualTo(
                        "seeds.core.gardener.cloud \"unregistered\" is forbidden: "
                                + "1 error occurred:\n\t* given Seed uses non-registered provider type: spec.provider.type (\"nothing\")\n\n");
    }
}

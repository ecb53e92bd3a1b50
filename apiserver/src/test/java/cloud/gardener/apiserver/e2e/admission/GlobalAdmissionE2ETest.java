package cloud.gardener.apiserver.e2e.admission;

import static cloud.gardener.apiserver.e2e.Fixtures.CLOUDPROFILES;
import static cloud.gardener.apiserver.e2e.Fixtures.CORE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.cloudProfileObject;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static cloud.gardener.apiserver.e2e.Fixtures.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Gardener's global, seed, project and controller-registration plugins in the real server: what they refuse,
 * what they add, and that turning one off by flag changes the answer.
 */
class GlobalAdmissionE2ETest {

    private static final String REGISTRATIONS = CORE + "/controllerregistrations";

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    @RegisterExtension
    static final ApiServerExtension WITHOUT_MUTATOR_AND_RESOURCES = new ApiServerExtension(config -> config.withAdmission(
            List.of(), List.of("ProjectMutator", "ControllerRegistrationResources"), Map.of()));

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

    /** A namespace with its project, CloudProfile {@code profile} (type aws) and nothing else. */
    private static String garden(TestClient admin, String profile) {
        String ns = createNamespace(admin, "garden-global");
        create(admin, CORE + "/projects", yaml("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: Project
                metadata: {name: %s}
                spec: {namespace: %s}
                """.formatted(uniqueName("p"), ns)));
        create(admin, CLOUDPROFILES, cloudProfileObject(profile));
        return ns;
    }

    /** A shoot with one worker pool of the CloudProfile's machine and image, on calico. */
    private static ObjectNode shoot(String name, String profile, String provider, String binding) {
        return yaml("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: Shoot
                metadata: {name: %s}
                spec:
                  cloudProfileName: %s
                  secretBindingName: %s
                  region: eu-west-1
                  kubernetes: {version: 1.31.1}
                  networking: {type: calico, nodes: 10.250.0.0/16}
                  provider:
                    type: %s
                    workers: [{name: w, minimum: 1, maximum: 1, machine: {type: m1, image: {name: gardenlinux, version: 1.0.0}}}]
                """.formatted(name, profile, binding, provider));
    }

    @Test
    void aSecondPrimaryControllerForAKindAndTypeIsRefusedUnlessThePluginIsOff() {
        create(SERVER.admin(), REGISTRATIONS, registration("provider-one", "ControlPlane", "dup"));
        JsonNode status = assertStatus(SERVER.admin().post(REGISTRATIONS, registration("provider-two", "ControlPlane", "dup")),
                403, "Forbidden");
        assertThat(status.path("message").asText()).isEqualTo("controllerregistrations.core.gardener.cloud \"provider-two\" "
                + "is forbidden: another ControllerRegistration resource already exists that controls resource "
                + "ControlPlane/dup primarily");

        TestClient other = WITHOUT_MUTATOR_AND_RESOURCES.admin();
        create(other, REGISTRATIONS, registration("provider-one", "ControlPlane", "dup"));
        create(other, REGISTRATIONS, registration("provider-two", "ControlPlane", "dup"));
    }

    @Test
    void aShootOfAMissingSecretBindingIsRefused() {
        TestClient admin = SERVER.admin();
        String ns = garden(admin, "aws-binding");
        JsonNode status = assertStatus(admin.post(shoots(ns), shoot("nobind", "aws-binding", "aws", "missing")), 403,
                "Forbidden");
        assertThat(status.path("message").asText()).isEqualTo("shoots.core.gardener.cloud \"nobind\" is forbidden: "
                + "secretbinding.core.gardener.cloud \"missing\" not found");
        assertThat(admin.get(shoots(ns) + "/nobind").status()).isEqualTo(404);
    }

    @Test
    void aShootWhoseExtensionTypesHaveNoControllerIsRefused() {
        TestClient admin = SERVER.admin();
        String ns = garden(admin, "aws-ext");
        create(admin, "/api/v1/namespaces/" + ns + "/secrets", yaml("""
                {apiVersion: v1, kind: Secret, metadata: {name: creds}, data: {key: dmFsdWU=}}"""));
        create(admin, CORE + "/namespaces/" + ns + "/secretbindings", yaml("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: SecretBinding
                metadata: {name: creds}
                provider: {type: unregistered}
                secretRef: {name: creds, namespace: %s}
                """.formatted(ns)));
        JsonNode status = assertStatus(admin.post(shoots(ns), shoot("noext", "aws-ext", "unregistered", "creds")), 403,
                "Forbidden");
        assertThat(status.path("message").asText()).startsWith("shoots.core.gardener.cloud \"noext\" is forbidden: 5 errors "
                + "occurred:\n\t* given Shoot uses non-registered provider type: spec.provider.type (\"unregistered\")")
                .contains("given Shoot uses non-registered networking type: spec.networking.type (\"calico\")",
                        "given Shoot uses non-registered operating system type: spec.provider.workers[0].machine.image.name"
                                + " (\"gardenlinux\")");
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
        JsonNode spec = Json.MAPPER.readTree(kubectl.ok("get", "project", name, "-o", "json")).path("spec");
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

    @Test
    void aSeedIsLabelledWithItsNameAndItsExtensionTypes() {
        TestClient admin = SERVER.admin();
        create(admin, REGISTRATIONS, yaml("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: ControllerRegistration
                metadata: {name: provider-seedtest}
                spec: {resources: [{kind: ControlPlane, type: seedtest}, {kind: DNSRecord, type: seedtest-dns}]}
                """));
        JsonNode seed = create(admin, CORE + "/seeds", yaml("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: Seed
                metadata: {name: labelled}
                spec:
                  provider: {type: seedtest, region: r1}
                  dns:
                    provider: {type: seedtest-dns, credentialsRef: {apiVersion: v1, kind: Secret, name: dns, namespace: garden}}
                    internal: {type: seedtest-dns, domain: internal.example.com,
                      credentialsRef: {apiVersion: v1, kind: Secret, name: dns, namespace: garden}}
                  ingress: {domain: ingress.example.com, controller: {kind: nginx}}
                  networks: {nodes: 10.240.0.0/16, pods: 10.241.128.0/17, services: 10.241.0.0/17}
                """));
        JsonNode labels = seed.path("metadata").path("labels");
        assertThat(labels.path("name.seed.gardener.cloud/labelled").asText()).isEqualTo("true");
        assertThat(labels.path("provider.extensions.gardener.cloud/seedtest").asText()).isEqualTo("true");
        assertThat(labels.path("dnsrecord.extensions.gardener.cloud/seedtest-dns").asText()).isEqualTo("true");

        JsonNode refused = assertStatus(admin.post(CORE + "/seeds", yaml("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: Seed
                metadata: {name: unregistered}
                spec:
                  provider: {type: nothing, region: r1}
                  dns:
                    provider: {type: seedtest-dns, credentialsRef: {apiVersion: v1, kind: Secret, name: dns, namespace: garden}}
                    internal: {type: seedtest-dns, domain: internal.example.com,
                      credentialsRef: {apiVersion: v1, kind: Secret, name: dns, namespace: garden}}
                  ingress: {domain: ingress.example.com, controller: {kind: nginx}}
                  networks: {nodes: 10.240.0.0/16, pods: 10.241.128.0/17, services: 10.241.0.0/17}
                """)), 403, "Forbidden");
        assertThat(refused.path("message").asText()).isEqualTo("seeds.core.gardener.cloud \"unregistered\" is forbidden: "
                + "1 error occurred:\n\t* given Seed uses non-registered provider type: spec.provider.type (\"nothing\")\n\n");
    }
}

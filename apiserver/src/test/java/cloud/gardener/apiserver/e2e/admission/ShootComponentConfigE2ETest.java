package cloud.gardener.apiserver.e2e.admission;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The component configurations of {@code spec.kubernetes} over HTTP: judged after defaulting and the ShootMutator
 * (kube-proxy's mode, the Kubernetes version and the etcd key rotation period are filled in first), refused with
 * 422 and one cause per broken field, as Gardener's static validation refuses them.
 */
@Tag("integration")
class ShootComponentConfigE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static TestClient admin;
    private static Map<BindingKind, Garden> gardens;

    @BeforeAll
    static void garden() {
        Assumptions.assumeTrue(GardenFixtures.examplesPresent(), "no Gardener examples");
        admin = SERVER.admin();
        gardens = GardenFixtures.createForEachBindingKind(admin);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void componentConfigurationsThatGardenerAcceptsAreStored(BindingKind bindingKind) throws Exception {
        Garden garden = gardens.get(bindingKind);
        ObjectNode shoot = GardenFixtures.shoot(garden, "components");
        ((ObjectNode) shoot.get("spec")).set("kubernetes", Json.MAPPER.readTree("""
                {"kubeAPIServer": {"encryptionConfig": {"resources": ["configmaps"], "provider": {"type": "aesgcm"}},
                                   "requests": {"maxMutatingInflight": 400},
                                   "runtimeConfig": {"batch/v1": true},
                                   "featureGates": {"AllAlpha": false}},
                 "kubeProxy": {},
                 "kubelet": {"podPidsLimit": 1000, "evictionHard": {"memoryAvailable": "5%"}},
                 "clusterAutoscaler": {"expander": "least-waste,priority"},
                 "verticalPodAutoscaler": {"targetCPUPercentile": 0.9}}"""));
        GardenFixtures.bound(shoot, bindingKind); // the version a SecretBinding needs
        JsonNode created = GardenFixtures.created(admin, garden.shoots(), shoot);
        // AES-GCM needs the etcd key auto rotation the mutator defaults; kube-proxy's mode is defaulted
        assertThat(created.at("/spec/kubernetes/kubeProxy/mode").asText()).isEqualTo("IPTables");
        assertThat(created.at("/spec/maintenance/autoRotation/credentials/etcdEncryptionKey/rotationPeriod")
                        .asText())
                .isEqualTo("672h0m0s");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void brokenComponentConfigurationsAreInvalidWithOneCausePerField(BindingKind bindingKind) throws Exception {
        Garden garden = gardens.get(bindingKind);
        ObjectNode shoot = GardenFixtures.shoot(garden, "brokencomp");
        ((ObjectNode) shoot.get("spec")).set("kubernetes", Json.MAPPER.readTree("""
                {"kubeAPIServer": {"requests": {"maxMutatingInflight": 3000},
                                   "admissionPlugins": [{"name": "NodeRestriction", "disabled": true}],
                                   "enableAnonymousAuthentication": true},
                 "kubeControllerManager": {"horizontalPodAutoscaler": {"syncPeriod": "10ms"}},
                 "kubeProxy": {"mode": "userspace"}}"""));
        GardenFixtures.bound(shoot, bindingKind); // the version a SecretBinding needs
        ((ObjectNode) shoot.at("/spec/provider/workers/0"))
                .set("kubernetes", Json.MAPPER.readTree("{\"kubelet\": {\"podPidsLimit\": 1}}"));
        JsonNode status = Fixtures.assertStatus(admin.post(garden.shoots(), shoot), 422, "Invalid");
        List<String> fields = new ArrayList<>();
        status.path("details")
                .path("causes")
                .forEach(c -> fields.add(c.path("field").asText()));
        List<String> expected = new ArrayList<>(List.of(
                "spec.provider.workers[0].kubernetes.kubelet.podPIDsLimit",
                "spec.kubernetes.kubeAPIServer.admissionPlugins[0]",
                "spec.kubernetes.kubeAPIServer.requests.maxMutatingInflight",
                "spec.kubernetes.kubeControllerManager.horizontalPodAutoscaler.syncPeriod",
                "spec.kubernetes.kubeProxy.mode"));
        // a SecretBinding-bound Shoot is below 1.34, where anonymous authentication may still be enabled
        boolean from135 = !bindingKind.refusedFromKubernetes134();
        if (from135) {
            expected.add("spec.kubernetes.kubeAPIServer.enableAnonymousAuthentication");
        }
        assertThat(fields).containsExactlyInAnyOrderElementsOf(expected);
        String message = status.path("message").asText();
        assertThat(message.contains("spec.kubernetes.kubeAPIServer.enableAnonymousAuthentication: Forbidden: for "
                        + "Kubernetes versions >= 1.35, enableAnonymousAuthentication field is no longer supported"))
                .isEqualTo(from135);
        assertThat(message)
                .startsWith("Shoot.core.gardener.cloud \"brokencomp\" is invalid: ")
                .contains("spec.kubernetes.kubeAPIServer.requests.maxMutatingInflight: Invalid value: 3000: cannot set "
                        + "higher than 2500")
                .contains("spec.kubernetes.kubeProxy.mode: Unsupported value: \"userspace\": supported values: "
                        + "\"IPTables\", \"IPVS\", \"NFTables\"");
        assertThat(admin.get(garden.shoot("brokencomp")).status()).isEqualTo(404);
    }
}

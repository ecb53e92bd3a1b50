package cloud.gardener.apiserver.admission.plugins.shoot.resourcereservation;

import static cloud.gardener.apiserver.admission.testing.Outcomes.accepted;
import static cloud.gardener.apiserver.admission.testing.Outcomes.rejection;
import static cloud.gardener.apiserver.admission.testing.Outcomes.shootRequest;
import static cloud.gardener.apiserver.admission.testing.Requests.object;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ShootResourceReservationTest {

    private static final GroupResource CLOUD_PROFILES = new GroupResource("core.gardener.cloud", "cloudprofiles");
    private static final GroupResource NAMESPACED = new GroupResource("core.gardener.cloud", "namespacedcloudprofiles");
    private static final long MIB = 1024L * 1024;
    private static final long GIB = 1024 * MIB;

    private static final InMemoryObjects OBJECTS =
            new InMemoryObjects().put(CLOUD_PROFILES, """
                    metadata: {name: profile}
                    spec:
                      machineTypes:
                      - {name: n1-standard-2, cpu: "2", gpu: "0", memory: 5Gi}
                      - {name: big, cpu: "10", gpu: "0", memory: 64Gi}
                    """).put(NAMESPACED, """
                    metadata: {name: child, namespace: ns}
                    status: {cloudProfileSpec: {machineTypes: [{name: tiny, cpu: 500m, gpu: "0", memory: 512Mi}]}}
                    """).put(NAMESPACED, """
                    metadata: {name: fresh, namespace: ns}
                    spec: {parent: {kind: CloudProfile, name: profile}}
                    """);

    private static ShootResourceReservation plugin(String config) {
        return new ShootResourceReservation(
                new PluginContext(OBJECTS, null, config == null ? null : object(config), Clock.systemUTC()));
    }

    private static final String GKE = """
            apiVersion: shootresourcereservation.admission.gardener.cloud/v1alpha1
            kind: Configuration
            useGKEFormula: true
            """;

    private static ObjectNode shoot(String spec) {
        ObjectNode shoot = object("{metadata: {name: s, namespace: ns, labels: {team: a}}}");
        shoot.set("spec", object(spec));
        return shoot;
    }

    /** Configuration, Shoot spec, and the expected global and first worker's {@code kubeReserved} (null: none). */
    record Case(String name, String config, String spec, String globalReserved, String workerReserved) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        String workers = "provider: {workers: [{name: w, machine: {type: n1-standard-2}}]}";
        String statics = "{cpu: 80m, memory: 1Gi, pid: 20k}";
        return Stream.of(
                new Case(
                        "no configuration: static defaults",
                        null,
                        "{cloudProfileName: profile, " + workers + "}",
                        statics,
                        null),
                new Case(
                        "static defaults fill only missing fields",
                        null,
                        "{" + workers + ", kubernetes: {kubelet: {kubeReserved: {cpu: 42m}}}}",
                        "{cpu: 42m, memory: 1Gi, pid: 20k}",
                        null),
                new Case("workerless: nothing", null, "{cloudProfileName: profile}", null, null),
                new Case(
                        "GKE formula per machine type",
                        GKE,
                        "{cloudProfileName: profile, " + workers + "}",
                        null,
                        "{cpu: 70m, memory: \"1288490188\", pid: 20k}"),
                new Case(
                        "GKE formula from a NamespacedCloudProfile",
                        GKE,
                        "{cloudProfile: {kind: NamespacedCloudProfile, name: child}, provider: {workers: [{name: w, machine: "
                                + "{type: tiny}}]}}",
                        null,
                        "{cpu: 60m, memory: 255Mi, pid: 20k}"),
                new Case(
                        "GKE formula keeps a worker's own values",
                        GKE,
                        "{cloudProfileName: profile, provider: {workers: [{name: w, machine: {type: big}, kubernetes: "
                                + "{kubelet: {kubeReserved: {memory: 1Gi}}}}]}}",
                        null,
                        "{memory: 1Gi, cpu: 95m, pid: 20k}"),
                new Case(
                        "global kubeReserved switches the formula off",
                        GKE,
                        "{cloudProfileName: profile, " + workers
                                + ", kubernetes: {kubelet: {kubeReserved: {pid: 31k}}}}",
                        "{pid: 31k, cpu: 80m, memory: 1Gi}",
                        null),
                new Case(
                        "selector not matching: static defaults",
                        GKE + "selector: {matchLabels: {team: b}}\n",
                        "{cloudProfileName: profile, " + workers + "}",
                        statics,
                        null),
                new Case(
                        "selector matching: formula",
                        GKE + "selector: {matchLabels: {team: a}}\n",
                        "{cloudProfileName: profile, " + workers + "}",
                        null,
                        "{cpu: 70m, memory: \"1288490188\", pid: 20k}"));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void admit(Case c) {
        ObjectNode shoot = shoot(c.spec());
        accepted(plugin(c.config()).admit(shootRequest(Operation.CREATE, "", shoot, null)));
        JsonNode global = shoot.path("spec").path("kubernetes").path("kubelet").get("kubeReserved");
        JsonNode worker = shoot.path("spec")
                .path("provider")
                .path("workers")
                .path(0)
                .path("kubernetes")
                .path("kubelet")
                .get("kubeReserved");
        assertThat(global).isEqualTo(c.globalReserved() == null ? null : object(c.globalReserved()));
        assertThat(worker).isEqualTo(c.workerReserved() == null ? null : object(c.workerReserved()));
    }

    @Test
    void anUnknownMachineTypeIsInvalid() {
        ObjectNode shoot =
                shoot("{cloudProfileName: profile, provider: {workers: [{name: w, machine: {type: n1-standard-2}}, "
                        + "{name: x, machine: {type: nope}}]}}");
        ApiException e = rejection(plugin(GKE).admit(shootRequest(Operation.CREATE, "", shoot, null)));
        assertThat(e.code()).isEqualTo(422);
        assertThat(e.getMessage())
                .isEqualTo("Shoot.core.gardener.cloud \"s\" is invalid: spec.provider.workers[1].machine"
                        + ".type: Invalid value: \"nope\": worker machine type unknown");
    }

    @Test
    void aNamespacedCloudProfileWithoutStatusKnowsNoMachineType() {
        // GetCloudProfileSpec answers the zero status spec (not nil) before the controller fills it
        ObjectNode shoot = shoot("{cloudProfile: {kind: NamespacedCloudProfile, name: fresh}, "
                + "provider: {workers: [{name: w, machine: {type: n1-standard-2}}]}}");
        ApiException e = rejection(plugin(GKE).admit(shootRequest(Operation.CREATE, "", shoot, null)));
        assertThat(e.code()).isEqualTo(422);
        assertThat(e.getMessage())
                .isEqualTo("Shoot.core.gardener.cloud \"s\" is invalid: spec.provider.workers[0].machine"
                        + ".type: Invalid value: \"n1-standard-2\": worker machine type unknown");
    }

    @Test
    void aMissingCloudProfileIsAnInternalError() {
        ObjectNode shoot = shoot("{cloudProfileName: gone, provider: {workers: [{name: w, machine: {type: m}}]}}");
        ApiException e = rejection(plugin(GKE).admit(shootRequest(Operation.UPDATE, "", shoot, shoot.deepCopy())));
        assertThat(e.code()).isEqualTo(500);
        assertThat(e.getMessage())
                .isEqualTo("Internal error occurred: could not find referenced cloud profile: "
                        + "cloudprofile.core.gardener.cloud \"gone\" not found");
    }

    static Stream<Arguments> cpu() {
        return Stream.of(
                Arguments.of(1000, 60),
                Arguments.of(2000, 70),
                Arguments.of(3000, 75),
                Arguments.of(4000, 80),
                Arguments.of(5000, 82),
                Arguments.of(6000, 85),
                Arguments.of(10000, 95));
    }

    @ParameterizedTest
    @MethodSource("cpu")
    void gkeCpuFormula(long cpuMilli, long expected) {
        assertThat(GkeFormula.cpuMillis(cpuMilli)).isEqualTo(expected);
    }

    static Stream<Arguments> memory() {
        return Stream.of(
                Arguments.of(500 * MIB, 255 * MIB),
                Arguments.of(GIB, 256 * MIB),
                Arguments.of(4 * GIB, GIB),
                Arguments.of(8 * GIB, GIB + 4 * GIB / 5),
                Arguments.of(16 * GIB, GIB + 4 * GIB / 5 + 8 * GIB / 10),
                Arguments.of(18 * GIB, GIB + 4 * GIB / 5 + 8 * GIB / 10 + 2 * GIB / 100 * 6),
                Arguments.of(128 * GIB, GIB + 4 * GIB / 5 + 8 * GIB / 10 + 112 * GIB / 100 * 6),
                Arguments.of(1024 * GIB, GIB + 4 * GIB / 5 + 8 * GIB / 10 + 112 * GIB / 100 * 6 + 896 * GIB / 100 * 2));
    }

    @ParameterizedTest
    @MethodSource("memory")
    void gkeMemoryFormula(long memory, long expected) {
        assertThat(GkeFormula.memoryBytes(memory)).isEqualTo(expected);
    }
}

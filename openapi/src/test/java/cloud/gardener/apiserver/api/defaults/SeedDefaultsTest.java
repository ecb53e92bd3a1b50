package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.DefaultingTable.ABSENT;
import static cloud.gardener.apiserver.api.defaults.DefaultingTable.row;

import cloud.gardener.apiserver.api.defaults.DefaultingTable.Case;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SeedDefaultsTest {

    private static final GroupVersionKind SEED = new GroupVersionKind("core.gardener.cloud", "v1beta1", "Seed");

    private static String seed(String extraSpec) {
        return """
                apiVersion: core.gardener.cloud/v1beta1
                kind: Seed
                metadata: {name: local}
                spec:
                  provider: {type: local, region: local}
                  dns: {provider: {type: local, secretRef: {name: dns, namespace: garden}}}
                  ingress: {domain: ingress.local.seed.local.gardener.cloud, controller: {kind: nginx}}
                  networks: {pods: 10.1.0.0/16, services: 10.2.0.0/16}
                """ + extraSpec;
    }

    static Stream<Case> cases() {
        return Stream.of(
                row(
                        "every setting",
                        seed(""),
                        "/spec/networks/ipFamilies",
                        "[IPv4]",
                        "/spec/settings/excessCapacityReservation/configs",
                        "[{resources: {cpu: \"2\", memory: 6Gi}}]",
                        "/spec/settings/excessCapacityReservation/enabled",
                        ABSENT,
                        "/spec/settings/scheduling/visible",
                        "true",
                        "/spec/settings/loadBalancerServices/zonalIngress/enabled",
                        "true",
                        "/spec/settings/verticalPodAutoscaler/enabled",
                        "true",
                        "/spec/settings/persistentVolumeClaimAutoscaler/enabled",
                        "false",
                        "/spec/settings/dependencyWatchdog/weeder/enabled",
                        "true",
                        "/spec/settings/dependencyWatchdog/prober/enabled",
                        "true",
                        "/spec/settings/topologyAwareRouting/enabled",
                        "false",
                        "/spec/settings/shootDNS",
                        ABSENT,
                        "/spec/settings/ownerChecks",
                        ABSENT),
                row(
                        "set values are kept",
                        seed("""
                          settings:
                            excessCapacityReservation:
                              configs: [{resources: {cpu: "1"}}]
                            scheduling: {visible: false}
                            loadBalancerServices: {externalTrafficPolicy: Local, zonalIngress: {enabled: false}}
                            verticalPodAutoscaler: {enabled: false}
                            persistentVolumeClaimAutoscaler: {enabled: true}
                            dependencyWatchdog: {weeder: {enabled: false}, prober: {enabled: false}}
                            topologyAwareRouting: {enabled: true}
                        """).replace("services: 10.2.0.0/16}", "services: 10.2.0.0/16, ipFamilies: [IPv6]}"),
                        "/spec/networks/ipFamilies",
                        "[IPv6]",
                        "/spec/settings/excessCapacityReservation/configs",
                        "[{resources: {cpu: \"1\"}}]",
                        "/spec/settings/scheduling/visible",
                        "false",
                        "/spec/settings/loadBalancerServices/externalTrafficPolicy",
                        "Local",
                        "/spec/settings/loadBalancerServices/zonalIngress/enabled",
                        "false",
                        "/spec/settings/verticalPodAutoscaler/enabled",
                        "false",
                        "/spec/settings/persistentVolumeClaimAutoscaler/enabled",
                        "true",
                        "/spec/settings/dependencyWatchdog/weeder/enabled",
                        "false",
                        "/spec/settings/dependencyWatchdog/prober/enabled",
                        "false",
                        "/spec/settings/topologyAwareRouting/enabled",
                        "true"),
                row(
                        "an enabled reservation without configs gets the default one",
                        seed("  settings: {excessCapacityReservation: {enabled: true}}\n"),
                        "/spec/settings/excessCapacityReservation/enabled",
                        "true",
                        "/spec/settings/excessCapacityReservation/configs",
                        "[{resources: {cpu: \"2\", memory: 6Gi}}]"),
                row(
                        "a disabled reservation gets no configs",
                        seed("  settings: {excessCapacityReservation: {enabled: false}}\n"),
                        "/spec/settings/excessCapacityReservation/enabled",
                        "false",
                        "/spec/settings/excessCapacityReservation/configs",
                        ABSENT),
                row(
                        "dependency watchdog: only the missing component is enabled",
                        seed("  settings: {dependencyWatchdog: {prober: {enabled: false}}}\n"),
                        "/spec/settings/dependencyWatchdog/weeder/enabled",
                        "true",
                        "/spec/settings/dependencyWatchdog/prober/enabled",
                        "false"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void defaults(Case c) {
        DefaultingTable.assertCase(SEED, new SeedDefaults(), c);
    }
}

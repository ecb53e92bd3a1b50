package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.DefaultingTable.ABSENT;
import static cloud.gardener.apiserver.api.defaults.DefaultingTable.row;

import cloud.gardener.apiserver.api.defaults.DefaultingTable.Case;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The Garden CRD's schema defaults and gardener-operator's defaulting webhook. */
class GardenDefaultsTest {

    private static String garden(String virtualClusterExtra, String runtimeNetworkingExtra) {
        return """
                apiVersion: operator.gardener.cloud/v1alpha1
                kind: Garden
                metadata: {name: local}
                spec:
                  runtimeCluster:
                    ingress: {controller: {kind: nginx}}
                    networking: {pods: [10.1.0.0/16], services: [10.2.0.0/16]%s}
                    provider: {region: local}
                  virtualCluster:
                    dns: {domains: [{name: virtual-garden.local.gardener.cloud}]}
                    maintenance: {timeWindow: {begin: 220000+0100, end: 230000+0100}}
                    networking: {services: [100.64.0.0/13]}
                """.formatted(runtimeNetworkingExtra) + virtualClusterExtra;
    }

    static Stream<Case> cases() {
        return Stream.of(
                row(
                        "a minimal garden: webhook defaults, and schema defaults under the sections it creates",
                        garden("""
                                    kubernetes: {version: 1.33.0}
                                    gardener: {clusterIdentity: local}
                                """, ""),
                        "/spec/runtimeCluster/networking/ipFamilies",
                        "[IPv4]",
                        "/spec/virtualCluster/kubernetes/kubeAPIServer/requests/maxNonMutatingInflight",
                        "400",
                        "/spec/virtualCluster/kubernetes/kubeAPIServer/requests/maxMutatingInflight",
                        "200",
                        "/spec/virtualCluster/kubernetes/kubeAPIServer/eventTTL",
                        "1h0m0s",
                        "/spec/virtualCluster/kubernetes/kubeAPIServer/logging/verbosity",
                        "2",
                        "/spec/virtualCluster/kubernetes/kubeAPIServer/encryptionConfig/provider/type",
                        "aescbc",
                        "/spec/virtualCluster/kubernetes/kubeAPIServer/auditWebhook",
                        ABSENT,
                        "/spec/virtualCluster/kubernetes/kubeControllerManager/certificateSigningDuration",
                        "48h0m0s",
                        "/spec/virtualCluster/gardener/gardenerAPIServer/encryptionConfig/provider/type",
                        "aescbc",
                        "/spec/virtualCluster/gardener/gardenerScheduler",
                        ABSENT,
                        "/spec/virtualCluster/gardener/gardenerDashboard",
                        ABSENT,
                        "/spec/runtimeCluster/settings",
                        ABSENT),
                row(
                        "schema defaults where their parents exist",
                        garden("""
                            kubernetes:
                              version: 1.33.0
                              kubeAPIServer:
                                auditWebhook: {kubeconfigSecretName: audit}
                                authentication: {webhook: {kubeconfigSecretName: authn}}
                            etcd:
                              main: {storage: {className: fast}}
                              events: {storage: {}}
                            gardener:
                              clusterIdentity: local
                              gardenerAPIServer: {auditWebhook: {kubeconfigSecretName: audit}}
                              gardenerAdmissionController: {}
                              gardenerControllerManager: {}
                              gardenerScheduler: {}
                              gardenerDashboard: {gitHub: {organisation: o, repository: r, secretRef: {name: gh}}, ingress: {}}
                        """, "")
                                .replace(
                                        "provider: {region: local}",
                                        "provider: {region: local}\n    settings: {verticalPodAutoscaler: {}}"),
                        "/spec/runtimeCluster/settings/verticalPodAutoscaler/enabled",
                        "true",
                        "/spec/virtualCluster/etcd/main/storage/capacity",
                        "10Gi",
                        "/spec/virtualCluster/etcd/main/storage/className",
                        "fast",
                        "/spec/virtualCluster/etcd/main/backup",
                        ABSENT,
                        "/spec/virtualCluster/etcd/events/storage/capacity",
                        "10Gi",
                        "/spec/virtualCluster/kubernetes/kubeAPIServer/auditWebhook/batchMaxSize",
                        "30",
                        "/spec/virtualCluster/kubernetes/kubeAPIServer/auditWebhook/version",
                        "audit.k8s.io/v1",
                        "/spec/virtualCluster/kubernetes/kubeAPIServer/authentication/webhook/version",
                        "v1beta1",
                        "/spec/virtualCluster/gardener/gardenerAPIServer/auditWebhook/batchMaxSize",
                        "30",
                        "/spec/virtualCluster/gardener/gardenerAPIServer/auditWebhook/version",
                        "audit.k8s.io/v1",
                        "/spec/virtualCluster/gardener/gardenerAdmissionController/logLevel",
                        "info",
                        "/spec/virtualCluster/gardener/gardenerControllerManager/logLevel",
                        "info",
                        "/spec/virtualCluster/gardener/gardenerScheduler/logLevel",
                        "info",
                        "/spec/virtualCluster/gardener/gardenerScheduler/strategy",
                        "SameRegion",
                        "/spec/virtualCluster/gardener/gardenerDashboard/enableTokenLogin",
                        "true",
                        "/spec/virtualCluster/gardener/gardenerDashboard/logLevel",
                        "info",
                        "/spec/virtualCluster/gardener/gardenerDashboard/ingress/enabled",
                        "true",
                        "/spec/virtualCluster/gardener/gardenerDashboard/gitHub/apiURL",
                        "https://api.github.com",
                        "/spec/virtualCluster/gardener/gardenerDashboard/gitHub/secretRef/name",
                        "gh",
                        "/spec/virtualCluster/gardener/gardenerDashboard/oidcConfig",
                        ABSENT),
                row(
                        "set values are kept; gardener-apiserver follows the kube-apiserver's encryption provider",
                        garden("""
                            kubernetes:
                              version: 1.33.0
                              kubeAPIServer: {encryptionConfig: {provider: {type: aesgcm}}, eventTTL: 2h0m0s}
                              kubeControllerManager: {certificateSigningDuration: 24h0m0s}
                            gardener:
                              clusterIdentity: local
                              gardenerScheduler: {strategy: MinimalDistance, logLevel: debug}
                        """, ", ipFamilies: [IPv6]"),
                        "/spec/runtimeCluster/networking/ipFamilies",
                        "[IPv6]",
                        "/spec/virtualCluster/kubernetes/kubeAPIServer/encryptionConfig/provider/type",
                        "aesgcm",
                        "/spec/virtualCluster/kubernetes/kubeAPIServer/eventTTL",
                        "2h0m0s",
                        "/spec/virtualCluster/kubernetes/kubeControllerManager/certificateSigningDuration",
                        "24h0m0s",
                        "/spec/virtualCluster/gardener/gardenerAPIServer/encryptionConfig/provider/type",
                        "aesgcm",
                        "/spec/virtualCluster/gardener/gardenerScheduler/strategy",
                        "MinimalDistance",
                        "/spec/virtualCluster/gardener/gardenerScheduler/logLevel",
                        "debug"),
                row(
                        "gardener-apiserver's own encryption provider is kept",
                        garden("""
                            kubernetes: {version: 1.33.0}
                            gardener:
                              clusterIdentity: local
                              gardenerAPIServer: {encryptionConfig: {provider: {type: identity}}}
                        """, ""),
                        "/spec/virtualCluster/gardener/gardenerAPIServer/encryptionConfig/provider/type",
                        "identity",
                        "/spec/virtualCluster/kubernetes/kubeAPIServer/encryptionConfig/provider/type",
                        "aescbc"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void defaults(Case c) {
        DefaultingTable.assertCase(DefaultingTable.gvkOf(c.input()), new GardenDefaults(), c);
    }
}

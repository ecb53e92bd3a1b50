package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.DefaultingTable.ABSENT;
import static cloud.gardener.apiserver.api.defaults.DefaultingTable.row;

import cloud.gardener.apiserver.api.defaults.DefaultingTable.Case;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ControllerRegistrationDefaultsTest {

    private static final GroupVersionKind REGISTRATION =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "ControllerRegistration");

    private static String registration(String spec) {
        return """
                apiVersion: core.gardener.cloud/v1beta1
                kind: ControllerRegistration
                metadata: {name: provider-local}
                spec:
                """ + spec;
    }

    static Stream<Case> cases() {
        return Stream.of(
                row(
                        "primary everywhere; extensions for shoots with a lifecycle; on-demand deployment",
                        registration("""
                          resources:
                          - {kind: Extension, type: shoot-dns-service}
                          - {kind: Infrastructure, type: local}
                          - {kind: SelfHostedShootExposure, type: local}
                          deployment: {deploymentRefs: [{name: provider-local}]}
                        """),
                        "/spec/resources/0/primary",
                        "true",
                        "/spec/resources/0/clusterCompatibility",
                        "[shoot]",
                        "/spec/resources/0/reconcileTimeout",
                        "3m0s",
                        "/spec/resources/0/lifecycle/reconcile",
                        "AfterKubeAPIServer",
                        "/spec/resources/0/lifecycle/delete",
                        "BeforeKubeAPIServer",
                        "/spec/resources/0/lifecycle/migrate",
                        "BeforeKubeAPIServer",
                        "/spec/resources/0/continuousEndpointUpdate",
                        ABSENT,
                        "/spec/resources/1/primary",
                        "true",
                        "/spec/resources/1/clusterCompatibility",
                        ABSENT,
                        "/spec/resources/1/reconcileTimeout",
                        ABSENT,
                        "/spec/resources/1/lifecycle",
                        ABSENT,
                        "/spec/resources/2/continuousEndpointUpdate",
                        "true",
                        "/spec/resources/2/lifecycle",
                        ABSENT,
                        "/spec/deployment/policy",
                        "OnDemand"),
                row(
                        "set values are kept",
                        registration("""
                          resources:
                          - kind: Extension
                            type: shoot-dns-service
                            primary: false
                            clusterCompatibility: [seed]
                            reconcileTimeout: 10m0s
                            lifecycle: {reconcile: BeforeKubeAPIServer, delete: AfterKubeAPIServer}
                          - {kind: SelfHostedShootExposure, type: local, continuousEndpointUpdate: false}
                          - {kind: Infrastructure, type: local, lifecycle: {}}
                          deployment: {policy: Always}
                        """),
                        "/spec/resources/0/primary",
                        "false",
                        "/spec/resources/0/clusterCompatibility",
                        "[seed]",
                        "/spec/resources/0/reconcileTimeout",
                        "10m0s",
                        "/spec/resources/0/lifecycle/reconcile",
                        "BeforeKubeAPIServer",
                        "/spec/resources/0/lifecycle/delete",
                        "AfterKubeAPIServer",
                        "/spec/resources/0/lifecycle/migrate",
                        "BeforeKubeAPIServer",
                        "/spec/resources/1/continuousEndpointUpdate",
                        "false",
                        "/spec/resources/2/lifecycle/reconcile",
                        "AfterKubeAPIServer",
                        "/spec/deployment/policy",
                        "Always"),
                row(
                        "no deployment: none is added",
                        registration("  resources: [{kind: Worker, type: local}]\n"),
                        "/spec/deployment",
                        ABSENT));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void defaults(Case c) {
        DefaultingTable.assertCase(REGISTRATION, new ControllerRegistrationDefaults(), c);
    }
}

package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.DefaultingTable.ABSENT;
import static cloud.gardener.apiserver.api.defaults.DefaultingTable.row;

import cloud.gardener.apiserver.api.defaults.DefaultingTable.Case;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** ManagedSeeds, ManagedSeedSets and Gardenlets: gardenlet deployment and configuration defaults. */
class SeedManagementDefaultsTest {

    private static final String MANAGED_SEED = """
            apiVersion: seedmanagement.gardener.cloud/v1alpha1
            kind: ManagedSeed
            metadata: {name: ms, namespace: garden}
            spec:
              shoot: {name: crazy-botany}
            """;

    static Stream<Case> managedSeedCases() {
        return Stream.of(
                row(
                        "an empty gardenlet gets a deployment, a configuration, bootstrap and merge defaults",
                        MANAGED_SEED + "  gardenlet: {}\n",
                        "/spec/gardenlet/deployment/replicaCount",
                        "2",
                        "/spec/gardenlet/deployment/revisionHistoryLimit",
                        "2",
                        "/spec/gardenlet/deployment/enableHealthProbes",
                        "true",
                        "/spec/gardenlet/deployment/image/pullPolicy",
                        "IfNotPresent",
                        "/spec/gardenlet/config/apiVersion",
                        "gardenlet.config.gardener.cloud/v1alpha1",
                        "/spec/gardenlet/config/kind",
                        "GardenletConfiguration",
                        "/spec/gardenlet/config/resources/capacity/shoots",
                        "\"250\"",
                        "/spec/gardenlet/bootstrap",
                        "BootstrapToken",
                        "/spec/gardenlet/mergeWithParent",
                        "true"),
                row(
                        "set values are kept",
                        MANAGED_SEED + """
                          gardenlet:
                            bootstrap: ServiceAccount
                            mergeWithParent: false
                            deployment:
                              replicaCount: 3
                              revisionHistoryLimit: 5
                              enableHealthProbes: false
                              image: {tag: v1.2.3, pullPolicy: Never}
                            config:
                              apiVersion: gardenlet.config.gardener.cloud/v1alpha1
                              kind: GardenletConfiguration
                              resources: {capacity: {shoots: "300", foo: "1"}}
                              seedConfig: {spec: {backup: {provider: local}}}
                        """,
                        "/spec/gardenlet/bootstrap",
                        "ServiceAccount",
                        "/spec/gardenlet/mergeWithParent",
                        "false",
                        "/spec/gardenlet/deployment/replicaCount",
                        "3",
                        "/spec/gardenlet/deployment/revisionHistoryLimit",
                        "5",
                        "/spec/gardenlet/deployment/enableHealthProbes",
                        "false",
                        "/spec/gardenlet/deployment/image/pullPolicy",
                        "Never",
                        "/spec/gardenlet/config/resources/capacity/shoots",
                        "\"300\"",
                        "/spec/gardenlet/config/resources/capacity/foo",
                        "\"1\"",
                        "/spec/gardenlet/config/seedConfig/spec/backup/provider",
                        "local"),
                row(
                        "the latest image is always pulled",
                        MANAGED_SEED + "  gardenlet: {deployment: {image: {repository: r, tag: latest}}}\n",
                        "/spec/gardenlet/deployment/image/pullPolicy",
                        "Always",
                        "/spec/gardenlet/deployment/image/repository",
                        "r"),
                row(
                        "a configuration without type information gets it and the shoot capacity",
                        MANAGED_SEED + "  gardenlet: {config: {logLevel: debug}}\n",
                        "/spec/gardenlet/config/apiVersion",
                        "gardenlet.config.gardener.cloud/v1alpha1",
                        "/spec/gardenlet/config/kind",
                        "GardenletConfiguration",
                        "/spec/gardenlet/config/logLevel",
                        "debug",
                        "/spec/gardenlet/config/resources/capacity/shoots",
                        "\"250\""),
                row(
                        "a configuration of another type is left alone",
                        MANAGED_SEED + "  gardenlet: {config: {apiVersion: example.com/v1, kind: Other}}\n",
                        "/spec/gardenlet/config/apiVersion",
                        "example.com/v1",
                        "/spec/gardenlet/config/resources",
                        ABSENT,
                        "/spec/gardenlet/bootstrap",
                        "BootstrapToken"),
                row(
                        "core/v1 volume and env defaults of the deployment",
                        MANAGED_SEED + """
                          gardenlet:
                            deployment:
                              additionalVolumes:
                              - {name: a, azureDisk: {diskName: d, diskURI: u}}
                              - {name: b, rbd: {monitors: [m], image: i}}
                              - {name: c, iscsi: {targetPortal: t, iqn: q, lun: 0}}
                              - {name: d, scaleIO: {gateway: g, system: s, secretRef: {name: x}}}
                              - {name: e, emptyDir: {}}
                              env:
                              - {name: A, valueFrom: {fileKeyRef: {volumeName: v, path: p, key: k}}}
                              - {name: B, value: b}
                        """,
                        "/spec/gardenlet/deployment/additionalVolumes/0/azureDisk/cachingMode",
                        "ReadWrite",
                        "/spec/gardenlet/deployment/additionalVolumes/0/azureDisk/fsType",
                        "ext4",
                        "/spec/gardenlet/deployment/additionalVolumes/0/azureDisk/readOnly",
                        "false",
                        "/spec/gardenlet/deployment/additionalVolumes/0/azureDisk/kind",
                        "Shared",
                        "/spec/gardenlet/deployment/additionalVolumes/1/rbd/pool",
                        "rbd",
                        "/spec/gardenlet/deployment/additionalVolumes/1/rbd/user",
                        "admin",
                        "/spec/gardenlet/deployment/additionalVolumes/1/rbd/keyring",
                        "/etc/ceph/keyring",
                        "/spec/gardenlet/deployment/additionalVolumes/2/iscsi/iscsiInterface",
                        "default",
                        "/spec/gardenlet/deployment/additionalVolumes/3/scaleIO/storageMode",
                        "ThinProvisioned",
                        "/spec/gardenlet/deployment/additionalVolumes/3/scaleIO/fsType",
                        "xfs",
                        "/spec/gardenlet/deployment/additionalVolumes/4/emptyDir",
                        "{}",
                        "/spec/gardenlet/deployment/env/0/valueFrom/fileKeyRef/optional",
                        "false",
                        "/spec/gardenlet/deployment/env/1/valueFrom",
                        ABSENT));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("managedSeedCases")
    void managedSeed(Case c) {
        DefaultingTable.assertCase(DefaultingTable.gvkOf(c.input()), new ManagedSeedDefaults(), c);
    }

    private static final String SET = """
            apiVersion: seedmanagement.gardener.cloud/v1alpha1
            kind: ManagedSeedSet
            metadata: {name: set, namespace: garden}
            spec:
              selector: {matchLabels: {name: set}}
              shootTemplate: {spec: {region: local}}
            """;

    static Stream<Case> managedSeedSetCases() {
        return Stream.of(
                row(
                        "one replica, ten revisions, rolling updates; the template's gardenlet is not completed",
                        SET + "  template: {spec: {gardenlet: {config: {kind: GardenletConfiguration}}}}\n",
                        "/spec/replicas",
                        "1",
                        "/spec/revisionHistoryLimit",
                        "10",
                        "/spec/updateStrategy/type",
                        "RollingUpdate",
                        "/spec/updateStrategy/rollingUpdate",
                        ABSENT,
                        "/spec/template/spec/gardenlet/deployment",
                        ABSENT,
                        "/spec/template/spec/gardenlet/bootstrap",
                        ABSENT,
                        "/spec/template/spec/gardenlet/config/resources",
                        ABSENT),
                row(
                        "the template's gardenlet deployment is defaulted when present",
                        SET + "  template: {spec: {gardenlet: {deployment: {replicaCount: 1}}}}\n",
                        "/spec/template/spec/gardenlet/deployment/replicaCount",
                        "1",
                        "/spec/template/spec/gardenlet/deployment/revisionHistoryLimit",
                        "2",
                        "/spec/template/spec/gardenlet/deployment/image/pullPolicy",
                        "IfNotPresent"),
                row(
                        "rolling update settings get partition 0; set values kept",
                        SET + """
                          replicas: 3
                          revisionHistoryLimit: 4
                          updateStrategy: {rollingUpdate: {}}
                          template: {spec: {gardenlet: {}}}
                        """,
                        "/spec/replicas",
                        "3",
                        "/spec/revisionHistoryLimit",
                        "4",
                        "/spec/updateStrategy/type",
                        "RollingUpdate",
                        "/spec/updateStrategy/rollingUpdate/partition",
                        "0"),
                row(
                        "a set partition is kept",
                        SET
                                + "  updateStrategy: {rollingUpdate: {partition: 2}}\n  template: {spec: {gardenlet: {}}}\n",
                        "/spec/updateStrategy/rollingUpdate/partition",
                        "2"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("managedSeedSetCases")
    void managedSeedSet(Case c) {
        DefaultingTable.assertCase(DefaultingTable.gvkOf(c.input()), new ManagedSeedSetDefaults(), c);
    }

    private static final String GARDENLET = """
            apiVersion: seedmanagement.gardener.cloud/v1alpha1
            kind: Gardenlet
            metadata: {name: local, namespace: garden}
            """;

    static Stream<Case> gardenletCases() {
        return Stream.of(
                row(
                        "deployment and configuration defaults",
                        GARDENLET + "spec: {deployment: {helm: {ociRepository: {ref: r}}}}\n",
                        "/spec/deployment/replicaCount",
                        "2",
                        "/spec/deployment/revisionHistoryLimit",
                        "2",
                        "/spec/deployment/enableHealthProbes",
                        "true",
                        "/spec/deployment/image/pullPolicy",
                        "IfNotPresent",
                        "/spec/deployment/helm/ociRepository/ref",
                        "r",
                        "/spec/config/kind",
                        "GardenletConfiguration",
                        "/spec/config/resources/capacity/shoots",
                        "\"250\"",
                        "/spec/bootstrap",
                        ABSENT),
                row(
                        "set values are kept",
                        GARDENLET + """
                        spec:
                          deployment: {replicaCount: 1, image: {tag: latest, pullPolicy: IfNotPresent}, helm: {ociRepository: {ref: r}}}
                          config: {apiVersion: gardenlet.config.gardener.cloud/v1alpha1, kind: GardenletConfiguration, resources: {capacity: {shoots: "10"}}}
                        """,
                        "/spec/deployment/replicaCount",
                        "1",
                        "/spec/deployment/image/pullPolicy",
                        "IfNotPresent",
                        "/spec/config/resources/capacity/shoots",
                        "\"10\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gardenletCases")
    void gardenlet(Case c) {
        DefaultingTable.assertCase(DefaultingTable.gvkOf(c.input()), new GardenletDefaults(), c);
    }
}

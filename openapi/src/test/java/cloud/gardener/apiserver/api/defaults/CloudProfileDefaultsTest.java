package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.DefaultingTable.ABSENT;
import static cloud.gardener.apiserver.api.defaults.DefaultingTable.row;

import cloud.gardener.apiserver.api.defaults.DefaultingTable.Case;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CloudProfileDefaultsTest {

    private static final GroupVersionKind CLOUD_PROFILE =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "CloudProfile");
    private static final GroupVersionKind NAMESPACED =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "NamespacedCloudProfile");

    private static String profile(String machineImages, String machineTypes, String extra) {
        return """
                apiVersion: core.gardener.cloud/v1beta1
                kind: CloudProfile
                metadata: {name: local}
                spec:
                  type: local
                  kubernetes: {versions: [{version: 1.31.1}]}
                  regions: [{name: local}]
                  machineImages: %s
                  machineTypes: %s
                  volumeTypes: [{name: standard, class: standard}, {name: premium, class: premium, usable: false}]
                """.formatted(machineImages, machineTypes) + extra;
    }

    private static final String IMAGES = "[{name: ubuntu, versions: [{version: 1.0.0}, {version: 2.0.0,"
            + " architectures: [arm64], cri: [{name: containerd, containerRuntimes: [{type: gvisor}]}]}]},"
            + " {name: gardenlinux, updateStrategy: minor, versions: [{version: 1.0.0}]}]";
    private static final String TYPES = "[{name: small, cpu: \"1\", gpu: \"0\", memory: 1Gi},"
            + " {name: large, cpu: \"8\", gpu: \"0\", memory: 32Gi, architecture: arm64, usable: false}]";

    static Stream<Case> cases() {
        return Stream.of(
                row(
                        "architectures, update strategy, CRI and usability",
                        profile(IMAGES, TYPES, ""),
                        "/spec/machineImages/0/updateStrategy",
                        "major",
                        "/spec/machineImages/0/versions/0/architectures",
                        "[amd64]",
                        "/spec/machineImages/0/versions/0/cri",
                        "[{name: containerd}]",
                        "/spec/machineImages/0/versions/1/architectures",
                        "[arm64]",
                        "/spec/machineImages/0/versions/1/cri",
                        "[{name: containerd, containerRuntimes: [{type: gvisor}]}]",
                        "/spec/machineImages/1/updateStrategy",
                        "minor",
                        "/spec/machineTypes/0/architecture",
                        "amd64",
                        "/spec/machineTypes/0/usable",
                        "true",
                        "/spec/machineTypes/1/architecture",
                        "arm64",
                        "/spec/machineTypes/1/usable",
                        "false",
                        "/spec/volumeTypes/0/usable",
                        "true",
                        "/spec/volumeTypes/1/usable",
                        "false"),
                row(
                        "with machine capabilities no architecture is defaulted",
                        profile(
                                IMAGES,
                                TYPES,
                                "  machineCapabilities: [{name: architecture, values: [amd64, arm64]}]\n"),
                        "/spec/machineImages/0/versions/0/architectures",
                        ABSENT,
                        "/spec/machineTypes/0/architecture",
                        ABSENT,
                        "/spec/machineImages/0/updateStrategy",
                        "major",
                        "/spec/machineImages/0/versions/0/cri",
                        "[{name: containerd}]",
                        "/spec/machineTypes/0/usable",
                        "true"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void defaults(Case c) {
        DefaultingTable.assertCase(CLOUD_PROFILE, new CloudProfileDefaults(), c);
    }

    static Stream<Case> namespacedCases() {
        return Stream.of(row(
                "only machine and volume types become usable",
                """
                                apiVersion: core.gardener.cloud/v1beta1
                                kind: NamespacedCloudProfile
                                metadata: {name: local-custom, namespace: garden-local}
                                spec:
                                  parent: {kind: CloudProfile, name: local}
                                  machineImages: [{name: ubuntu, versions: [{version: 1.0.0}]}]
                                  machineTypes: [{name: small, cpu: "1", gpu: "0", memory: 1Gi}]
                                  volumeTypes: [{name: fast, class: fast, usable: false}]
                                status:
                                  cloudProfileSpec:
                                    type: local
                                    kubernetes: {versions: [{version: 1.31.1}]}
                                    regions: [{name: local}]
                                    machineImages: [{name: ubuntu, versions: [{version: 1.0.0}]}]
                                    machineTypes: [{name: small, cpu: "1", gpu: "0", memory: 1Gi}]
                                """,
                "/spec/machineTypes/0/usable",
                "true",
                "/spec/machineTypes/0/architecture",
                ABSENT,
                "/spec/volumeTypes/0/usable",
                "false",
                "/spec/machineImages/0/updateStrategy",
                ABSENT,
                "/spec/machineImages/0/versions/0/cri",
                ABSENT,
                "/spec/machineImages/0/versions/0/architectures",
                ABSENT,
                "/status/cloudProfileSpec/machineTypes/0/usable",
                ABSENT,
                "/status/cloudProfileSpec/machineImages/0/updateStrategy",
                ABSENT));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("namespacedCases")
    void namespacedDefaults(Case c) {
        DefaultingTable.assertCase(NAMESPACED, new NamespacedCloudProfileDefaults(), c);
    }
}

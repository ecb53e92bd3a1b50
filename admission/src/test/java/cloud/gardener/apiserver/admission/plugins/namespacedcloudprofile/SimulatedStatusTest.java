package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.admission.validation.core.NamespacedCloudProfileValidator;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfileSpec;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Gardener's {@code ValidateSimulatedNamespacedCloudProfileStatus} cases: the parent merged with the namespaced
 * profile, validated as {@code status.cloudProfileSpec}.
 */
class SimulatedStatusTest {

    /** The parent as stored: v1beta1 defaults applied. */
    private static final String PARENT =
            "{kubernetes: {versions: [{version: 1.11.4}]}, machineImages: [{name: test-image, "
                    + "updateStrategy: major, versions: [{version: 1.0.0, cri: [{name: containerd}], architectures: [amd64]}, "
                    + "{version: 1.1.2, cri: [{name: containerd}], architectures: [amd64]}]}]}";

    private static final String SPEC = "{parent: {kind: CloudProfile, name: cloudprofile1}, "
            + "kubernetes: {versions: [{version: 1.11.4}]}, machineImages: [{name: test-image, versions: [{version: 1.0.0}]}], "
            + "machineTypes: [{name: machine-type-1, cpu: '2', gpu: '0', memory: 100Gi, architecture: amd64}], "
            + "volumeTypes: [{name: volume-type-1, class: super-premium}]}";

    static Stream<Arguments> cases() {
        String tomorrow = "'2030-01-02T00:00:00Z'";
        return Stream.of(
                arguments("a valid merge", PARENT, SPEC, List.of()),
                arguments(
                        "no Kubernetes version at all",
                        PARENT.replace("[{version: 1.11.4}]", "[]"),
                        SPEC.replace("[{version: 1.11.4}]", "[]"),
                        List.of(
                                "status.cloudProfileSpec.kubernetes.versions: Required value: must provide at least one "
                                        + "Kubernetes version",
                                "status.cloudProfileSpec.kubernetes.versions: Invalid value: \"\": failed to determine the "
                                        + "latest kubernetes version from the cloud profile")),
                arguments(
                        "an expiration date on the latest Kubernetes version",
                        PARENT.replace(
                                "[{version: 1.11.4}]",
                                "[{version: 1.1.0, classification: supported}, "
                                        + "{version: 1.2.0, classification: deprecated}]"),
                        SPEC.replace(
                                "[{version: 1.11.4}]",
                                "[{version: 1.1.0}, {version: 1.2.0, expirationDate: " + tomorrow + "}]"),
                        List.of(
                                "status.cloudProfileSpec.kubernetes.versions[].expirationDate: Invalid value: 2030-01-02 "
                                        + "00:00:00 +0000 UTC: expiration date of latest kubernetes version ('1.2.0') must not be set")),
                arguments(
                        "two supported versions of one minor",
                        PARENT.replace(
                                "[{version: 1.11.4}]",
                                "[{version: 1.1.0, classification: supported}, "
                                        + "{version: 1.1.1, classification: supported}]"),
                        SPEC.replace("[{version: 1.11.4}]", "[{version: 1.1.0}, {version: 1.1.1}]"),
                        List.of(
                                "status.cloudProfileSpec.kubernetes.versions[0]: Forbidden: unable to add version \"1.1.0\" "
                                        + "with classification \"supported\". \"supported\" lifecycle stages must not overlap per "
                                        + "minor version",
                                "status.cloudProfileSpec.kubernetes.versions[1]: Forbidden: unable to add version \"1.1.1\" "
                                        + "with classification \"supported\". \"supported\" lifecycle stages must not overlap per "
                                        + "minor version")),
                arguments(
                        "no machine images of its own",
                        PARENT,
                        SPEC.replace(
                                "machineImages: [{name: test-image, versions: [{version: 1.0.0}]}]",
                                "machineImages: []"),
                        List.of()),
                arguments(
                        "an expiration date on the latest version of its own images",
                        PARENT,
                        SPEC.replace(
                                "machineImages: [{name: test-image, versions: [{version: 1.0.0}]}]",
                                "machineImages: [{name: test-image, versions: [{version: 0.1.2, expirationDate: "
                                        + tomorrow
                                        + ", classification: preview, cri: [{name: containerd}], architectures: [amd64]}, "
                                        + "{version: 1.0.0}]}, {name: xy, updateStrategy: major, versions: [{version: 0.1.1, "
                                        + "expirationDate: " + tomorrow
                                        + ", classification: supported, cri: [{name: containerd}], "
                                        + "architectures: [amd64]}]}]"),
                        List.of()),
                arguments(
                        "no machine types of its own",
                        PARENT,
                        SPEC.replace(
                                "[{name: machine-type-1, cpu: '2', gpu: '0', memory: 100Gi, architecture: amd64}]",
                                "[]"),
                        List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void validatesTheMergedSpec(String name, String parent, String spec, List<String> expected) {
        CloudProfileSpec merged = CloudProfileMerge.merge(
                ModelCodec.decode(Requests.object(parent), CloudProfileSpec.class)
                        .value(),
                ModelCodec.decode(Requests.object(spec), NamespacedCloudProfileSpec.class)
                        .value());
        List<String> errors =
                NamespacedCloudProfileValidator.validateStatus(merged, FieldPath.of("status.cloudProfileSpec")).stream()
                        .map(FieldError::toString)
                        .toList();
        assertThat(errors).containsExactlyInAnyOrderElementsOf(expected);
    }
}

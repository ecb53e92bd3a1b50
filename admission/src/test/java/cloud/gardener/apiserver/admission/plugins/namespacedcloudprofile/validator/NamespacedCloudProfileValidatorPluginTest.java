package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile.validator;

import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcome;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The cases of Gardener's {@code plugin/pkg/namespacedcloudprofile/validator/admission_test.go}. */
class NamespacedCloudProfileValidatorPluginTest {

    private static final GroupVersionKind KIND =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "NamespacedCloudProfile");
    private static final GroupResource RESOURCE = new GroupResource("core.gardener.cloud", "namespacedcloudprofiles");
    private static final GroupResource CLOUD_PROFILES = new GroupResource("core.gardener.cloud", "cloudprofiles");
    private static final Clock NOW = Clock.fixed(Instant.parse("2026-06-01T00:00:00Z"), ZoneOffset.UTC);
    private static final String LATER = "'2026-06-02T00:00:00Z'";
    private static final String PAST = "'2026-05-31T00:00:00Z'";
    private static final String MERGED = "error while validating merged NamespacedCloudProfile: ";

    /** Gardener's parent: three Kubernetes versions, one image version; the plugin applies the v1beta1 defaults. */
    private static final String PARENT = """
            metadata: {name: parent-profile}
            spec:
              kubernetes: {versions: [{version: 1.32.0, classification: preview}, {version: 1.31.0, classification: supported},
                {version: 1.30.0}]}
              machineImages: [{name: test-image, versions: [{version: 1.0.0, cri: [{name: containerd}]}]}]
            """;

    private static final String ONE_ARCHITECTURE = PARENT + """
              machineCapabilities: [{name: architecture, values: [amd64]}, {name: capability2, values: [value1, value2]}]
            """;
    private static final String TWO_ARCHITECTURES = PARENT.replace(
                    "cri: [{name: containerd}]",
                    "cri: [{name: containerd}], capabilityFlavors: [{architecture: [amd64]}]")
            + """
              machineCapabilities: [{name: architecture, values: [amd64, arm64]}, {name: capability2, values: [value1, value2]}]
            """;
    private static final String TWO_IMAGE_VERSIONS = PARENT.replace(
            "[{version: 1.0.0, cri: [{name: containerd}]}]",
            "[{version: 1.1.0, cri: [{name: containerd}]}, {version: 1.2.0, cri: [{name: containerd}]}]");

    private static String profile(String spec) {
        return "metadata: {name: profile, namespace: garden-dev, generation: 1}\n"
                + "spec: {parent: {kind: CloudProfile, name: parent-profile}" + (spec.isEmpty() ? "" : ", " + spec)
                + "}";
    }

    /** The same profile as stored, with the status the controller merged, one generation earlier. */
    private static String stored(String spec, String status) {
        return profile(spec).replace("generation: 1", "generation: 0")
                + (status.isEmpty() ? "" : "\nstatus: {cloudProfileSpec: {" + status + "}}");
    }

    static Stream<Arguments> cases() {
        String newVersion = "machineImages: [{name: test-image, versions: [{version: 1.0.1, cri: [{name: containerd}]";
        return Stream.of(
                // parent
                arguments(
                        "a missing parent",
                        PARENT,
                        profile("").replace("name: parent-profile", "name: idontexist"),
                        null,
                        Outcome.rejected(400, "parent CloudProfile could not be found")),
                arguments("a valid parent reference", PARENT, profile(""), null, Outcome.ALLOWED),
                arguments(
                        "an empty parent name",
                        PARENT,
                        profile("").replace("name: parent-profile", "name: ''"),
                        null,
                        Outcome.rejected(400, "parent CloudProfile could not be found")),
                arguments(
                        "no parent name",
                        PARENT,
                        profile("").replace(", name: parent-profile", ""),
                        null,
                        Outcome.rejected(400, "parent CloudProfile could not be found")),
                arguments(
                        "a parent of another kind that names no CloudProfile",
                        PARENT,
                        profile("")
                                .replace(
                                        "kind: CloudProfile, name: parent-profile",
                                        "kind: NamespacedCloudProfile, name: profile"),
                        null,
                        Outcome.rejected(400, "parent CloudProfile could not be found")),
                // the plugin reads the parent by name only; the kind is the strategy's and ExtensionLabels' to refuse
                arguments(
                        "a parent of another kind that names a CloudProfile",
                        PARENT,
                        profile("").replace("kind: CloudProfile", "kind: Secret"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "a new image version without capabilities: the one architecture is the default",
                        ONE_ARCHITECTURE,
                        profile(newVersion + "}]}]"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "machine types without capabilities: the one architecture is the default",
                        ONE_ARCHITECTURE,
                        profile(newVersion + "}]}], machineTypes: [{name: my-other-machine}]"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "a new image version with capabilities",
                        TWO_ARCHITECTURES,
                        profile(newVersion + ", capabilityFlavors: [{architecture: [arm64]}]}]}]"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "a new image version with capabilities the parent does not define",
                        TWO_ARCHITECTURES,
                        profile(
                                newVersion
                                        + ", capabilityFlavors: [{capability2: [value3], not-in-parent: [value1, value2]}]}]}]"),
                        null,
                        Outcome.rejected(
                                500,
                                "[spec.machineImages[0].versions[0].capabilityFlavors[0].architecture: "
                                        + "Required value: must specify one architecture explicitly as multiple architectures are defined "
                                        + "in spec.machineCapabilities, spec.machineImages[0].versions[0].capabilityFlavors[0].capability2[0]: "
                                        + "Unsupported value: \"value3\": supported values: \"value1\", \"value2\", "
                                        + "spec.machineImages[0].versions[0].capabilityFlavors[0]: Unsupported value: \"not-in-parent\": "
                                        + "supported values: \"architecture\", \"capability2\"]")),
                arguments(
                        "a machine type whose architecture conflicts with its capabilities (merged status)",
                        TWO_ARCHITECTURES,
                        profile(
                                "machineImages: [], machineTypes: [{name: my-other-machine, architecture: amd64, capabilities: "
                                        + "{architecture: [arm64]}}]"),
                        null,
                        Outcome.rejected(
                                500,
                                MERGED + "[status.cloudProfileSpec.machineTypes[0].architecture: Invalid value: "
                                        + "\"arm64\": machine type architecture (amd64) conflicts with the capability architecture (arm64)]")),
                arguments(
                        "a machine type with capabilities the parent does not define (merged status)",
                        TWO_ARCHITECTURES,
                        profile("machineTypes: [{name: my-other-machine, capabilities: {architecture: [arm64], "
                                + "capability2: [value3], not-in-parent: [value1, value2]}}]"),
                        null,
                        Outcome.rejected(
                                500,
                                MERGED + "[status.cloudProfileSpec.machineTypes[0].capabilities.capability2[0]: "
                                        + "Unsupported value: \"value3\": supported values: \"value1\", \"value2\" "
                                        + "status.cloudProfileSpec.machineTypes[0].capabilities: Unsupported value: \"not-in-parent\": "
                                        + "supported values: \"architecture\", \"capability2\"]")),
                arguments(
                        "an override of a parent image version without capabilities",
                        TWO_ARCHITECTURES,
                        profile("machineImages: [{name: test-image, versions: [{version: 1.0.0, expirationDate: "
                                + LATER + "}]}]"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "an override of a parent image version with capabilities",
                        TWO_ARCHITECTURES,
                        profile("machineImages: [{name: test-image, versions: [{version: 1.0.0, expirationDate: "
                                + LATER + ", capabilityFlavors: [{architecture: [arm64]}]}]}]"),
                        null,
                        Outcome.rejected(
                                500,
                                "spec.machineImages[0].versions[0].capabilityFlavors: Forbidden: must not provide "
                                        + "capabilities to an extended machine image in NamespacedCloudProfile")),
                // Kubernetes versions
                arguments(
                        "no Kubernetes versions in the merged status",
                        PARENT.replace(
                                "{versions: [{version: 1.32.0, classification: preview}, {version: 1.31.0, classification: supported},\n"
                                        + "    {version: 1.30.0}]}",
                                "{versions: []}"),
                        profile(""),
                        null,
                        Outcome.rejected(
                                500,
                                MERGED + "[status.cloudProfileSpec.kubernetes.versions: Required value: must "
                                        + "provide at least one Kubernetes version status.cloudProfileSpec.kubernetes.versions: Invalid "
                                        + "value: \"\": failed to determine the latest kubernetes version from the cloud profile]")),
                arguments(
                        "an expiration date on the latest Kubernetes version (merged status)",
                        PARENT,
                        profile("kubernetes: {versions: [{version: 1.32.0, expirationDate: " + LATER + "}]}"),
                        null,
                        Outcome.rejected(
                                500,
                                MERGED + "[status.cloudProfileSpec.kubernetes.versions[].expirationDate: Invalid "
                                        + "value: 2026-06-02 00:00:00 +0000 UTC: expiration date of latest kubernetes version ('1.32.0') "
                                        + "must not be set]")),
                arguments(
                        "an extended expiration date of a parent Kubernetes version",
                        PARENT,
                        profile("kubernetes: {versions: [{version: 1.31.0, expirationDate: " + LATER + "}]}"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "a Kubernetes version the parent lacks",
                        PARENT,
                        profile("kubernetes: {versions: [{version: 1.25.0, expirationDate: " + LATER + "}]}"),
                        null,
                        Outcome.rejected(
                                500,
                                "invalid kubernetes version specified: '1.25.0' does not exist in parent "
                                        + "CloudProfile and thus cannot be overridden")),
                arguments(
                        "a Kubernetes override without expiration date",
                        PARENT,
                        profile("kubernetes: {versions: [{version: 1.31.0}]}"),
                        null,
                        Outcome.rejected(500, "specified version '1.31.0' does not set expiration date")),
                arguments(
                        "a past Kubernetes expiration date on create",
                        PARENT,
                        profile("kubernetes: {versions: [{version: 1.31.0, expirationDate: " + PAST + "}]}"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "an unchanged expired Kubernetes override on update",
                        PARENT,
                        profile("kubernetes: {versions: [{version: 1.30.0, expirationDate: " + PAST
                                + "}, {version: 1.31.0, " + "expirationDate: " + LATER + "}]}"),
                        stored(
                                "kubernetes: {versions: [{version: 1.30.0, expirationDate: " + PAST + "}]}",
                                "kubernetes: {versions: [{version: 1.30.0, expirationDate: " + PAST
                                        + "}, {version: 1.31.0}," + " {version: 1.32.0}]}"),
                        Outcome.ALLOWED),
                arguments(
                        "a Kubernetes expiration date changed to one still in the past",
                        PARENT,
                        profile("kubernetes: {versions: [{version: 1.30.0, expirationDate: '2026-05-31T23:30:00Z'}]}"),
                        stored(
                                "kubernetes: {versions: [{version: 1.30.0, expirationDate: " + PAST + "}]}",
                                "kubernetes: {versions: [{version: 1.30.0, expirationDate: " + PAST
                                        + "}, {version: 1.31.0}," + " {version: 1.32.0}]}"),
                        Outcome.rejected(500, "expiration date for version \"1.30.0\" is in the past")),
                // machine types and volume types
                arguments(
                        "a machine type the parent lacks",
                        PARENT,
                        profile("machineTypes: [{name: my-other-machine, architecture: amd64}]"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "a machine type the parent gained afterwards",
                        PARENT.replace(
                                "spec:\n",
                                "spec:\n  machineTypes: [{name: my-machine, architecture: arm64, usable: false}]\n"),
                        profile("machineTypes: [{name: my-machine, architecture: arm64}]"),
                        stored("machineTypes: [{name: my-machine, architecture: arm64}]", ""),
                        Outcome.ALLOWED),
                arguments(
                        "a machine type the parent has with another spec",
                        PARENT.replace(
                                "spec:\n",
                                "spec:\n  machineTypes: [{name: my-machine, architecture: arm64, gpu: '0'}]\n"),
                        profile("machineTypes: [{name: my-machine, architecture: arm64}]"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "a volume type the parent gained afterwards",
                        PARENT.replace(
                                "spec:\n", "spec:\n  volumeTypes: [{name: volume-type-1, class: super-premium}]\n"),
                        profile("volumeTypes: [{name: volume-type-1, class: super-premium}]"),
                        stored("volumeTypes: [{name: volume-type-1, class: super-premium}]", ""),
                        Outcome.ALLOWED),
                // machine images
                arguments(
                        "a parent image version with another update strategy and an expiration date",
                        PARENT,
                        profile("machineImages: [{name: test-image, updateStrategy: patch, versions: [{version: 1.0.0, "
                                + "expirationDate: " + LATER + "}]}]"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "a new expiration date of an image version override",
                        PARENT,
                        profile("machineImages: [{name: test-image, updateStrategy: patch, versions: [{version: 1.0.0, "
                                + "expirationDate: '2026-06-03T00:00:00Z'}]}]"),
                        stored(
                                "machineImages: [{name: test-image, updateStrategy: patch, versions: [{version: 1.0.0, "
                                        + "expirationDate: " + LATER + "}]}]",
                                ""),
                        Outcome.ALLOWED),
                arguments(
                        "an image of its own",
                        PARENT,
                        profile(
                                "machineImages: [{name: another-image, updateStrategy: major, versions: [{version: 1.0.0, "
                                        + "expirationDate: " + LATER
                                        + ", cri: [{name: containerd}], architectures: [amd64]}]}]"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "an image of its own without versions",
                        PARENT,
                        profile("machineImages: [{name: another-image, updateStrategy: major, versions: []}]"),
                        null,
                        Outcome.rejected(
                                500,
                                "spec.machineImages[0].versions: Required value: must provide at least one "
                                        + "version for the machine image 'another-image'")),
                arguments(
                        "an image of its own without architecture",
                        PARENT,
                        profile(
                                "machineImages: [{name: another-image, updateStrategy: major, versions: [{version: 1.0.0, "
                                        + "cri: [{name: containerd}]}]}]"),
                        null,
                        Outcome.rejected(
                                500,
                                "spec.machineImages[0].versions[0].architectures: Required value: must provide "
                                        + "at least one architecture")),
                arguments(
                        "an image of its own without update strategy (merged status)",
                        PARENT,
                        profile(
                                "machineImages: [{name: another-image, versions: [{version: 1.0.0, cri: [{name: containerd}], "
                                        + "architectures: [amd64]}]}]"),
                        null,
                        Outcome.rejected(
                                500,
                                MERGED + "[status.cloudProfileSpec.machineImages[1].updateStrategy: Required "
                                        + "value: must provide an update strategy]")),
                arguments(
                        "a new version of a parent image",
                        PARENT,
                        profile("machineImages: [{name: test-image, versions: [{version: 1.2.0, expirationDate: "
                                + LATER + ", cri: [{name: containerd}], architectures: [amd64]}]}]"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "a new version of a parent image without container runtime (merged status)",
                        PARENT,
                        profile(
                                "machineImages: [{name: test-image, versions: [{version: 1.2.0, architectures: [amd64]}]}]"),
                        null,
                        Outcome.rejected(
                                500,
                                MERGED + "[status.cloudProfileSpec.machineImages[0].versions[1].cri: "
                                        + "Required value: must provide at least one supported container runtime]")),
                arguments(
                        "an image version override without expiration date",
                        TWO_IMAGE_VERSIONS,
                        profile("machineImages: [{name: test-image, versions: [{version: 1.1.0}]}]"),
                        null,
                        Outcome.rejected(
                                500,
                                "spec.machineImages[0].versions[0].expirationDate: Invalid value: null: "
                                        + "expiration date for version \"1.1.0\" must be set")),
                arguments(
                        "an image version override with more than an expiration date",
                        TWO_IMAGE_VERSIONS,
                        profile(extendedOverride()),
                        null,
                        Outcome.rejected(
                                500,
                                "[" + extendedErrors()
                                        + "spec.machineImages[0].versions[0].kubeletVersionConstraint: Forbidden: must not provide a "
                                        + "kubelet version constraint to an extended machine image in NamespacedCloudProfile, "
                                        + "spec.machineImages[0].versions[0].inPlaceUpdates: Forbidden: must not provide inPlaceUpdates "
                                        + "to an extended machine image in NamespacedCloudProfile]")),
                arguments(
                        "an image version override with more than an expiration date under capabilities",
                        TWO_IMAGE_VERSIONS + "  machineCapabilities: [{name: architecture, values: [amd64, arm64]}]\n",
                        profile(extendedOverride()),
                        null,
                        Outcome.rejected(
                                500,
                                "[" + extendedErrors()
                                        + "spec.machineImages[0].versions[0].capabilityFlavors: Forbidden: must not provide capabilities "
                                        + "to an extended machine image in NamespacedCloudProfile, "
                                        + "spec.machineImages[0].versions[0].kubeletVersionConstraint: Forbidden: must not provide a "
                                        + "kubelet version constraint to an extended machine image in NamespacedCloudProfile, "
                                        + "spec.machineImages[0].versions[0].inPlaceUpdates: Forbidden: must not provide inPlaceUpdates "
                                        + "to an extended machine image in NamespacedCloudProfile]")),
                arguments(
                        "an expired image version override added on update",
                        TWO_IMAGE_VERSIONS,
                        profile("machineImages: [{name: test-image, versions: [{version: 1.1.0, expirationDate: " + PAST
                                + "}]}]"),
                        stored("", ""),
                        Outcome.rejected(
                                500,
                                "spec.machineImages[0].versions[0].expirationDate: Invalid "
                                        + "value: 2026-05-31 00:00:00 +0000 UTC: expiration date for version \"1.1.0\" is in the past")),
                arguments(
                        "an expired image version override on create",
                        TWO_IMAGE_VERSIONS,
                        profile("machineImages: [{name: test-image, versions: [{version: 1.1.0, expirationDate: " + PAST
                                + "}]}]"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "an image version the parent gained afterwards",
                        TWO_IMAGE_VERSIONS,
                        profile(ownVersion("")),
                        stored(ownVersion(""), ""),
                        Outcome.ALLOWED),
                arguments(
                        "a change of an image version the parent gained afterwards",
                        TWO_IMAGE_VERSIONS,
                        profile(ownVersion("updateStrategy: major, ")
                                .replace("architectures: [amd64]", "architectures: [amd64, arm64]")),
                        stored(ownVersion(""), ""),
                        Outcome.rejected(
                                500,
                                "[spec.machineImages[0].updateStrategy: Forbidden: cannot update the machine "
                                        + "image update strategy of \"test-image\", as this version has been added to the parent "
                                        + "CloudProfile by now, spec.machineImages[0].versions[0]: Forbidden: cannot update the machine "
                                        + "image version spec (except for the expiration date) of \"test-image@1.1.0\", as this version "
                                        + "has been added to the parent CloudProfile by now]")),
                // limits
                arguments(
                        "a limit equal to the parent's",
                        PARENT.replace("spec:\n", "spec:\n  limits: {maxNodesTotal: 5}\n"),
                        profile("limits: {maxNodesTotal: 5}"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "a limit under a parent without limits",
                        PARENT,
                        profile("limits: {maxNodesTotal: 5}"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "empty limits",
                        PARENT.replace("spec:\n", "spec:\n  limits: {maxNodesTotal: 5}\n"),
                        profile("limits: {}"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "a higher limit than the parent's",
                        PARENT.replace("spec:\n", "spec:\n  limits: {maxNodesTotal: 5}\n"),
                        profile("limits: {maxNodesTotal: 6}"),
                        null,
                        Outcome.ALLOWED),
                // no-ops
                arguments(
                        "an update changing neither spec nor metadata",
                        PARENT,
                        profile("").replace("name: parent-profile", "name: idontexist"),
                        profile("").replace("name: parent-profile", "name: idontexist"),
                        Outcome.ALLOWED));
    }

    private static String extendedOverride() {
        return "machineImages: [{name: test-image, versions: [{version: 1.1.0, expirationDate: " + PAST
                + ", classification: "
                + "supported, cri: [{name: containerd}], architectures: [amd64], capabilityFlavors: [{architecture: [amd64]}], "
                + "kubeletVersionConstraint: '>=1.31.0', inPlaceUpdates: {supported: true}}]}]";
    }

    private static String extendedErrors() {
        return "spec.machineImages[0].versions[0].classification: Forbidden: must not provide a classification to an "
                + "extended machine image in NamespacedCloudProfile, spec.machineImages[0].versions[0].cri: Forbidden: must "
                + "not provide a cri to an extended machine image in NamespacedCloudProfile, "
                + "spec.machineImages[0].versions[0].architectures: Forbidden: must not provide an architecture to an "
                + "extended machine image in NamespacedCloudProfile, ";
    }

    private static String ownVersion(String updateStrategy) {
        return "machineImages: [{name: test-image, " + updateStrategy
                + "versions: [{version: 1.1.0, cri: [{name: containerd}], " + "architectures: [amd64]}]}]";
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void validates(String name, String parent, String object, String old, Outcome expected) {
        Attributes a = old == null
                ? Requests.create(KIND, RESOURCE, Requests.object(object))
                : Requests.update(KIND, RESOURCE, Requests.object(object), Requests.object(old));
        expected.check(plugin(parent).validate(a));
    }

    /** Real bodies come with optional sections absent, null or empty; the stored status too. */
    static Stream<Arguments> optionalSections() {
        String expired = "kubernetes: {versions: [{version: 1.31.0, expirationDate: " + PAST + "}]}";
        Outcome inThePast = Outcome.rejected(500, "expiration date for version \"1.31.0\" is in the past");
        String expiredImage =
                "machineImages: [{name: test-image, versions: [{version: 1.1.0, expirationDate: " + PAST + "}]}]";
        Outcome imageInThePast = Outcome.rejected(
                500,
                "spec.machineImages[0].versions[0].expirationDate: Invalid value: 2026-05-31 00:00:00 +0000 UTC: "
                        + "expiration date for version \"1.1.0\" is in the past");
        return Stream.of(
                arguments(
                        "null sections",
                        PARENT,
                        profile("kubernetes: null, machineImages: null, machineTypes: null, volumeTypes: null, "
                                + "limits: null, caBundle: null, providerConfig: null"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "empty sections",
                        PARENT,
                        profile("kubernetes: {}, machineImages: [], machineTypes: [], volumeTypes: [], limits: {}"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "null Kubernetes versions",
                        PARENT,
                        profile("kubernetes: {versions: null}"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "an image without versions field of the parent",
                        PARENT,
                        profile("machineImages: [{name: test-image}]"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "a parent without machine images",
                        PARENT.replace(
                                "  machineImages: [{name: test-image, versions: [{version: 1.0.0, cri: [{name: containerd}]}]}]\n",
                                ""),
                        profile(""),
                        null,
                        Outcome.ALLOWED),
                arguments("an expired override, no stored status", PARENT, profile(expired), stored("", ""), inThePast),
                arguments(
                        "an expired override, a null stored status",
                        PARENT,
                        profile(expired),
                        stored("", "") + "\nstatus: null",
                        inThePast),
                arguments(
                        "an expired override, an empty stored status",
                        PARENT,
                        profile(expired),
                        stored("", "") + "\nstatus: {}",
                        inThePast),
                arguments(
                        "an expired override, a stored status without Kubernetes",
                        PARENT,
                        profile(expired),
                        stored("", "kubernetes: null"),
                        inThePast),
                arguments(
                        "an expired override the stored status has",
                        PARENT,
                        profile(expired),
                        stored(expired, expired.replace("1.31.0", "1.31.0, classification: supported")),
                        Outcome.ALLOWED),
                arguments(
                        "an expired image override, a stored status without images",
                        TWO_IMAGE_VERSIONS,
                        profile(expiredImage),
                        stored("", "machineImages: null"),
                        imageInThePast),
                arguments(
                        "an expired image override, a stored status without the image's versions",
                        TWO_IMAGE_VERSIONS,
                        profile(expiredImage),
                        stored("", "machineImages: [{name: test-image}]"),
                        imageInThePast),
                arguments(
                        "an expired image override the stored status has",
                        TWO_IMAGE_VERSIONS,
                        profile(expiredImage),
                        stored(expiredImage, expiredImage),
                        Outcome.ALLOWED),
                // expired by its classification alone: Go prints the absent date as null
                arguments(
                        "an image version override classified expired, without a date, on update",
                        TWO_IMAGE_VERSIONS,
                        profile(
                                "machineImages: [{name: test-image, versions: [{version: 1.1.0, classification: expired}]}]"),
                        stored("", ""),
                        Outcome.rejected(
                                500,
                                "[spec.machineImages[0].versions[0].classification: Forbidden: must not provide a "
                                        + "classification to an extended machine image in NamespacedCloudProfile, "
                                        + "spec.machineImages[0].versions[0].expirationDate: Invalid value: null: expiration "
                                        + "date for version \"1.1.0\" must be set, "
                                        + "spec.machineImages[0].versions[0].expirationDate: Invalid value: null: expiration "
                                        + "date for version \"1.1.0\" is in the past]")),
                arguments(
                        "a metadata-only update of a profile being deleted",
                        PARENT,
                        profile("")
                                .replace("name: parent-profile", "name: idontexist")
                                .replace("generation: 1", "generation: 1, deletionTimestamp: " + PAST),
                        profile("").replace("name: parent-profile", "name: idontexist"),
                        Outcome.ALLOWED),
                arguments(
                        "a metadata-only update",
                        PARENT,
                        profile("")
                                .replace("name: parent-profile", "name: idontexist")
                                .replace("generation: 1", "generation: 2"),
                        profile("").replace("name: parent-profile", "name: idontexist"),
                        Outcome.rejected(400, "parent CloudProfile could not be found")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("optionalSections")
    void readsOptionalSectionsAsGoDoes(String name, String parent, String object, String old, Outcome expected) {
        validates(name, parent, object, old, expected);
    }

    @Test
    void ignoresSubresources() {
        String missingParent = profile("").replace("name: parent-profile", "name: idontexist");
        Outcome.ALLOWED.check(plugin(PARENT)
                .validate(Requests.of(
                        KIND,
                        RESOURCE,
                        "status",
                        Operation.UPDATE,
                        Requests.object(missingParent),
                        Requests.object(stored("", "")),
                        Requests.ALICE)));
    }

    @Test
    void waitsForItsCaches() {
        NamespacedCloudProfileValidatorPlugin plugin = new NamespacedCloudProfileValidatorPlugin(
                new PluginContext(new InMemoryObjects().notReady(), null, null, NOW));
        Outcome.forbidden("namespacedcloudprofiles.core.gardener.cloud", "profile", "not yet ready to handle request")
                .check(plugin.validate(Requests.create(KIND, RESOURCE, Requests.object(profile("")))));
    }

    private static NamespacedCloudProfileValidatorPlugin plugin(String parent) {
        return new NamespacedCloudProfileValidatorPlugin(
                new PluginContext(new InMemoryObjects().put(CLOUD_PROFILES, parent), null, null, NOW));
    }
}

package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.core.v1beta1.CapabilityDefinition;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Limits;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfileSpec;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Gardener's {@code MergeCloudProfiles} and {@code TransformSpecToParentFormat} cases (reconciler_test.go). */
class CloudProfileMergeTest {

    private static final String CAPABILITIES = "machineCapabilities: [{name: architecture, values: [amd64, arm64]}, "
            + "{name: cap-a, values: [featured, standard]}]";

    private static final String PARENT = "{" + CAPABILITIES + ", "
            + "machineImages: [{name: image-a}, {name: image-b, versions: ["
            + "{version: '1.0', architectures: [amd64], capabilityFlavors: [{architecture: [amd64], cap-a: [standard]}]}, "
            + "{version: '2.0', architectures: [amd64], capabilityFlavors: [{architecture: [amd64]}]}, "
            + "{version: '3.0', architectures: [arm64], capabilityFlavors: [{architecture: [arm64], cap-a: [featured]}]}]}, "
            + "{name: image-c}], "
            + "machineTypes: [{name: type-a, architecture: amd64}, {name: type-b, architecture: amd64}], "
            + "volumeTypes: [{name: volume-a}, {name: volume-b}], "
            + "kubernetes: {versions: [{version: 1.35.0}, {version: 1.34.1}, {version: 1.34.0}]}}";

    private static ObjectNode json(String yaml) {
        return Requests.object(yaml);
    }

    private static CloudProfileSpec parent(JsonNode tree) {
        return ModelCodec.decode(tree, CloudProfileSpec.class).value();
    }

    private static CloudProfileSpec parent(String yaml) {
        return parent(json(yaml));
    }

    private static NamespacedCloudProfileSpec spec(String yaml) {
        return ModelCodec.decode(json(yaml), NamespacedCloudProfileSpec.class).value();
    }

    @Test
    void withoutOverridesTheStatusIsTheParentSpec() {
        assertThat(CloudProfileMerge.merge(parent(PARENT), null)).isEqualTo(parent(PARENT));
    }

    @Test
    void addsNewElementsAndAppliesOverridesKeepingTheParentsOrder() {
        CloudProfileSpec merged = CloudProfileMerge.merge(
                parent(PARENT),
                spec(
                        "{"
                                + "machineImages: [{name: image-b, versions: [{version: '2.0', expirationDate: '2030-01-01T00:00:00Z'}, "
                                + "{version: '4.0', architectures: [amd64], capabilityFlavors: [{architecture: [amd64]}]}]}], "
                                + "machineTypes: [{name: type-d, architecture: amd64}], volumeTypes: [{name: volume-d}], "
                                + "kubernetes: {versions: [{version: 1.34.1, expirationDate: '2030-01-01T00:00:00Z'}, {version: 1.99.0}]}}"));

        ObjectNode expected = json(PARENT);
        ObjectNode imageB = (ObjectNode) expected.get("machineImages").get(1);
        ((ObjectNode) imageB.get("versions").get(1)).put("expirationDate", "2030-01-01T00:00:00Z");
        imageB.withArray("versions")
                .add(json("{version: '4.0', architectures: [amd64], capabilityFlavors: [{architecture: [amd64]}]}"));
        expected.withArray("machineTypes")
                .add(json("{name: type-d, architecture: amd64, capabilities: {architecture: [amd64]}}"));
        expected.withArray("volumeTypes").add(json("{name: volume-d}"));
        ((ObjectNode) expected.get("kubernetes").get("versions").get(1)).put("expirationDate", "2030-01-01T00:00:00Z");
        assertThat(merged).isEqualTo(parent(expected));
    }

    @Test
    void aVersionSettingMoreThanItsExpirationReplacesTheParentsAndTheUpdateStrategyIsOverridden() {
        CloudProfileSpec merged = CloudProfileMerge.merge(
                parent(
                        "{machineImages: [{name: img, updateStrategy: major, versions: [{version: 1.0.0, classification: supported, "
                                + "cri: [{name: containerd}], architectures: [amd64]}]}]}"),
                spec(
                        "{machineImages: [{name: img, updateStrategy: patch, versions: [{version: 1.0.0, cri: [{name: containerd}], "
                                + "architectures: [arm64]}]}]}"));
        assertThat(merged)
                .isEqualTo(parent("{machineImages: [{name: img, updateStrategy: patch, versions: [{version: 1.0.0, "
                        + "cri: [{name: containerd}], architectures: [arm64]}]}]}"));
    }

    @Test
    void syncsArchitecturesFromCapabilities() {
        CloudProfileSpec merged = CloudProfileMerge.merge(
                parent("{machineCapabilities: [{name: architecture, values: [amd64, arm64]}]}"),
                spec("{machineImages: [{name: own, updateStrategy: major, versions: [{version: 1.1.2, "
                        + "cri: [{name: containerd}], architectures: [arm64]}]}], "
                        + "machineTypes: [{name: small, capabilities: {architecture: [arm64]}}, {name: any}]}"));
        assertThat(merged.machineImages().get(0).versions().get(0))
                .isEqualTo(decode(
                        "{version: 1.1.2, cri: [{name: containerd}], "
                                + "architectures: [arm64], capabilityFlavors: [{architecture: [arm64]}]}",
                        MachineImageVersion.class));
        assertThat(merged.machineTypes().get(0).architecture()).isEqualTo("arm64");
        // two architectures defined and none chosen: amd64, with the default capabilities set by the transformation
        assertThat(merged.machineTypes().get(1))
                .isEqualTo(decode(
                        "{name: any, capabilities: {architecture: [amd64]}, " + "architecture: amd64}",
                        MachineType.class));
    }

    /** The JSON of the merged spec, for the controller that writes it into the status tree. */
    @Test
    void theTreeFormIsTheMergedSpecEncodedOnce() {
        String spec = "{machineTypes: [{name: type-d, architecture: amd64}], caBundle: b}";
        assertThat(CloudProfileMerge.merge(json(PARENT), json(spec)))
                .isEqualTo(ModelCodec.encode(CloudProfileMerge.merge(parent(PARENT), spec(spec))));
        assertThat(CloudProfileMerge.merge(json(PARENT), MissingNode.getInstance()))
                .isEqualTo(ModelCodec.encode(parent(PARENT)));
        // an image flavor is a bare capabilities map on the wire
        assertThat(CloudProfileMerge.merge(json(PARENT), MissingNode.getInstance())
                        .at("/machineImages/1/versions/0/capabilityFlavors/0"))
                .isEqualTo(json("{architecture: [amd64], cap-a: [standard]}"));
    }

    static Stream<Arguments> absentSections() {
        return Stream.of(
                arguments("absent", "{}"),
                arguments(
                        "null",
                        "{kubernetes: null, machineImages: null, machineTypes: null, volumeTypes: null, "
                                + "caBundle: null, limits: null}"),
                arguments("empty", "{machineImages: [], machineTypes: [], volumeTypes: []}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("absentSections")
    void aSpecWithoutSectionsLeavesTheParentAsItIs(String name, String spec) {
        assertThat(CloudProfileMerge.merge(parent(PARENT), spec(spec))).isEqualTo(parent(PARENT));
    }

    @Test
    void anEmptyKubernetesSectionKeepsTheParentsVersions() {
        assertThat(CloudProfileMerge.merge(parent(PARENT), spec("{kubernetes: {}}"))
                        .kubernetes())
                .isEqualTo(parent(PARENT).kubernetes());
        assertThat(CloudProfileMerge.merge(parent("{}"), spec("{kubernetes: {versions: [{version: 1.0.0}]}}"))
                        .kubernetes()
                        .versions())
                .as("overrides of versions the parent lacks are not added")
                .isNull();
    }

    @Test
    void withoutAParentSpecTheProfilesOwnEntriesAreDefaulted() {
        CloudProfileSpec merged = CloudProfileMerge.merge(
                null, spec("{machineImages: [{name: i, versions: [{version: 1.0.0}]}], machineTypes: [{name: t}]}"));
        assertThat(merged.machineImages().get(0).versions().get(0).architectures())
                .containsExactly("amd64");
        assertThat(merged.machineTypes().get(0).architecture()).isEqualTo("amd64");
    }

    static Stream<Arguments> limits() {
        return Stream.of(
                arguments("{}", "{}", null),
                arguments("{limits: {maxNodesTotal: 10}}", "{}", 10),
                arguments("{}", "{limits: {maxNodesTotal: 10}}", 10),
                arguments("{limits: {maxNodesTotal: 10}}", "{limits: {maxNodesTotal: 99}}", 99),
                arguments("{limits: {maxNodesTotal: 124}}", "{limits: {maxNodesTotal: 20}}", 20),
                arguments("{limits: {maxNodesTotal: 124}}", "{limits: {}}", 124));
    }

    @ParameterizedTest(name = "{0} + {1}")
    @MethodSource("limits")
    void mergesTheNodeLimit(String parent, String spec, Integer expected) {
        Limits limits = CloudProfileMerge.merge(parent(parent), spec(spec)).limits();
        assertThat(limits == null ? null : limits.maxNodesTotal()).isEqualTo(expected);
    }

    @Test
    void appendsTheCaBundle() {
        assertThat(CloudProfileMerge.merge(parent("{caBundle: a}"), spec("{caBundle: b}"))
                        .caBundle())
                .isEqualTo("ab");
    }

    private static <T> T decode(String yaml, Class<T> type) {
        return ModelCodec.decode(json(yaml), type).value();
    }

    static Stream<Arguments> transformations() {
        String caps = "[{name: architecture, values: [amd64, arm64]}]";
        return Stream.of(
                arguments(
                        "legacy architectures become flavors",
                        caps,
                        "{machineImages: [{name: i, versions: [{version: 1.0.0, architectures: [amd64, arm64]}]}]}",
                        "{machineImages: [{name: i, versions: [{version: 1.0.0, architectures: [amd64, arm64], "
                                + "capabilityFlavors: [{architecture: [amd64]}, {architecture: [arm64]}]}]}]}"),
                arguments(
                        "existing flavors stay",
                        caps,
                        "{machineImages: [{name: i, versions: [{version: 1.0.0, capabilityFlavors: [{architecture: [arm64]}]}]}]}",
                        "{machineImages: [{name: i, versions: [{version: 1.0.0, capabilityFlavors: [{architecture: [arm64]}]}]}]}"),
                arguments(
                        "machine types get an architecture capability",
                        caps,
                        "{machineTypes: [{name: t, architecture: arm64}, {name: u}]}",
                        "{machineTypes: [{name: t, architecture: arm64, capabilities: {architecture: [arm64]}}, "
                                + "{name: u, capabilities: {architecture: [amd64]}}]}"),
                arguments(
                        "flavors become legacy architectures",
                        "[]",
                        "{machineImages: [{name: i, versions: [{version: 1.0.0, capabilityFlavors: [{architecture: [amd64]}, "
                                + "{architecture: [arm64]}]}]}]}",
                        "{machineImages: [{name: i, versions: [{version: 1.0.0, architectures: [amd64, arm64]}]}]}"),
                arguments(
                        "legacy architectures stay, flavors go",
                        "[]",
                        "{machineImages: [{name: i, versions: [{version: 1.0.0, architectures: [amd64], "
                                + "capabilityFlavors: [{architecture: [arm64]}]}]}]}",
                        "{machineImages: [{name: i, versions: [{version: 1.0.0, architectures: [amd64]}]}]}"),
                arguments(
                        "machine type capabilities are cleared",
                        "[]",
                        "{machineTypes: [{name: t, capabilities: {architecture: [arm64]}}, {name: u, architecture: amd64, "
                                + "capabilities: {architecture: [arm64]}}]}",
                        "{machineTypes: [{name: t, architecture: arm64}, {name: u, architecture: amd64}]}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transformations")
    void transformsToTheParentsFormat(String name, String definitions, String spec, String expected) {
        List<CapabilityDefinition> capabilities =
                parent("{machineCapabilities: " + definitions + "}").machineCapabilities();
        assertThat(ParentFormat.transform(spec(spec), capabilities)).isEqualTo(spec(expected));
    }
}

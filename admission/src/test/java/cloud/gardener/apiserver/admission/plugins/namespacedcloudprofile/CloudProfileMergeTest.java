package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.testing.Requests;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

    @Test
    void withoutOverridesTheStatusIsTheParentSpec() {
        assertThat(CloudProfileMerge.merge(json(PARENT), MissingNode.getInstance()))
                .isEqualTo(json(PARENT));
    }

    @Test
    void addsNewElementsAndAppliesOverridesKeepingTheParentsOrder() {
        ObjectNode merged = CloudProfileMerge.merge(
                json(PARENT),
                json(
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
        assertThat(merged).isEqualTo(expected);
    }

    @Test
    void aVersionSettingMoreThanItsExpirationReplacesTheParentsAndTheUpdateStrategyIsOverridden() {
        ObjectNode merged = CloudProfileMerge.merge(
                json(
                        "{machineImages: [{name: img, updateStrategy: major, versions: [{version: 1.0.0, classification: supported, "
                                + "cri: [{name: containerd}], architectures: [amd64]}]}]}"),
                json(
                        "{machineImages: [{name: img, updateStrategy: patch, versions: [{version: 1.0.0, cri: [{name: containerd}], "
                                + "architectures: [arm64]}]}]}"));
        assertThat(merged)
                .isEqualTo(json("{machineImages: [{name: img, updateStrategy: patch, versions: [{version: 1.0.0, "
                        + "cri: [{name: containerd}], architectures: [arm64]}]}]}"));
    }

    @Test
    void syncsArchitecturesFromCapabilities() {
        ObjectNode merged = CloudProfileMerge.merge(
                json("{machineCapabilities: [{name: architecture, values: [amd64, arm64]}]}"),
                json("{machineImages: [{name: own, updateStrategy: major, versions: [{version: 1.1.2, "
                        + "cri: [{name: containerd}], architectures: [arm64]}]}], "
                        + "machineTypes: [{name: small, capabilities: {architecture: [arm64]}}, {name: any}]}"));
        assertThat(merged.at("/machineImages/0/versions/0"))
                .isEqualTo(json("{version: 1.1.2, cri: [{name: containerd}], "
                        + "architectures: [arm64], capabilityFlavors: [{architecture: [arm64]}]}"));
        assertThat(merged.at("/machineTypes/0/architecture").asText()).isEqualTo("arm64");
        // two architectures defined and none chosen: amd64, with the default capabilities set by the transformation
        assertThat(merged.at("/machineTypes/1"))
                .isEqualTo(json("{name: any, capabilities: {architecture: [amd64]}, " + "architecture: amd64}"));
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
        JsonNode limit =
                CloudProfileMerge.merge(json(parent), json(spec)).path("limits").path("maxNodesTotal");
        assertThat(limit.isMissingNode() ? null : limit.asInt()).isEqualTo(expected);
    }

    @Test
    void appendsTheCaBundle() {
        assertThat(CloudProfileMerge.merge(json("{caBundle: a}"), json("{caBundle: b}"))
                        .path("caBundle")
                        .asText())
                .isEqualTo("ab");
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
        ObjectNode given = json(spec);
        assertThat(ParentFormat.transform(
                        given, Requests.object("{d: " + definitions + "}").get("d")))
                .isEqualTo(json(expected));
        assertThat(given).as("the input stays as it was").isEqualTo(json(spec));
    }
}

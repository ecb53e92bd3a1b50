package cloud.gardener.apiserver.admission.validation.core;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.core.v1beta1.CapabilityDefinition;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import cloud.gardener.apiserver.api.model.ModelCodec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Gardener's capability helpers over records. */
class MachineCapabilitiesTest {

    private static final String DEFINITIONS =
            "{machineCapabilities: [{name: architecture, values: [amd64, arm64]}, {name: cap-a, values: [x, y]}]}";

    private static <T> T decode(String yaml, Class<T> type) {
        return ModelCodec.decode(Requests.object(yaml), type).value();
    }

    private static final List<CapabilityDefinition> DEFS =
            decode(DEFINITIONS, CloudProfileSpec.class).machineCapabilities();

    @Test
    void definedCapabilitiesAreDefaultedAndANamedOneWithoutValuesStaysEmpty() {
        assertThat(MachineCapabilities.withDefaults(Map.of("cap-a", List.of("x")), DEFS))
                .containsExactly(
                        Map.entry("architecture", List.of("amd64", "arm64")), Map.entry("cap-a", List.of("x")));
        // Go's map lookup finds a key whose value is null: no values, not the definition's
        MachineType type =
                decode("{name: t, capabilities: {architecture: null}, architecture: arm64}", MachineType.class);
        assertThat(MachineCapabilities.withDefaults(type.capabilities(), DEFS).get("architecture"))
                .isEmpty();
        assertThat(MachineCapabilities.withDefaults(null, null)).isEmpty();
    }

    @Test
    void aMachineTypesArchitectureIsItsOneCapabilityValueElseItsField() {
        assertThat(MachineCapabilities.machineTypeArchitecture(
                        decode("{name: t, capabilities: {architecture: [arm64]}}", MachineType.class), DEFS))
                .isEqualTo("arm64");
        assertThat(MachineCapabilities.machineTypeArchitecture(
                        decode("{name: t, architecture: arm64}", MachineType.class), DEFS))
                .as("two defined values: the field")
                .isEqualTo("arm64");
        assertThat(MachineCapabilities.machineTypeArchitecture(decode("{name: t}", MachineType.class), DEFS))
                .isEmpty();
    }

    @Test
    void aVersionWithoutFlavorsOffersEveryDefinedArchitecture() {
        assertThat(MachineCapabilities.flavorArchitectures(
                        decode("{version: 1.0.0}", MachineImageVersion.class).capabilityFlavors(), DEFS))
                .containsExactly("amd64", "arm64");
        assertThat(MachineCapabilities.flavorArchitectures(
                        decode(
                                        "{version: 1.0.0, capabilityFlavors: [{cap-a: [x]}, {architecture: [arm64]}]}",
                                        MachineImageVersion.class)
                                .capabilityFlavors(),
                        DEFS))
                .as("a flavor without an architecture has the defined ones")
                .containsExactly("amd64", "arm64");
        assertThat(MachineCapabilities.flavorArchitectures(null, null)).isEmpty();
    }

    private static final List<CapabilityDefinition> AMD64_ONLY = decode(
                    "{machineCapabilities: [{name: architecture, values: [amd64]}]}", CloudProfileSpec.class)
            .machineCapabilities();

    @Test
    void aCapabilityNamedWithoutValuesIsNotDefaultedWhereverTheShootPluginsAskEither() {
        // Go's GetCapabilitiesWithAppliedDefaults finds the key: no values, so the type's field answers
        MachineType type =
                decode("{name: t, capabilities: {architecture: null}, architecture: arm64}", MachineType.class);
        assertThat(MachineCapabilities.machineTypeArchitecture(type, AMD64_ONLY))
                .isEqualTo("arm64");
        // and a flavor offering no architecture supports none (AreCapabilitiesCompatible)
        MachineImageVersion noArchitecture =
                decode("{version: 1.0.0, capabilityFlavors: [{architecture: null}]}", MachineImageVersion.class);
        assertThat(MachineCapabilities.supportedByFlavors(
                        Map.of("architecture", List.of("amd64")), noArchitecture.capabilityFlavors(), AMD64_ONLY))
                .isFalse();
        MachineImageVersion amd64 =
                decode("{version: 1.0.0, capabilityFlavors: [{cap-a: [x]}]}", MachineImageVersion.class);
        assertThat(MachineCapabilities.supportedByFlavors(
                        Map.of("architecture", List.of("amd64")), amd64.capabilityFlavors(), AMD64_ONLY))
                .as("an architecture the flavor does not name is the defined one")
                .isTrue();
    }

    @Test
    void staticValidationReadsAMachineTypesArchitectureAsGoDoes() {
        MachineType type =
                decode("{name: t, capabilities: {architecture: [arm64]}, architecture: amd64}", MachineType.class);
        assertThat(CloudProfileRules.architecture(type, Map.of("cap-a", List.of("x"))))
                .as("an undefined capability is no architecture: the field")
                .isEqualTo("amd64");
        assertThat(CloudProfileRules.architecture(type, Map.of("architecture", List.of("amd64", "arm64"))))
                .isEqualTo("arm64");
        assertThat(CloudProfileRules.architecture(decode("{name: t}", MachineType.class), Map.of()))
                .as("without capabilities the v1beta1 default")
                .isEqualTo("amd64");
    }

    @Test
    void anImageVersionsArchitecturesAreItsFlavorsOwnElseItsField() {
        assertThat(MachineCapabilities.imageVersionArchitectures(
                        decode(
                                "{version: 1.0.0, architectures: [arm64], capabilityFlavors: [{cap-a: [x]}]}",
                                MachineImageVersion.class),
                        DEFS))
                .as("flavors naming no architecture: the field, not the defaults")
                .containsExactly("arm64");
        assertThat(MachineCapabilities.imageVersionArchitectures(
                        decode("{version: 1.0.0}", MachineImageVersion.class), DEFS))
                .containsExactly("amd64", "arm64");
    }
}

package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile;

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
}

package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;

import cloud.gardener.apiserver.api.core.v1beta1.CapabilityDefinition;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/**
 * Gardener's exported machine image rules ({@code ValidateMachineImage}, {@code ValidateMachineImageVersion},
 * {@code ValidateMachineImageAdditionalConfig}) for checks outside static validation, such as the images a
 * NamespacedCloudProfile adds. They see the images as given: no v1beta1 defaults are assumed.
 */
public final class MachineImageRules {

    private MachineImageRules() {}

    /** {@code helper.CapabilityDefinitionsToCapabilities}: capability name to its values, in definition order. */
    public static Map<String, List<String>> capabilities(List<CapabilityDefinition> definitions) {
        return CloudProfileValidator.capabilities(list(definitions));
    }

    /** {@code ValidateMachineImage} of one image, alone (no other names seen), versions required. */
    public static List<FieldError> image(MachineImage image, Map<String, List<String>> capabilities, FieldPath path) {
        return CloudProfileRules.machineImage(image, capabilities, new HashSet<>(), new HashSet<>(), false, path);
    }

    /** {@code ValidateMachineImageVersion} of one version of {@code image}, alone. */
    public static List<FieldError> version(
            MachineImage image, MachineImageVersion version, Map<String, List<String>> capabilities, FieldPath path) {
        return CloudProfileRules.machineImageVersion(
                CoreRules.text(image.name()), version, capabilities, new HashSet<>(), path);
    }

    /** {@code ValidateMachineImageAdditionalConfig}: container runtimes, supported versions, lifecycle, architectures. */
    public static List<FieldError> additionalConfig(
            MachineImageVersion version, FieldPath path, MachineImage image, Map<String, List<String>> capabilities) {
        return CloudProfileRules.machineImageAdditionalConfig(version, path, image, capabilities);
    }
}

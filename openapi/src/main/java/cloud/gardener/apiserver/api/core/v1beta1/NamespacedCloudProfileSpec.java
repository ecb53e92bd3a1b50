package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

@Doc("NamespacedCloudProfileSpec is the specification of a NamespacedCloudProfile.")
public record NamespacedCloudProfileSpec(
        @Doc("CABundle is a certificate bundle which will be installed onto every host machine of shoot cluster "
                + "targeting this profile.")
        @OmitEmpty @Ptr String caBundle,
        @Doc("Kubernetes contains constraints regarding allowed values of the 'kubernetes' block in the Shoot "
                + "specification.")
        @OmitEmpty @Ptr KubernetesSettings kubernetes,
        @Doc("MachineImages contains constraints regarding allowed values for machine images in the Shoot "
                + "specification.")
        @OmitEmpty @Patch(key = "name") List<MachineImage> machineImages,
        @Doc("MachineTypes contains constraints regarding allowed values for machine types in the 'workers' "
                + "block in the Shoot specification.")
        @OmitEmpty @Patch(key = "name") List<MachineType> machineTypes,
        @Doc("VolumeTypes contains constraints regarding allowed values for volume types in the 'workers' block "
                + "in the Shoot specification.")
        @OmitEmpty @Patch(key = "name") List<VolumeType> volumeTypes,
        @Doc("Parent contains a reference to a CloudProfile it inherits from.")
        CloudProfileReference parent,
        @Doc("ProviderConfig contains provider-specific configuration for the profile.")
        @OmitEmpty @Ptr JsonNode providerConfig,
        @Doc("Limits configures operational limits for Shoot clusters using this NamespacedCloudProfile. Any "
                + "limits specified here override those set in the parent CloudProfile. See "
                + "https://github.com/gardener/gardener/blob/master/docs/usage/shoot/shoot_limits.md.")
        @OmitEmpty @Ptr Limits limits) {
}

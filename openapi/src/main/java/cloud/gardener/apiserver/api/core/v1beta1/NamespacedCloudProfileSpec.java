package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

@Doc("NamespacedCloudProfileSpec is the specification of a NamespacedCloudProfile.")
public record NamespacedCloudProfileSpec(
        @Doc("CABundle is a certificate bundle which will be installed onto every host machine of shoot cluster "
                + "targeting this profile.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        String caBundle,

        @Doc("Kubernetes contains constraints regarding allowed values of the 'kubernetes' block in the Shoot "
                + "specification.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        KubernetesSettings kubernetes,

        @Doc("MachineImages contains constraints regarding allowed values for machine images in the Shoot "
                + "specification.")
        @ProtoTag(3)
        @OmitEmpty
        @Patch(key = "name")
        List<MachineImage> machineImages,

        @Doc("MachineTypes contains constraints regarding allowed values for machine types in the 'workers' "
                + "block in the Shoot specification.")
        @ProtoTag(4)
        @OmitEmpty
        @Patch(key = "name")
        List<MachineType> machineTypes,

        @Doc("VolumeTypes contains constraints regarding allowed values for volume types in the 'workers' block "
                + "in the Shoot specification.")
        @ProtoTag(6)
        @OmitEmpty
        @Patch(key = "name")
        List<VolumeType> volumeTypes,

        @Doc("Parent contains a reference to a CloudProfile it inherits from.") @ProtoTag(7)
        CloudProfileReference parent,

        @Doc("ProviderConfig contains provider-specific configuration for the profile.") @ProtoTag(8) @OmitEmpty @Ptr
        JsonNode providerConfig,

        @Doc("Limits configures operational limits for Shoot clusters using this NamespacedCloudProfile. Any "
                + "limits specified here override those set in the parent CloudProfile. See "
                + "https://github.com/gardener/gardener/blob/master/docs/usage/shoot/shoot_limits.md.")
        @ProtoTag(9)
        @OmitEmpty
        @Ptr
        Limits limits) {}

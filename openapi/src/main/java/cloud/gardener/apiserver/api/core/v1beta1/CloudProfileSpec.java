package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

@Doc("CloudProfileSpec is the specification of a CloudProfile. It must contain exactly one of its defined keys.")
public record CloudProfileSpec(
        @Doc("CABundle is a certificate bundle which will be installed onto every host machine of shoot cluster "
                + "targeting this profile.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        String caBundle,

        @Doc("Kubernetes contains constraints regarding allowed values of the 'kubernetes' block in the Shoot "
                + "specification.")
        @ProtoTag(2)
        KubernetesSettings kubernetes,

        @Doc("MachineImages contains constraints regarding allowed values for machine images in the Shoot "
                + "specification.")
        @ProtoTag(3)
        @Patch(key = "name")
        List<MachineImage> machineImages,

        @Doc("MachineTypes contains constraints regarding allowed values for machine types in the 'workers' "
                + "block in the Shoot specification.")
        @ProtoTag(4)
        @Patch(key = "name")
        List<MachineType> machineTypes,

        @Doc("ProviderConfig contains provider-specific configuration for the profile.") @ProtoTag(5) @OmitEmpty @Ptr
        JsonNode providerConfig,

        @Doc("Regions contains constraints regarding allowed values for regions and zones.")
        @ProtoTag(6)
        @Patch(key = "name")
        List<Region> regions,

        @Doc("SeedSelector contains an optional list of labels on `Seed` resources that marks those seeds whose "
                + "shoots may use this provider profile. An empty list means that all seeds of the same provider "
                + "type are supported. This is useful for environments that are of the same type (like openstack) "
                + "but may have different \"instances\"/landscapes. Optionally a list of possible providers can be "
                + "added to enable cross-provider scheduling. By default, the provider type of the seed must match "
                + "the shoot's provider.")
        @ProtoTag(7)
        @OmitEmpty
        @Ptr
        SeedSelector seedSelector,

        @Doc("Type is the name of the provider.") @ProtoTag(8)
        String type,

        @Doc("VolumeTypes contains constraints regarding allowed values for volume types in the 'workers' block "
                + "in the Shoot specification.")
        @ProtoTag(9)
        @OmitEmpty
        @Patch(key = "name")
        List<VolumeType> volumeTypes,

        @Doc("Bastion contains the machine and image properties") @ProtoTag(10) @OmitEmpty @Ptr
        Bastion bastion,

        @Doc("Limits configures operational limits for Shoot clusters using this CloudProfile. See "
                + "https://github.com/gardener/gardener/blob/master/docs/usage/shoot/shoot_limits.md.")
        @ProtoTag(11)
        @OmitEmpty
        @Ptr
        Limits limits,

        @Doc("MachineCapabilities contains the definition of all possible capabilities in the CloudProfile. "
                + "Only capabilities and values defined here can be used to describe MachineImages and MachineTypes. "
                + "The order of values for a given capability is relevant. The most important value is listed first. "
                + "During maintenance upgrades, the image that matches most capabilities will be selected.")
        @ProtoTag(12)
        @OmitEmpty
        List<CapabilityDefinition> machineCapabilities,

        @Doc("ControlPlane holds settings that control what control-plane-related features shoots using this "
                + "CloudProfile may configure.")
        @ProtoTag(13)
        @OmitEmpty
        @Ptr
        CloudProfileControlPlane controlPlane) {}

package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("MachineImageVersion is an expirable version with list of supported container runtimes and interfaces")
public record MachineImageVersion(
        @ProtoTag(1) @Inline ExpirableVersion expirableVersion,

        @Doc("CRI list of supported container runtime and interfaces supported by this version") @ProtoTag(2) @OmitEmpty
        List<CRI> cri,

        @Doc("Architectures is the list of CPU architectures of the machine image in this version.")
        @ProtoTag(3)
        @OmitEmpty
        List<String> architectures,

        @Doc("KubeletVersionConstraint is a constraint describing the supported kubelet versions by the machine "
                + "image in this version. If the field is not specified, it is assumed that the machine image in "
                + "this version supports all kubelet versions. Examples: - '>= 1.26' - supports only kubelet "
                + "versions greater than or equal to 1.26 - '< 1.26' - supports only kubelet versions less than 1.26")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        String kubeletVersionConstraint,

        @Doc("InPlaceUpdates contains the configuration for in-place updates for this machine image version.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        InPlaceUpdates inPlaceUpdates,

        @Doc("CapabilityFlavors is an array of MachineImageFlavor. Each entry represents a combination of "
                + "capabilities that is provided by the machine image version.")
        @ProtoTag(6)
        @OmitEmpty
        List<MachineImageFlavor> capabilityFlavors) {}

package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Quantity;
import java.util.List;

@Doc("SeedVolume contains settings for persistentvolumes created in the seed cluster.")
public record SeedVolume(
        @Doc("MinimumSize defines the minimum size that should be used for PVCs in the seed.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Quantity minimumSize,

        @Doc("Providers is a list of storage class provisioner types for the seed.")
        @ProtoTag(2)
        @OmitEmpty
        @Patch(key = "name")
        List<SeedVolumeProvider> providers) {}

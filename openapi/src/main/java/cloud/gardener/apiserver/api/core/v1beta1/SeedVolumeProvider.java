package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SeedVolumeProvider is a storage class provisioner type.")
public record SeedVolumeProvider(
        @Doc("Purpose is the purpose of this provider.") @ProtoTag(1)
        String purpose,

        @Doc("Name is the name of the storage class provisioner type.") @ProtoTag(2)
        String name) {}

package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("DataVolume contains information about a data volume.")
public record DataVolume(
        @Doc("Name of the volume to make it referenceable.") @ProtoTag(1)
        String name,

        @Doc("Type is the type of the volume.") @ProtoTag(2) @OmitEmpty @Ptr
        String type,

        @Doc("VolumeSize is the size of the volume.") @ProtoTag(3)
        String size,

        @Doc("Encrypted determines if the volume should be encrypted.") @ProtoTag(4) @OmitEmpty
        Boolean encrypted) {}

package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Volume contains information about the volume type, size, and encryption.")
public record Volume(
        @Doc("Name of the volume to make it referenceable.") @ProtoTag(1) @OmitEmpty @Ptr
        String name,

        @Doc("Type is the type of the volume.") @ProtoTag(2) @OmitEmpty @Ptr
        String type,

        @Doc("VolumeSize is the size of the volume.") @ProtoTag(3)
        String size,

        @Doc("Encrypted determines if the volume should be encrypted.") @ProtoTag(4) @OmitEmpty
        Boolean encrypted) {}

package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.JsonName;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Quantity;

@Doc("VolumeType contains certain properties of a volume type.")
public record VolumeType(
        @Doc("Class is the class of the volume type.") @ProtoTag(1) @JsonName("class")
        String classValue,

        @Doc("Name is the name of the volume type.") @ProtoTag(2)
        String name,

        @Doc("Usable defines if the volume type can be used for shoot clusters.") @ProtoTag(3) @OmitEmpty
        Boolean usable,

        @Doc("MinSize is the minimal supported storage size.") @ProtoTag(4) @OmitEmpty @Ptr
        Quantity minSize) {}

package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.JsonName;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Quantity;

@Doc("MachineTypeStorage is the amount of storage associated with the root volume of this machine type.")
public record MachineTypeStorage(
        @Doc("Class is the class of the storage type.") @ProtoTag(1) @JsonName("class")
        String classValue,

        @Doc("StorageSize is the storage size.") @ProtoTag(2) @OmitEmpty @Ptr
        Quantity size,

        @Doc("Type is the type of the storage.") @ProtoTag(3)
        String type,

        @Doc("MinSize is the minimal supported storage size. This overrides any other common minimum size "
                + "configuration from `spec.volumeTypes[*].minSize`.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        Quantity minSize) {}

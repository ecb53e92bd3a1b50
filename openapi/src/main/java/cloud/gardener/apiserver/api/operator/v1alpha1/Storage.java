package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Quantity;

@Doc("Storage contains storage configuration.")
public record Storage(
        @Doc("Capacity is the storage capacity for the volumes.") @OmitEmpty @Ptr
        Quantity capacity,

        @Doc("ClassName is the name of a storage class.") @OmitEmpty @Ptr
        String className) {}

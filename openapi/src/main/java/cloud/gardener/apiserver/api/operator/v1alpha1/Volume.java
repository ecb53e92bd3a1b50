package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Quantity;

@Doc("Volume contains settings for persistent volumes created in the runtime cluster.")
public record Volume(
        @Doc("MinimumSize defines the minimum size that should be used for PVCs in the runtime cluster.")
        @OmitEmpty
        @Ptr
        Quantity minimumSize) {}

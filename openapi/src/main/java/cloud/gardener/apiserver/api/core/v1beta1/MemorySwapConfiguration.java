package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("MemorySwapConfiguration contains kubelet swap configuration For more information, please see KEP: "
        + "2400-node-swap")
public record MemorySwapConfiguration(
        @Doc("SwapBehavior configures swap memory available to container workloads. May be one of "
                + "{\"NoSwap\", \"LimitedSwap\"} defaults to: LimitedSwap")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        String swapBehavior) {}

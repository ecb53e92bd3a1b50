package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("UpdateStrategy specifies the strategy that the ManagedSeedSet controller will use to perform updates. It "
        + "includes any additional parameters necessary to perform the update for the indicated strategy.")
public record UpdateStrategy(
        @Doc("Type indicates the type of the UpdateStrategy. Defaults to RollingUpdate.") @ProtoTag(1) @OmitEmpty @Ptr
        String type,

        @Doc("RollingUpdate is used to communicate parameters when Type is RollingUpdateStrategyType.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        RollingUpdateStrategy rollingUpdate) {}

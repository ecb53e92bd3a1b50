package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("RollingUpdateStrategy is used to communicate parameters for RollingUpdateStrategyType.")
public record RollingUpdateStrategy(
        @Doc("Partition indicates the ordinal at which the ManagedSeedSet should be partitioned. Defaults to 0.")
        @ProtoTag(1)
        @OmitEmpty
        Integer partition) {}

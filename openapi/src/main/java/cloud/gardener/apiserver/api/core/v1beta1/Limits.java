package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Limits configures operational limits for Shoot clusters using this CloudProfile. See "
        + "https://github.com/gardener/gardener/blob/master/docs/usage/shoot/shoot_limits.md.")
public record Limits(
        @Doc("MaxNodesTotal configures the maximum node count a Shoot cluster can have during runtime.")
        @ProtoTag(1)
        @OmitEmpty
        Integer maxNodesTotal) {}

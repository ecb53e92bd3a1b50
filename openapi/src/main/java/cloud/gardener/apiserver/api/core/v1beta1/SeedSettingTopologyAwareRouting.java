package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SeedSettingTopologyAwareRouting controls certain settings for topology-aware traffic routing in the seed. "
        + "See https://github.com/gardener/gardener/blob/master/docs/operations/topology_aware_routing.md.")
public record SeedSettingTopologyAwareRouting(
        @Doc("Enabled controls whether certain Services deployed in the seed cluster should be topology-aware. "
                + "These Services are etcd-main-client, etcd-events-client, kube-apiserver, "
                + "gardener-resource-manager and vpa-webhook.")
        @ProtoTag(1)
        boolean enabled) {}

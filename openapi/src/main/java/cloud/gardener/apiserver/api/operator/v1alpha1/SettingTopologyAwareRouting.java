package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("SettingTopologyAwareRouting controls certain settings for topology-aware traffic routing in the cluster. See "
        + "https://github.com/gardener/gardener/blob/master/docs/operations/topology_aware_routing.md.")
public record SettingTopologyAwareRouting(
        @Doc("Enabled controls whether certain Services deployed in the cluster should be topology-aware. These "
                + "Services are virtual-garden-etcd-main-client, virtual-garden-etcd-events-client and "
                + "virtual-garden-kube-apiserver. Additionally, other components that are deployed to the runtime "
                + "cluster via other means can read this field and according to its value enable/disable "
                + "topology-aware routing for their Services.")
        boolean enabled) {}

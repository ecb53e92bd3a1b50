package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Settings contains certain settings for this cluster.")
public record Settings(
        @Doc("LoadBalancerServices controls certain settings for services of type load balancer that are created "
                + "in the runtime cluster.")
        @OmitEmpty
        @Ptr
        SettingLoadBalancerServices loadBalancerServices,

        @Doc("VerticalPodAutoscaler controls certain settings for the vertical pod autoscaler components deployed "
                + "in the cluster.")
        @OmitEmpty
        @Ptr
        SettingVerticalPodAutoscaler verticalPodAutoscaler,

        @Doc("TopologyAwareRouting controls certain settings for topology-aware traffic routing in the cluster. "
                + "See https://github.com/gardener/gardener/blob/master/docs/operations/topology_aware_routing.md.")
        @OmitEmpty
        @Ptr
        SettingTopologyAwareRouting topologyAwareRouting,

        @Doc("PersistentVolumeClaimAutoscaler controls certain settings for the persistent volume claim autoscaler "
                + "components deployed in the garden cluster.")
        @OmitEmpty
        @Ptr
        SettingPersistentVolumeClaimAutoscaler persistentVolumeClaimAutoscaler) {}

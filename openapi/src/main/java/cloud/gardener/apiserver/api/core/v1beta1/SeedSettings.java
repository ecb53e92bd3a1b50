package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("SeedSettings contains certain settings for this seed cluster.")
public record SeedSettings(
        @Doc("ExcessCapacityReservation controls the excess capacity reservation for shoot control planes in "
                + "the seed.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        SeedSettingExcessCapacityReservation excessCapacityReservation,

        @Doc("Scheduling controls settings for scheduling decisions for the seed.") @ProtoTag(2) @OmitEmpty @Ptr
        SeedSettingScheduling scheduling,

        @Doc("LoadBalancerServices controls certain settings for services of type load balancer that are "
                + "created in the seed.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        SeedSettingLoadBalancerServices loadBalancerServices,

        @Doc("VerticalPodAutoscaler controls certain settings for the vertical pod autoscaler components "
                + "deployed in the seed.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        SeedSettingVerticalPodAutoscaler verticalPodAutoscaler,

        @Doc("DependencyWatchdog controls certain settings for the dependency-watchdog components deployed in "
                + "the seed.")
        @ProtoTag(7)
        @OmitEmpty
        @Ptr
        SeedSettingDependencyWatchdog dependencyWatchdog,

        @Doc("TopologyAwareRouting controls certain settings for topology-aware traffic routing in the seed. "
                + "See https://github.com/gardener/gardener/blob/master/docs/operations/topology_aware_routing.md.")
        @ProtoTag(8)
        @OmitEmpty
        @Ptr
        SeedSettingTopologyAwareRouting topologyAwareRouting,

        @Doc("ZoneSelection controls whether shoot control plane zone placement is derived from the shoot's "
                + "worker pool zones rather than randomly selected from seed zones. See "
                + "https://github.com/gardener/gardener/blob/master/docs/operations/seed_settings.md#zone-selection.")
        @ProtoTag(9)
        @OmitEmpty
        @Ptr
        SeedSettingZoneSelection zoneSelection,

        @Doc("PersistentVolumeClaimAutoscaler controls certain settings for the persistent volume claim "
                + "autoscaler components deployed in the seed.")
        @ProtoTag(10)
        @OmitEmpty
        @Ptr
        SeedSettingPersistentVolumeClaimAutoscaler persistentVolumeClaimAutoscaler) {}

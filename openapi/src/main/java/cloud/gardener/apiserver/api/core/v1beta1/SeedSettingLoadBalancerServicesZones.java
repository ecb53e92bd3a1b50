package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.Map;

@Doc("SeedSettingLoadBalancerServicesZones controls settings, which are specific to the single-zone load "
        + "balancers in a multi-zonal setup.")
public record SeedSettingLoadBalancerServicesZones(
        @Doc("Name is the name of the zone as specified in seed.spec.provider.zones.") @ProtoTag(1)
        String name,

        @Doc("Annotations is a map of annotations that will be injected/merged into the zone-specific load "
                + "balancer service object.")
        @ProtoTag(2)
        @OmitEmpty
        Map<String, String> annotations,

        @Doc("ExternalTrafficPolicy describes how nodes distribute service traffic they receive on one of the "
                + "service's \"externally-facing\" addresses. Defaults to \"Cluster\".\n\nPossible enum values:\n - "
                + "`\"Cluster\"` routes traffic to all endpoints.\n - `\"Local\"` preserves the source IP of the "
                + "traffic by routing only to endpoints on the same node as the traffic was received on (dropping "
                + "the traffic if there are no local endpoints).")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String externalTrafficPolicy,

        @Doc("ProxyProtocol controls whether ProxyProtocol is (optionally) allowed for the load balancer "
                + "services. Defaults to nil, which is equivalent to not allowing ProxyProtocol.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        LoadBalancerServicesProxyProtocol proxyProtocol) {}

package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.JsonName;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;
import java.util.Map;

@Doc("SeedSettingLoadBalancerServices controls certain settings for services of type load balancer that are "
        + "created in the seed.")
public record SeedSettingLoadBalancerServices(
        @Doc("Annotations is a map of annotations that will be injected/merged into every load balancer service "
                + "object.")
        @ProtoTag(1)
        @OmitEmpty
        Map<String, String> annotations,

        @Doc("ExternalTrafficPolicy describes how nodes distribute service traffic they receive on one of the "
                + "service's \"externally-facing\" addresses. Defaults to \"Cluster\".\n\nPossible enum values:\n - "
                + "`\"Cluster\"` routes traffic to all endpoints.\n - `\"Local\"` preserves the source IP of the "
                + "traffic by routing only to endpoints on the same node as the traffic was received on (dropping "
                + "the traffic if there are no local endpoints).")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        String externalTrafficPolicy,

        @Doc("Zones controls settings, which are specific to the single-zone load balancers in a multi-zonal "
                + "setup. Can be empty for single-zone seeds. Each specified zone has to relate to one of the zones "
                + "in seed.spec.provider.zones.")
        @ProtoTag(3)
        @OmitEmpty
        List<SeedSettingLoadBalancerServicesZones> zones,

        @Doc("ProxyProtocol controls whether ProxyProtocol is (optionally) allowed for the load balancer "
                + "services. Defaults to nil, which is equivalent to not allowing ProxyProtocol.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        LoadBalancerServicesProxyProtocol proxyProtocol,

        @Doc("ZonalIngress controls whether ingress gateways are deployed per availability zone. Defaults to "
                + "true.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        SeedSettingLoadBalancerServicesZonalIngress zonalIngress,

        @Doc("Class configures the Service.spec.loadBalancerClass field for the load balancer services on the "
                + "seed. Note that changing the loadBalancerClass of existing LoadBalancer services is denied by "
                + "Kubernetes.")
        @ProtoTag(6)
        @JsonName("class")
        @OmitEmpty
        @Ptr
        String classValue) {}

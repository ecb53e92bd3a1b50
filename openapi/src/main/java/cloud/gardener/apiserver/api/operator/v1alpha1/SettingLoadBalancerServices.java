package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.Map;

@Doc("SettingLoadBalancerServices controls certain settings for services of type load balancer that are created in "
        + "the runtime cluster.")
public record SettingLoadBalancerServices(
        @Doc("Annotations is a map of annotations that will be injected/merged into every load balancer service "
                + "object.")
        @OmitEmpty
        Map<String, String> annotations,

        @Doc("ExternalTrafficPolicy specifies how nodes distribute service traffic they receive on one of the "
                + "service's externally-facing addresses. Defaults to \"Cluster\". Can be set to \"Local\" when "
                + "the load balancer is transparent (preserves client IP).")
        @OmitEmpty
        @Ptr
        String externalTrafficPolicy,

        @Doc("ProxyProtocol controls whether ProxyProtocol is (optionally) allowed for the load balancer services. "
                + "Defaults to nil, which is equivalent to not allowing ProxyProtocol.")
        @OmitEmpty
        @Ptr
        LoadBalancerServicesProxyProtocol proxyProtocol) {}

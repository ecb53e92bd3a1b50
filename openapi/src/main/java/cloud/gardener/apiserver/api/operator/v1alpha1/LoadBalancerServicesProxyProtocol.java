package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("LoadBalancerServicesProxyProtocol controls whether ProxyProtocol is (optionally) allowed for the load "
        + "balancer services.")
public record LoadBalancerServicesProxyProtocol(
        @Doc("Allowed controls whether the ProxyProtocol is optionally allowed for the load balancer services. "
                + "This should only be enabled if the load balancer services are already using ProxyProtocol or "
                + "will be reconfigured to use it soon. Until the load balancers are configured with "
                + "ProxyProtocol, enabling this setting may allow clients to spoof their source IP addresses. The "
                + "option allows a migration from non-ProxyProtocol to ProxyProtocol without downtime (depending "
                + "on the infrastructure). Defaults to false.")
        boolean allowed) {}

package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SeedSettingLoadBalancerServicesZonalIngress controls the deployment of ingress gateways per availability "
        + "zone.")
public record SeedSettingLoadBalancerServicesZonalIngress(
        @Doc("Enabled controls whether seed ingress gateways are deployed in each availability zone. Defaults "
                + "to true, which provisions an ingress gateway load balancer for each availability zone. When "
                + "disabled, only a single ingress gateway is deployed. See "
                + "https://github.com/gardener/gardener/blob/master/docs/operations/seed_settings.md#zonal-ingress.")
        @ProtoTag(1)
        @OmitEmpty
        Boolean enabled) {}

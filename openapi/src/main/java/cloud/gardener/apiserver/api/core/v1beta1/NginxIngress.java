package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;
import java.util.Map;

@Doc("NginxIngress describes configuration values for the nginx-ingress addon.")
public record NginxIngress(
        @ProtoTag(1) @Inline Addon addon,

        @Doc("LoadBalancerSourceRanges is list of allowed IP sources for NginxIngress") @ProtoTag(2) @OmitEmpty
        List<String> loadBalancerSourceRanges,

        @Doc(
                "Config contains custom configuration for the nginx-ingress-controller configuration. See "
                        + "https://github.com/kubernetes/ingress-nginx/blob/master/docs/user-guide/nginx-configuration/configmap.md#configuration-options")
        @ProtoTag(3)
        @OmitEmpty
        Map<String, String> config,

        @Doc("ExternalTrafficPolicy controls the `.spec.externalTrafficPolicy` value of the load balancer "
                + "`Service` exposing the nginx-ingress. Defaults to `Cluster`.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        String externalTrafficPolicy) {}

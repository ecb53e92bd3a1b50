package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Addons is a collection of configuration for specific addons which are managed by the Gardener.")
public record Addons(
        @Doc("KubernetesDashboard holds configuration settings for the kubernetes dashboard addon.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        KubernetesDashboard kubernetesDashboard,

        @Doc("NginxIngress holds configuration settings for the nginx-ingress addon.") @ProtoTag(2) @OmitEmpty @Ptr
        NginxIngress nginxIngress) {}

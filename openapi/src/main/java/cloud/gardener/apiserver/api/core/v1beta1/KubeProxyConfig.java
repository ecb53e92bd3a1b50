package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("KubeProxyConfig contains configuration settings for the kube-proxy.")
public record KubeProxyConfig(
        @ProtoTag(1) @Inline KubernetesConfig kubernetesConfig,

        @Doc("Mode specifies which proxy mode to use. defaults to IPTables.") @ProtoTag(2) @OmitEmpty @Ptr
        String mode,

        @Doc("Enabled indicates whether kube-proxy should be deployed or not. Depending on the networking "
                + "extensions switching kube-proxy off might be rejected. Consulting the respective "
                + "documentation of the used networking extension is recommended before using this field. "
                + "defaults to true if not specified.")
        @ProtoTag(3)
        @OmitEmpty
        Boolean enabled) {}

package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("KubernetesDashboard describes configuration values for the kubernetes-dashboard addon.")
public record KubernetesDashboard(
        @ProtoTag(2) @Inline Addon addon,

        @Doc("AuthenticationMode defines the authentication mode for the kubernetes-dashboard.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        String authenticationMode) {}

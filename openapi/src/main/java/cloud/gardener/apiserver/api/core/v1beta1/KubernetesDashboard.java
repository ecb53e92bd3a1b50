package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("KubernetesDashboard describes configuration values for the kubernetes-dashboard addon.")
public record KubernetesDashboard(
        @Inline Addon addon,
        @Doc("AuthenticationMode defines the authentication mode for the kubernetes-dashboard.")
        @OmitEmpty @Ptr String authenticationMode) {
}

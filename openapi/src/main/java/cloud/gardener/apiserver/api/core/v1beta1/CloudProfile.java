package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;

@Doc("CloudProfile represents certain properties about a provider environment.")
public record CloudProfile(
        @Inline TypeMeta typeMeta,
        @Doc("Standard object metadata.")
        @OmitEmpty ObjectMeta metadata,
        @Doc("Spec defines the provider environment properties.")
        @OmitEmpty CloudProfileSpec spec,
        @Doc("Status contains the current status of the cloud profile.")
        @OmitEmpty CloudProfileStatus status) {
}

package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("NamespacedCloudProfile represents certain properties about a provider environment.")
public record NamespacedCloudProfile(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Spec defines the provider environment properties.") @ProtoTag(2) @OmitEmpty
        NamespacedCloudProfileSpec spec,

        @Doc("Most recently observed status of the NamespacedCloudProfile.") @ProtoTag(3) @OmitEmpty
        NamespacedCloudProfileStatus status) {}

package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Gardenlet represents a Gardenlet configuration for an unmanaged seed.")
public record Gardenlet(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Specification of the Gardenlet.") @ProtoTag(2) @OmitEmpty
        GardenletSpec spec,

        @Doc("Most recently observed status of the Gardenlet.") @ProtoTag(3) @OmitEmpty
        GardenletStatus status) {}

package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;

@Doc("Shoot represents a Shoot cluster created and managed by Gardener.")
public record Shoot(
        @Inline TypeMeta typeMeta,
        @Doc("Standard object metadata.")
        @OmitEmpty ObjectMeta metadata,
        @Doc("Specification of the Shoot cluster. If the object's deletion timestamp is set, this field is "
                + "immutable.")
        @OmitEmpty ShootSpec spec,
        @Doc("Most recently observed status of the Shoot cluster.")
        @OmitEmpty ShootStatus status) {
}

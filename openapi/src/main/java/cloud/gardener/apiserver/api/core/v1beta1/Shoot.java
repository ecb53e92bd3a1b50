package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Shoot represents a Shoot cluster created and managed by Gardener.")
public record Shoot(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Specification of the Shoot cluster. If the object's deletion timestamp is set, this field is "
                + "immutable.")
        @ProtoTag(2)
        @OmitEmpty
        ShootSpec spec,

        @Doc("Most recently observed status of the Shoot cluster.") @ProtoTag(3) @OmitEmpty
        ShootStatus status) {}

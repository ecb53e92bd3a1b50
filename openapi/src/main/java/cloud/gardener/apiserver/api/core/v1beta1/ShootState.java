package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("ShootState contains a snapshot of the Shoot's state required to migrate the Shoot's control plane to a "
        + "new Seed.")
public record ShootState(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Specification of the ShootState.") @ProtoTag(2) @OmitEmpty
        ShootStateSpec spec) {}

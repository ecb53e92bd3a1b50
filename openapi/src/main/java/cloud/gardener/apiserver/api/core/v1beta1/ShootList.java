package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ListMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("ShootList is a list of Shoot objects.")
public record ShootList(
        @Inline TypeMeta typeMeta,

        @Doc("Standard list object metadata.") @ProtoTag(1) @OmitEmpty
        ListMeta metadata,

        @Doc("Items is the list of Shoots.") @ProtoTag(2) List<Shoot> items) {}

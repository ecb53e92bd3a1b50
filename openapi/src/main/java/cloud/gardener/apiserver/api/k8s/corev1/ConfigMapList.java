package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.k8s.metav1.ListMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("ConfigMapList is a resource containing a list of ConfigMap objects.")
public record ConfigMapList(
        @Inline TypeMeta typeMeta,

        @Doc("More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata")
        @ProtoTag(1)
        @OmitEmpty
        ListMeta metadata,

        @Doc("Items is the list of ConfigMaps.") @ProtoTag(2)
        List<ConfigMap> items) {}

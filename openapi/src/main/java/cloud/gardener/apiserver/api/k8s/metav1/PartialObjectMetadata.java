package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("PartialObjectMetadata is a generic representation of any object with ObjectMeta.")
public record PartialObjectMetadata(
        @Inline TypeMeta typeMeta, @OmitEmpty @ProtoTag(1) ObjectMeta metadata) {}

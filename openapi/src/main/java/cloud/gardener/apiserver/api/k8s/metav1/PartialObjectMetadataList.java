package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("PartialObjectMetadataList contains a list of objects containing only their metadata.")
public record PartialObjectMetadataList(
        @Inline TypeMeta typeMeta,
        @OmitEmpty @ProtoTag(1) ListMeta metadata,
        @ProtoTag(2) List<PartialObjectMetadata> items) {}

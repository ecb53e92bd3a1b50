package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

/**
 * {@code metav1.Status} as a model record, for its protobuf form. The server builds its Status values as
 * {@link cloud.gardener.apiserver.api.meta.Status}, whose JSON this record reads.
 */
@Doc("Status is a return value for calls that don't return other objects.")
public record Status(
        @Inline TypeMeta typeMeta,
        @OmitEmpty @ProtoTag(1) ListMeta metadata,
        @OmitEmpty @ProtoTag(2) String status,
        @OmitEmpty @ProtoTag(3) String message,
        @OmitEmpty @ProtoTag(4) String reason,
        @OmitEmpty @Ptr @ProtoTag(5) StatusDetails details,
        @OmitEmpty @ProtoTag(6) int code) {}

package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Preconditions must be fulfilled before an operation (update, delete, etc.) is carried out.")
public record Preconditions(
        @OmitEmpty @Ptr @ProtoTag(1) String uid,
        @OmitEmpty @Ptr @ProtoTag(2) String resourceVersion) {}

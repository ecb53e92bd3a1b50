package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.JsonName;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("StatusCause provides more information about an api.Status failure, including cases when multiple errors are "
        + "encountered.")
public record StatusCause(
        @OmitEmpty @JsonName("reason") @ProtoTag(1) String type,
        @OmitEmpty @ProtoTag(2) String message,
        @OmitEmpty @ProtoTag(3) String field) {}

package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("StatusDetails is a set of additional properties that MAY be set by the server to provide additional "
        + "information about a response.")
public record StatusDetails(
        @OmitEmpty @ProtoTag(1) String name,
        @OmitEmpty @ProtoTag(2) String group,
        @OmitEmpty @ProtoTag(3) String kind,
        @OmitEmpty @ProtoTag(6) String uid,
        @OmitEmpty @ProtoTag(4) List<StatusCause> causes,
        @OmitEmpty @ProtoTag(5) int retryAfterSeconds) {}

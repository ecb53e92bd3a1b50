package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("APIServerRequests contains configuration for request-specific settings for the kube-apiserver.")
public record APIServerRequests(
        @Doc("MaxNonMutatingInflight is the maximum number of non-mutating requests in flight at a given "
                + "time. When the server exceeds this, it rejects requests.")
        @ProtoTag(1)
        @OmitEmpty
        Integer maxNonMutatingInflight,

        @Doc("MaxMutatingInflight is the maximum number of mutating requests in flight at a given time. "
                + "When the server exceeds this, it rejects requests.")
        @ProtoTag(2)
        @OmitEmpty
        Integer maxMutatingInflight) {}

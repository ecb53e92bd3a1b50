package cloud.gardener.apiserver.api.k8s.authenticationv1beta1;

import cloud.gardener.apiserver.api.k8s.authenticationv1.UserInfo;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SelfSubjectReviewStatus is filled by the kube-apiserver and sent back to a user.")
public record SelfSubjectReviewStatus(
        @Doc("User attributes of the user making this request.") @ProtoTag(1) @OmitEmpty
        UserInfo userInfo) {}

package cloud.gardener.apiserver.api.security.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("TokenRequest is a resource that is used to request WorkloadIdentity tokens.")
public record TokenRequest(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Spec holds configuration settings for the requested token.") @ProtoTag(2)
        TokenRequestSpec spec,

        @Doc("Status bears the issued token with additional information back to the client.") @ProtoTag(3)
        TokenRequestStatus status) {}

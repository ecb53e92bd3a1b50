package cloud.gardener.apiserver.api.security.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("WorkloadIdentity is resource that allows workloads to be presented before external systems by giving them "
        + "identities managed by the Gardener API server. The identity of such workload is represented by JSON Web "
        + "Token issued by the Gardener API server. Workload identities are designed to be used by components "
        + "running in the Gardener environment, seed or runtime cluster, that make use of identity federation "
        + "inspired by the OIDC protocol.")
public record WorkloadIdentity(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Spec configures the JSON Web Token issued by the Gardener API server.") @ProtoTag(2)
        WorkloadIdentitySpec spec,

        @Doc("Status contain the latest observed status of the WorkloadIdentity.") @ProtoTag(3)
        WorkloadIdentityStatus status) {}

package cloud.gardener.apiserver.api.security.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("WorkloadIdentityStatus contain the latest observed status of the WorkloadIdentity.")
public record WorkloadIdentityStatus(
        @Doc("Sub contains the computed value of the subject that is going to be set in JWTs 'sub' claim.") @ProtoTag(1)
        String sub) {}

package cloud.gardener.apiserver.api.security.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("WorkloadIdentitySpec configures the JSON Web Token issued by the Gardener API server.")
public record WorkloadIdentitySpec(
        @Doc("Audiences specify the list of recipients that the JWT is intended for. The values of this field will "
                + "be set in the 'aud' claim.")
        @ProtoTag(1)
        List<String> audiences,

        @Doc("TargetSystem represents specific configurations for the system that will accept the JWTs.") @ProtoTag(2)
        TargetSystem targetSystem) {}

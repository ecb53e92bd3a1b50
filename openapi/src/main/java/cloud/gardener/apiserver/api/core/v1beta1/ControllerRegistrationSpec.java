package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("ControllerRegistrationSpec is the specification of a ControllerRegistration.")
public record ControllerRegistrationSpec(
        @Doc("Resources is a list of combinations of kinds (DNSProvider, Infrastructure, Generic, ...) and "
                + "their actual types (aws-route53, gcp, auditlog, ...).")
        @ProtoTag(1)
        @OmitEmpty
        List<ControllerResource> resources,

        @Doc("Deployment contains information for how this controller is deployed.") @ProtoTag(2) @OmitEmpty @Ptr
        ControllerRegistrationDeployment deployment) {}

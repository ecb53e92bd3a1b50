package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.ControllerResource;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("ExtensionSpec contains the specification of a Gardener extension.")
public record ExtensionSpec(
        @Doc("Resources is a list of combinations of kinds (DNSRecord, Backupbucket, ...) and their actual types "
                + "(aws-route53, gcp).")
        @OmitEmpty
        List<ControllerResource> resources,

        @Doc("Deployment contains deployment configuration for an extension and it's admission controller.")
        @OmitEmpty
        @Ptr
        Deployment deployment) {}

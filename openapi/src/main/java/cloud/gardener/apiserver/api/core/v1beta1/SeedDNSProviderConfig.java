package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("SeedDNSProviderConfig configures a DNS provider.")
public record SeedDNSProviderConfig(
        @Doc("Type is the type of the DNS provider.")
        String type,
        @Doc("Domain is the domain name to be used by the DNS provider.")
        String domain,
        @Doc("Zone is the zone where the DNS records are managed.")
        @OmitEmpty @Ptr String zone,
        @Doc("CredentialsRef is a reference to a resource holding the credentials used for authentication with "
                + "the DNS provider. Supported referenced resources are v1.Secrets and "
                + "security.gardener.cloud/v1alpha1.WorkloadIdentity")
        ObjectReference credentialsRef) {
}

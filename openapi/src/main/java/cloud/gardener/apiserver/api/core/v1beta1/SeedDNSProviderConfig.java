package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("SeedDNSProviderConfig configures a DNS provider.")
public record SeedDNSProviderConfig(
        @Doc("Type is the type of the DNS provider.") @ProtoTag(1)
        String type,

        @Doc("Domain is the domain name to be used by the DNS provider.") @ProtoTag(2)
        String domain,

        @Doc("Zone is the zone where the DNS records are managed.") @ProtoTag(3) @OmitEmpty @Ptr
        String zone,

        @Doc("CredentialsRef is a reference to a resource holding the credentials used for authentication with "
                + "the DNS provider. Supported referenced resources are v1.Secrets and "
                + "security.gardener.cloud/v1alpha1.WorkloadIdentity")
        @ProtoTag(4)
        ObjectReference credentialsRef) {}

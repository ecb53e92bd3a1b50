package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("SeedDNSProvider configures a DNSProvider for Seeds")
public record SeedDNSProvider(
        @Doc("Type describes the type of the dns-provider, for example `aws-route53`") @ProtoTag(1)
        String type,

        @Doc("CredentialsRef is a reference to a resource holding the credentials used for authentication with "
                + "the DNS provider. Supported referenced resources are v1.Secrets and "
                + "security.gardener.cloud/v1alpha1.WorkloadIdentity")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        ObjectReference credentialsRef) {}

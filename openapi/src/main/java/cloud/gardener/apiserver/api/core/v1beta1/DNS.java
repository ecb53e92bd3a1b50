package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("DNS holds information about the provider, the hosted zone id and the domain.")
public record DNS(
        @Doc("Domain is the external available domain of the Shoot cluster. This domain will be written "
                + "into the kubeconfig that is handed out to end-users. This field is immutable.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        String domain,

        @Doc("Providers is a list of DNS providers that shall be enabled for this shoot cluster. Only "
                + "relevant if not a default domain is used.\n\nDeprecated: Configuring multiple DNS providers "
                + "is deprecated and will be forbidden in a future release. Please use the DNS extension "
                + "provider config (e.g. shoot-dns-service) for additional providers.")
        @ProtoTag(2)
        @OmitEmpty
        List<DNSProvider> providers) {}

package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("GardenerDiscoveryServerConfig contains configuration settings for the gardener-discovery-server.")
public record GardenerDiscoveryServerConfig(
        @Doc("Domain overrides the default ingress domain and optionally the DNS provider for the "
                + "gardener-discovery-server. This field is optional, but once the gardener-discovery-server is "
                + "enabled, its domain cannot be changed anymore. Defaults to "
                + "\"discovery.<first-runtime-ingress-domain>\".")
        @OmitEmpty
        @Ptr
        DNSDomain domain,

        @Doc("TLSSecretName is the name of a secret (in the garden namespace) containing a trusted TLS certificate "
                + "for the domain. If not configured, Gardener falls back to a secret labelled with "
                + "'gardener.cloud/role=garden-cert', if in turn not configured it generates a self-signed "
                + "certificate.")
        @OmitEmpty
        @Ptr
        String tlsSecretName) {}

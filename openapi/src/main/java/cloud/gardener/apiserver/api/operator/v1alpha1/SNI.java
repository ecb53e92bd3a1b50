package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("SNI contains configuration options for the TLS SNI settings.")
public record SNI(
        @Doc("SecretName is the name of a secret containing the TLS certificate and private key. If not "
                + "configured, Gardener falls back to a secret labelled with 'gardener.cloud/role=garden-cert'.")
        @OmitEmpty
        @Ptr
        String secretName,

        @Doc("DomainPatterns is a list of fully qualified domain names, possibly with prefixed wildcard segments. "
                + "The domain patterns also allow IP addresses, but IPs should only be used if the apiserver has "
                + "visibility to the IP address requested by a client. If no domain patterns are provided, the "
                + "names of the certificate are extracted. Non-wildcard matches trump over wildcard matches, "
                + "explicit domain patterns trump over extracted names.")
        @OmitEmpty
        List<String> domainPatterns) {}

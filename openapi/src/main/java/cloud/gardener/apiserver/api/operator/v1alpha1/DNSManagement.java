package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import java.util.List;

@Doc("DNSManagement contains specifications of DNS providers.")
public record DNSManagement(
        @Doc("Providers is a list of DNS providers.") List<DNSProvider> providers) {}

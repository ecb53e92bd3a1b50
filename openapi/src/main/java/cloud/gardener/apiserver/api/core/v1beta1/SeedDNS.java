package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("SeedDNS contains DNS-relevant information about this seed cluster.")
public record SeedDNS(
        @Doc("Provider configures a DNSProvider")
        @OmitEmpty @Ptr SeedDNSProvider provider,
        @Doc("Internal configures DNS settings related to seed internal domain.")
        @OmitEmpty @Ptr SeedDNSProviderConfig internal,
        @Doc("Defaults configures DNS settings related to seed default domains. When determining the DNS "
                + "settings for a Shoot, the first matching entry in this list will take precedence.")
        @OmitEmpty List<SeedDNSProviderConfig> defaults) {
}

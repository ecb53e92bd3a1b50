package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("SeedDNS contains DNS-relevant information about this seed cluster.")
public record SeedDNS(
        @Doc("Provider configures a DNSProvider") @ProtoTag(2) @OmitEmpty @Ptr
        SeedDNSProvider provider,

        @Doc("Internal configures DNS settings related to seed internal domain.") @ProtoTag(3) @OmitEmpty @Ptr
        SeedDNSProviderConfig internal,

        @Doc("Defaults configures DNS settings related to seed default domains. When determining the DNS "
                + "settings for a Shoot, the first matching entry in this list will take precedence.")
        @ProtoTag(4)
        @OmitEmpty
        List<SeedDNSProviderConfig> defaults) {}

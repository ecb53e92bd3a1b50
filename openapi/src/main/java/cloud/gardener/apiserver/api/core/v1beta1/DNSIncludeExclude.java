package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("DNSIncludeExclude contains information about which domains shall be included/excluded.")
public record DNSIncludeExclude(
        @Doc("Include is a list of domains that shall be included.") @ProtoTag(1) @OmitEmpty
        List<String> include,

        @Doc("Exclude is a list of domains that shall be excluded.") @ProtoTag(2) @OmitEmpty
        List<String> exclude) {}

package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Exposure holds the exposure configuration for the shoot (either `extension` or `dns` or " + "omitted/empty).")
public record Exposure(
        @Doc("Extension holds the type and provider config of the exposure extension. Mutually exclusive "
                + "with DNS.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        ExtensionExposure extension,

        @Doc("DNS specifies that this shoot will be exposed by DNS. Mutually exclusive with Extension.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        DNSExposure dns) {}

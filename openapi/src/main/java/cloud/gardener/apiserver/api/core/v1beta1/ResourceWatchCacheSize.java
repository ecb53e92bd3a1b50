package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ResourceWatchCacheSize contains configuration of the API server's watch cache size for one specific "
        + "resource.")
public record ResourceWatchCacheSize(
        @Doc("APIGroup is the API group of the resource for which the watch cache size should be "
                + "configured. An unset value is used to specify the legacy core API (e.g. for `secrets`).")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        String apiGroup,

        @Doc("Resource is the name of the resource for which the watch cache size should be configured (in "
                + "lowercase plural form, e.g. `secrets`).")
        @ProtoTag(2)
        String resource,

        @Doc("CacheSize specifies the watch cache size that should be configured for the specified resource.")
        @ProtoTag(3)
        int size) {}

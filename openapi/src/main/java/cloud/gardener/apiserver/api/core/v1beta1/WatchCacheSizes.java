package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.JsonName;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("WatchCacheSizes contains configuration of the API server's watch cache sizes.")
public record WatchCacheSizes(
        @Doc("Default is not respected anymore by kube-apiserver. The cache is sized "
                + "automatically.\n\nDeprecated: This field is deprecated. Setting the default cache size will "
                + "be forbidden starting from Kubernetes 1.35.")
        @ProtoTag(1)
        @JsonName("default")
        @OmitEmpty
        Integer defaultValue,

        @Doc("Resources configures the watch cache size of the kube-apiserver per resource (flag "
                + "`--watch-cache-sizes`). See: "
                + "https://kubernetes.io/docs/reference/command-line-tools-reference/kube-apiserver/")
        @ProtoTag(2)
        @OmitEmpty
        List<ResourceWatchCacheSize> resources) {}

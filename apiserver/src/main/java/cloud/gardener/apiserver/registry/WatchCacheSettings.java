package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.ResourceType;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which resources get a watch cache: {@code --watch-cache}, {@code --default-watch-cache-size} and
 * {@code --watch-cache-sizes} as kube-apiserver reads them. A size of 0 disables a resource's cache; any other size
 * enables it with the dynamically sized event window (upstream ignores the number since the window sizes itself).
 * Events are not cached unless a size is given for them (upstream's DefaultWatchCacheSizes), and neither are
 * ShootStates: hundreds of KiB each, read by name only (by a gardenlet migrating its Shoot), never listed or
 * watched by Gardener's components, yet in a landscape of 2,500 Shoots they would be two thirds of the server's heap.
 *
 * @param enabled         {@code --watch-cache}
 * @param defaultSize     {@code --default-watch-cache-size}: for resources without a size of their own; 0 disables
 * @param sizes           {@code resource[.group]} to size
 * @param progressOrdered whether the store's progress reports never overtake its events (the embedded store; etcd
 *                        from 3.4.31 and 3.5.13); when false consistent reads are checked against the store's
 *                        revisions of their keys
 */
public record WatchCacheSettings(
        boolean enabled, int defaultSize, Map<String, Integer> sizes, boolean progressOrdered) {

    /** kube-apiserver's {@code --default-watch-cache-size}. */
    public static final int DEFAULT_SIZE = 100;

    public WatchCacheSettings {
        if (defaultSize < 0) {
            throw new IllegalArgumentException("--default-watch-cache-size must not be negative: " + defaultSize);
        }
        sizes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(sizes));
    }

    public static WatchCacheSettings disabled() {
        return new WatchCacheSettings(false, 0, Map.of(), false);
    }

    /** Every resource but events and ShootStates cached. */
    public static WatchCacheSettings defaults(boolean progressOrdered) {
        return new WatchCacheSettings(true, DEFAULT_SIZE, Map.of(), progressOrdered);
    }

    /** Whether {@code type} is served from a watch cache. */
    public boolean cached(ResourceType type) {
        if (!enabled) {
            return false;
        }
        Integer size = sizes.get(type.groupResource().toString());
        if (size != null) {
            return size > 0;
        }
        if ("events".equals(type.plural()) || Kinds.SHOOT_STATE.groupResource().equals(type.groupResource())) {
            return false;
        }
        return defaultSize > 0;
    }
}

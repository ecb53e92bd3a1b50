package cloud.gardener.apiserver.server;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --watch-cache-sizes}, parsed as k8s.io/apiserver's ParseWatchCacheSizes: {@code resource[.group]#size}
 * entries, e.g. {@code shoots.core.gardener.cloud#500}. Sizes are checked now; the watch cache will act on them.
 *
 * @param sizes the cache size of each {@code resource[.group]}, in the flag's order
 */
public record WatchCacheSizes(Map<String, Integer> sizes) {

    public WatchCacheSizes {
        sizes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(sizes));
    }

    /** Each entry checked with upstream's messages; an empty list gives no sizes. */
    public static WatchCacheSizes parse(List<String> entries) {
        Map<String, Integer> sizes = new LinkedHashMap<>();
        for (String entry : entries == null ? List.<String>of() : entries) {
            String[] tokens = entry.split("#", -1);
            if (tokens.length != 2) {
                throw new IllegalArgumentException("invalid value of watch cache size: " + entry);
            }
            int size;
            try {
                size = Integer.parseInt(tokens[1]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("invalid size of watch cache size: " + entry, e);
            }
            if (size < 0) {
                throw new IllegalArgumentException("watch cache size cannot be negative: " + entry);
            }
            sizes.put(tokens[0], size);
        }
        return new WatchCacheSizes(sizes);
    }
}

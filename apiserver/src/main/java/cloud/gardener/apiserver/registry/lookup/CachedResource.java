package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.admission.ObjectIndex;
import cloud.gardener.apiserver.api.selection.SelectableView;
import java.util.List;

/**
 * How the {@link ObjectCache} hands out one resource's objects.
 *
 * @param root      the resource's key root ({@code <prefix>/<group>/<resource>/})
 * @param memoized  whether a decoded object may be kept for the next lookup of the same revision; false for kinds
 *                  never held decoded (InternalSecrets: large and secret), decoded anew on every lookup
 * @param listView  the parts of each object a list hands out, read from the stored bytes without the rest and kept
 *                  per revision; null: lists hand out whole objects. For Shoots, which admission scans in full on
 *                  every Shoot create (domain uniqueness, seed capacity), where decoding each whole would cost
 *                  hundreds of milliseconds in a large landscape and keeping them decoded gigabytes
 * @param indexes   the indexes kept of the objects, kept in step with them ({@link ObjectCache#candidates}); where
 *                  the resource has a watch cache, its attribute pass reads their terms, so they must be the ones
 *                  {@link cloud.gardener.apiserver.registry.ResourceIndexes#of} declares for the resource
 */
public record CachedResource(String root, boolean memoized, SelectableView listView, List<ObjectIndex> indexes) {

    public CachedResource {
        indexes = List.copyOf(indexes);
    }

    /** Whole objects, memoized. */
    public static CachedResource of(String root) {
        return new CachedResource(root, true, null, List.of());
    }
}

package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Typed records decoded from the lookup's shared trees, kept by tree identity and type for as long as the tree itself
 * lives: one Shoot create reads its CloudProfile, Seed and binding as records in several plugins (mutator, validator,
 * quota, resource reservation), and scans read every Shoot of a Project or Seed from the cache's list views, so a
 * record is decoded once per object revision rather than once per request. The cache never changes a tree it handed
 * out: a changed object is a new tree, decoded anew, and the record of a tree the cache dropped goes with the tree
 * (weakly held), so what is kept is bounded by what the cache holds.
 */
final class DecodedRecords {

    private final Map<Key, Object> records = new ConcurrentHashMap<>();
    private final ReferenceQueue<JsonNode> collected = new ReferenceQueue<>();

    /** The record of the tree: decoded once per tree and type while the tree lives. */
    <T> T decode(JsonNode tree, Class<T> type) {
        dropCollected();
        Object hit = records.get(new Key(tree, type, null));
        if (hit != null) {
            return type.cast(hit);
        }
        T value = ModelCodec.decode(tree, type).value();
        if (value != null) {
            records.put(new Key(tree, type, collected), value);
        }
        return value;
    }

    /** The records kept (of trees not yet found collected). */
    int size() {
        dropCollected();
        return records.size();
    }

    private void dropCollected() {
        for (Reference<? extends JsonNode> gone = collected.poll(); gone != null; gone = collected.poll()) {
            records.remove(gone);
        }
    }

    /** A tree by identity (equal trees of other revisions are other entries) and the record type, held weakly. */
    private static final class Key extends WeakReference<JsonNode> {
        private final Class<?> type;
        private final int hash;

        Key(JsonNode tree, Class<?> type, ReferenceQueue<JsonNode> queue) {
            super(tree, queue);
            this.type = type;
            this.hash = System.identityHashCode(tree) * 31 + type.hashCode();
        }

        // identity, not equality: an equal tree of another revision is another entry, and equals walks the trees;
        // a collected key equals only itself, so that the queue's removal finds it
        @SuppressWarnings("ReferenceEquality")
        @Override
        public boolean equals(Object o) {
            if (o == this) {
                return true;
            }
            if (!(o instanceof Key k) || k.type != type) {
                return false;
            }
            JsonNode tree = get();
            return tree != null && tree == k.get();
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}

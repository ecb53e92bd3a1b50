package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Typed records decoded from the lookup's shared trees, kept by tree identity and type for the next lookup of the
 * same tree: one Shoot create reads its CloudProfile, Seed and binding as records in several plugins (mutator,
 * validator, quota, resource reservation), and a landscape's CloudProfile is large. A changed object is a new tree
 * (the cache never changes one it handed out), so it is decoded anew; the few most recent entries are kept, which
 * bounds what stale trees and records stay reachable.
 */
final class DecodedRecords {

    private final int capacity;
    private final Map<Key, Object> recent;

    DecodedRecords(int capacity) {
        this.capacity = capacity;
        this.recent = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Object> eldest) {
                return size() > DecodedRecords.this.capacity;
            }
        };
    }

    /** The record of the tree: decoded once per tree and type while it stays among the recent. */
    <T> T decode(JsonNode tree, Class<T> type) {
        Key key = new Key(tree, type);
        synchronized (recent) {
            Object hit = recent.get(key);
            if (hit != null) {
                return type.cast(hit);
            }
        }
        T value = ModelCodec.decode(tree, type).value();
        if (value != null) {
            synchronized (recent) {
                recent.put(key, value);
            }
        }
        return value;
    }

    int size() {
        synchronized (recent) {
            return recent.size();
        }
    }

    /** A tree by identity (equal trees of other revisions are other entries) and the record type. */
    private static final class Key {
        private final JsonNode tree;
        private final Class<?> type;

        Key(JsonNode tree, Class<?> type) {
            this.tree = tree;
            this.type = type;
        }

        // identity, not equality: an equal tree of another revision is another entry, and equals walks the trees
        @SuppressWarnings("ReferenceEquality")
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.tree == tree && k.type == type;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(tree) * 31 + type.hashCode();
        }
    }
}

package cloud.gardener.apiserver.storage.cache;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * Secondary indexes of the current objects: for each indexed field, value to the sorted keys of the objects
 * that have it ({@code spec.seedName=seed-a} to the Shoots on that seed). Kept in step with the object map
 * on the cache's context; not thread-safe.
 */
final class FieldIndexes {

    private final Set<String> fields;
    private final Map<String, Map<String, NavigableSet<String>>> byField = new HashMap<>();

    FieldIndexes(Set<String> fields) {
        this.fields = fields;
        for (String f : fields) {
            byField.put(f, new HashMap<>());
        }
    }

    boolean has(String field) {
        return fields.contains(field);
    }

    void rebuild(Collection<CachedObject> objects) {
        byField.values().forEach(Map::clear);
        for (CachedObject o : objects) {
            add(o);
        }
    }

    /** One object changed from {@code before} (null: created) to {@code after} (null: deleted). */
    void update(CachedObject before, CachedObject after) {
        if (fields.isEmpty()) {
            return;
        }
        if (before != null) {
            remove(before);
        }
        if (after != null) {
            add(after);
        }
    }

    /** The keys of the objects whose {@code field} is {@code value}, in key order (a live view). */
    NavigableSet<String> keys(String field, String value) {
        NavigableSet<String> keys = byField.get(field).get(value);
        return keys == null ? new TreeSet<>() : keys;
    }

    private void add(CachedObject o) {
        for (String f : fields) {
            String value = o.attributes().fields().get(f);
            if (value != null) {
                byField.get(f)
                        .computeIfAbsent(value, v -> new TreeSet<>())
                        .add(o.stored().key());
            }
        }
    }

    private void remove(CachedObject o) {
        for (String f : fields) {
            String value = o.attributes().fields().get(f);
            if (value == null) {
                continue;
            }
            Map<String, NavigableSet<String>> index = byField.get(f);
            NavigableSet<String> keys = index.get(value);
            if (keys != null) {
                keys.remove(o.stored().key());
                if (keys.isEmpty()) {
                    index.remove(value);
                }
            }
        }
    }
}

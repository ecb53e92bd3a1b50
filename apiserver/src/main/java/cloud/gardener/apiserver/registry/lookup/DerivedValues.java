package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.api.meta.GroupResource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Values the plugins derive from a whole list of records (the registered extensions of all ControllerRegistrations),
 * the last one kept per derivation, resource and namespace: a Shoot request asks twice (when it mutates and when it
 * validates) and the next request asks again, while the lookup hands out the very same records until an object of the
 * list changes ({@link DecodedRecords}). One per lookup, so servers sharing a JVM share nothing.
 */
final class DerivedValues {

    /** A derivation (by identity: the same function object) of one resource's list in one namespace ("" for all). */
    record Key(Object derive, GroupResource resource, String namespace) {
        @SuppressWarnings("ReferenceEquality") // a function has no equality of its own: the same object
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k
                    && k.derive == derive
                    && k.resource.equals(resource)
                    && k.namespace.equals(namespace);
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(derive) * 31 + resource.hashCode() * 17 + namespace.hashCode();
        }
    }

    /** A value and the records it was derived from. */
    private record Derived(List<?> from, Object value) {}

    private final Map<Key, Derived> last = new ConcurrentHashMap<>();

    /** The value derived from {@code records}: the last one kept when it was derived from the very same records. */
    <T, R> R of(Key key, List<T> records, Function<List<T>, R> derive) {
        Derived kept = last.get(key);
        if (kept != null && sameRecords(kept.from(), records)) {
            @SuppressWarnings("unchecked")
            R value = (R) kept.value();
            return value;
        }
        R value = derive.apply(records);
        last.put(key, new Derived(new ArrayList<>(records), value));
        return value;
    }

    /** The same records in the same order (a changed object is a new record; equal records would need deep walks). */
    @SuppressWarnings("ReferenceEquality")
    private static boolean sameRecords(List<?> kept, List<?> records) {
        if (kept.size() != records.size()) {
            return false;
        }
        for (int i = 0; i < kept.size(); i++) {
            if (kept.get(i) != records.get(i)) {
                return false;
            }
        }
        return true;
    }
}

package cloud.gardener.apiserver.storage.cache;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * The keys of a set of current objects by terms read from each (a Shoot's DNS domain and its parents, its seeds),
 * kept in step with them by their one writer ({@link WatchCache#follow}, or a reader's own list and watch), readable
 * from any thread. The writer reads the terms (in a watch cache: in its attribute pass, {@link
 * ObjectAttributes#terms}, once per change for all of a resource's indexes, which share one of these by qualifying
 * their terms); the index only files keys. A key is filed under an object's new terms before the object is visible and leaves its old
 * terms only after the change is, so a reader of the index never misses an object a scan of the objects at that
 * moment would find; it may list a key whose object no longer has the term (callers check the objects they read).
 */
public final class TermIndex {

    private volatile State state = new State();

    private static final class State {
        final Map<String, NavigableSet<String>> keysByTerm = new ConcurrentHashMap<>();
        // writer-confined: the terms each key is filed under now
        final Map<String, Set<String>> termsByKey = new HashMap<>();
    }

    /** The keys filed under any of the terms, in key order. */
    public NavigableSet<String> keys(Collection<String> terms) {
        State s = state;
        NavigableSet<String> out = new TreeSet<>();
        for (String term : terms) {
            NavigableSet<String> keys = s.keysByTerm.get(term);
            if (keys != null) {
                // one by one: TreeSet.addAll of a sorted set takes its size first and then expects that many keys,
                // which a writer removing keys meanwhile cuts short (NoSuchElementException)
                for (String key : keys) {
                    out.add(key);
                }
            }
        }
        return out;
    }

    /**
     * Replaces the whole content (a fresh list) with each key's terms; readers see the old content until it is
     * built.
     */
    public void reset(Map<String, Set<String>> termsByKey) {
        State fresh = new State();
        termsByKey.forEach((key, terms) -> file(fresh, key, terms));
        state = fresh;
    }

    /**
     * The object at {@code key} is about to be created or changed to one with {@code terms}: call before it is
     * visible, then {@link #changed} after.
     */
    public void changing(String key, Set<String> terms) {
        file(state, key, terms);
    }

    /**
     * The object at {@code key} now has the terms given to {@link #changing}, or was deleted ({@code terms} null):
     * its key leaves the terms it no longer has. Call after the change is visible.
     */
    public void changed(String key, Set<String> terms) {
        State s = state;
        Set<String> filed = s.termsByKey.get(key);
        if (filed == null) {
            return;
        }
        Set<String> keep = terms == null ? Set.of() : terms;
        for (String term : filed) {
            if (!keep.contains(term)) {
                NavigableSet<String> keys = s.keysByTerm.get(term);
                if (keys != null) {
                    keys.remove(key);
                    if (keys.isEmpty()) {
                        s.keysByTerm.remove(term, keys);
                    }
                }
            }
        }
        if (keep.isEmpty()) {
            s.termsByKey.remove(key);
        } else {
            s.termsByKey.put(key, keep);
        }
    }

    private static void file(State s, String key, Set<String> terms) {
        if (terms.isEmpty()) {
            return;
        }
        for (String term : terms) {
            // a set emptied by changed() may have been dropped meanwhile: compute re-adds it
            s.keysByTerm.compute(term, (t, keys) -> {
                NavigableSet<String> set = keys == null ? new ConcurrentSkipListSet<>() : keys;
                set.add(key);
                return set;
            });
        }
        s.termsByKey.merge(key, terms, (old, add) -> {
            Set<String> union = new HashSet<>(old);
            union.addAll(add);
            return union;
        });
    }
}

package cloud.gardener.apiserver.storage;

import java.util.List;

/**
 * The keys of a range with their modification revisions, read at one revision: a list without its values. A key and
 * a mod revision name one write, so a cache holding exactly these keys at these revisions holds the range's stored
 * bytes as the store held them at {@link #revision()}.
 */
public final class RangeRevisions {

    private final long revision;
    private final String[] keys;
    private final long[] modRevisions;

    /**
     * @param revision     the revision the range was read at
     * @param keys         the keys in the store's order
     * @param modRevisions each key's modification revision, index for index
     */
    public RangeRevisions(long revision, String[] keys, long[] modRevisions) {
        if (keys.length != modRevisions.length) {
            throw new IllegalArgumentException(keys.length + " keys with " + modRevisions.length + " revisions");
        }
        this.revision = revision;
        this.keys = keys;
        this.modRevisions = modRevisions;
    }

    /** The keys and revisions of a page read without a limit. */
    public static RangeRevisions of(ListPage page) {
        List<StoredObject> items = page.items();
        String[] keys = new String[items.size()];
        long[] modRevisions = new long[items.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = items.get(i).key();
            modRevisions[i] = items.get(i).modRevision();
        }
        return new RangeRevisions(page.revision(), keys, modRevisions);
    }

    public long revision() {
        return revision;
    }

    public int size() {
        return keys.length;
    }

    public String key(int i) {
        return keys[i];
    }

    public long modRevision(int i) {
        return modRevisions[i];
    }
}

package cloud.gardener.apiserver.storage.embedded;

import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;

/**
 * One row of the revision log: one change of one key.
 *
 * @param revision       the row id: the store-wide revision of this change
 * @param key            the key
 * @param created        this change created the key (there was no live value before)
 * @param deleted        this change deleted the key (a tombstone)
 * @param createRevision the revision the key was created at
 * @param prevRevision   the revision of the change before this one (0: none)
 * @param value          the new value; for a tombstone the value that was deleted
 * @param oldValue       the value before this change (null for a creation and for a tombstone, whose
 *                       {@code value} is already the old one)
 */
@SuppressWarnings("ArrayRecordComponent") // carries bytes through, unshared; never compared or hashed as a whole
record LogRow(
        long revision,
        String key,
        boolean created,
        boolean deleted,
        long createRevision,
        long prevRevision,
        byte[] value,
        byte[] oldValue) {

    /** The value as a live object (not meaningful for tombstones). */
    StoredObject object() {
        return new StoredObject(key, value, revision, createRevision);
    }

    /** The value this change replaced, or null if the key did not exist. */
    StoredObject previous() {
        if (created) {
            return null;
        }
        return new StoredObject(key, deleted ? value : oldValue, prevRevision, createRevision);
    }

    /** This change as a watch event, with the same shapes the etcd store produces. */
    WatchEvent event() {
        return deleted
                ? new WatchEvent(WatchEvent.Type.DELETE, key, object(), previous())
                : new WatchEvent(WatchEvent.Type.PUT, key, object(), previous());
    }
}

package cloud.gardener.apiserver.storage;

/**
 * One change of one key, in revision order.
 *
 * @param type     what happened
 * @param key      the key
 * @param object   for PUT the new value; for DELETE the value before deletion, with the delete's revision
 *                 as modRevision
 * @param previous the value before this change, or null if the key did not exist
 */
public record WatchEvent(Type type, String key, StoredObject object, StoredObject previous) {

    public enum Type {
        PUT,
        DELETE
    }

    public long revision() {
        return object.modRevision();
    }
}

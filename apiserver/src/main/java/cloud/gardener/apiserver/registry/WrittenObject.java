package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.storage.StoredObject;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a create or update answers: the object as written, and what storage holds for it where an answer can be made
 * from those bytes instead of encoding the object once more.
 *
 * @param object the object with its resourceVersion, in the storage version
 * @param stored the stored value whose bytes are {@code object}'s JSON without {@code metadata.resourceVersion}, field
 *     for field in the same order; null where there is none (a dry run, a deletion by the last finalizer, an object a
 *     conversion changed after it was encoded)
 */
public record WrittenObject(ObjectNode object, StoredObject stored) {

    /** An object with no stored bytes to answer from. */
    static WrittenObject withoutStored(ObjectNode object) {
        return new WrittenObject(object, null);
    }
}

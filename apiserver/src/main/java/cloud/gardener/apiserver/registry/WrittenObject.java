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
 * @param form the stored form this write encoded, whose bytes are {@code stored}'s and which knows where the
 *     resourceVersion goes in them; null where the write did not store those bytes itself (an update that changed
 *     nothing answers what storage held) or there are none
 */
public record WrittenObject(ObjectNode object, StoredObject stored, StoredForm form) {

    /** A write's outcome whose stored bytes, if any, this write did not encode. */
    public WrittenObject(ObjectNode object, StoredObject stored) {
        this(object, stored, null);
    }

    /** An object with no stored bytes to answer from. */
    static WrittenObject withoutStored(ObjectNode object) {
        return new WrittenObject(object, null);
    }
}

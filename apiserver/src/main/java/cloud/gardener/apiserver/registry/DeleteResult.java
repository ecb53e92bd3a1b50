package cloud.gardener.apiserver.registry;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The outcome of a delete.
 *
 * @param object  the object: its last state if it was removed, its current state if deletion is pending
 * @param removed whether the object is gone (true) or only marked for deletion, waiting for finalizers
 */
public record DeleteResult(ObjectNode object, boolean removed) {}

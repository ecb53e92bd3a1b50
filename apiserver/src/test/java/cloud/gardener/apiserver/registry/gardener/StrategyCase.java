package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.ResourceStrategy;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Runs a strategy's update the way the generic store does: generation reset to the stored one, prepare, then ask. */
final class StrategyCase {

    private StrategyCase() {}

    /** A JSON object from relaxed JSON (single quotes allowed). */
    static ObjectNode obj(String json) {
        try {
            return (ObjectNode) Json.MAPPER.readTree(json.replace('\'', '"'));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Prepares a new object and canonicalizes it, as the store does around validation. */
    static ObjectNode create(ResourceStrategy strategy, ObjectNode obj) {
        strategy.prepareForCreate(obj);
        strategy.canonicalize(obj);
        return obj;
    }

    /**
     * The updated object, canonicalized as after validation; its generation is the stored one, plus one when the
     * strategy moved it.
     */
    static ObjectNode update(ResourceStrategy strategy, ObjectNode old, ObjectNode desired, String subresource) {
        ObjectNode obj = desired.deepCopy();
        ObjectTrees.meta(obj).put("generation", ObjectTrees.generation(old));
        strategy.prepareForUpdate(obj, old, subresource);
        if (strategy.generationMoves(obj, old, subresource)) {
            ObjectTrees.meta(obj).put("generation", ObjectTrees.generation(old) + 1);
        }
        strategy.canonicalize(obj);
        return obj;
    }
}

package cloud.gardener.apiserver.admission.plugins.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Questions about Shoot object trees that several plugins ask (Gardener's core helpers). */
public final class ShootTrees {

    private ShootTrees() {}

    /** {@code IsWorkerless}: a Shoot without worker pools. */
    public static boolean isWorkerless(JsonNode shoot) {
        return shoot.path("spec").path("provider").path("workers").size() == 0;
    }

    /** The object at {@code path} below {@code node}, created (as empty objects) where missing. */
    public static ObjectNode object(ObjectNode node, String... path) {
        ObjectNode current = node;
        for (String p : path) {
            current = current.get(p) instanceof ObjectNode child ? child : current.putObject(p);
        }
        return current;
    }
}

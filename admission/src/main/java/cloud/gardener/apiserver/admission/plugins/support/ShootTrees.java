package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Questions about Shoot object trees that several plugins ask (Gardener's core helpers). */
public final class ShootTrees {

    private ShootTrees() {}

    /** {@code IsWorkerless}: a Shoot without worker pools. */
    public static boolean isWorkerless(JsonNode shoot) {
        return shoot.path("spec").path("provider").path("workers").size() == 0;
    }

    /** {@code IsWorkerless} on a Shoot's record. */
    public static boolean isWorkerless(Shoot shoot) {
        ShootSpec spec = shoot.spec();
        return spec == null
                || spec.provider() == null
                || spec.provider().workers() == null
                || spec.provider().workers().isEmpty();
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

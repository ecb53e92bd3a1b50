package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.WriteContext;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How the stand-ins for gardener-controller-manager's controllers write: as its service account, and the
 * {@code gardener} finalizer they keep on the objects they look after.
 */
final class ControllerManagerWrites {

    static final String FINALIZER = "gardener";

    private static final UserInfo CONTROLLER = new UserInfo(
            "system:serviceaccount:garden:gardener-controller-manager",
            "",
            List.of("system:serviceaccounts", "system:serviceaccounts:garden", "system:authenticated"),
            Map.of());
    static final WriteContext WRITE = new WriteContext(CONTROLLER, false, "gardener-controller-manager");

    private ControllerManagerWrites() {}

    /** The object with the finalizer: as it is when it has it, else as stored once the finalizer is added. */
    static Future<ObjectNode> addFinalizer(GenericStore store, ObjectNode object) {
        if (ObjectTrees.finalizers(object).contains(FINALIZER)) {
            return Future.succeededFuture(object);
        }
        return store.update(
                ObjectTrees.namespace(object),
                ObjectTrees.name(object),
                "",
                o -> {
                    List<String> finalizers = new ArrayList<>(ObjectTrees.finalizers(o));
                    if (!finalizers.contains(FINALIZER)) {
                        finalizers.add(FINALIZER);
                    }
                    ObjectTrees.setFinalizers(o, finalizers);
                    return o;
                },
                WRITE);
    }

    /** Removes the finalizer; an object gone meanwhile needs nothing more. */
    static Future<Void> removeFinalizer(GenericStore store, ObjectNode object) {
        return store.update(
                        ObjectTrees.namespace(object),
                        ObjectTrees.name(object),
                        "",
                        o -> {
                            List<String> finalizers = new ArrayList<>(ObjectTrees.finalizers(o));
                            finalizers.remove(FINALIZER);
                            ObjectTrees.setFinalizers(o, finalizers);
                            return o;
                        },
                        WRITE)
                .recover(t -> t instanceof ApiException e && e.code() == 404
                        ? Future.succeededFuture()
                        : Future.failedFuture(t))
                .mapEmpty();
    }
}

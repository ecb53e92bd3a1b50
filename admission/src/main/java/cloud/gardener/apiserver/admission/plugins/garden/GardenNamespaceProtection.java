package cloud.gardener.apiserver.admission.plugins.garden;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import io.vertx.core.Future;

/**
 * gardener-operator's namespace webhook (pkg/operator/webhook/validation/namespace/handler.go): while a Garden
 * exists, the {@code garden} namespace may not be deleted (403 Forbidden). Gardener registers it for namespace
 * DELETEs with the object selector {@code kubernetes.io/metadata.name=garden}; in this server it guards its own
 * namespaces (standalone mode) against the Gardens it stores.
 */
public final class GardenNamespaceProtection extends BasePlugin implements ValidatingPlugin {

    public static final String NAME = "GardenNamespaceProtection";
    public static final String GARDEN_NAMESPACE = "garden";
    public static final GroupResource NAMESPACES = new GroupResource("", "namespaces");

    private final ObjectLookup objects;

    public GardenNamespaceProtection(PluginContext context) {
        super(NAME, Operation.DELETE);
        this.objects = context.objects();
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!a.resource().equals(NAMESPACES) || !a.subresource().isEmpty() || !GARDEN_NAMESPACE.equals(a.name())) {
            return Future.succeededFuture();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        return check(objects, a.name());
    }

    /**
     * Gardener's rule for any namespace name: forbidden while a Garden exists, an internal error when the Gardens
     * cannot be listed. Read live, so that a Garden created a moment ago counts.
     */
    public static Future<Void> check(ObjectLookup objects, String namespace) {
        return objects.listLive(GardenPlugin.GARDENS, "")
                .recover(error -> Future.failedFuture(ApiException.internal(error.getMessage())))
                .compose(gardens -> gardens.isEmpty()
                        ? Future.succeededFuture()
                        : Future.failedFuture(ApiException.forbidden(
                                NAMESPACES,
                                namespace,
                                "deletion of namespace \""
                                        + namespace
                                        + "\" is forbidden while a Garden resource exists - delete it first "
                                        + "before deleting the namespace")));
    }
}

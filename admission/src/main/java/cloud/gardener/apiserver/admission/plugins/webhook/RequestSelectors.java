package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.validation.seedmanagement.LabelSelectors;
import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The namespace and object selectors of webhooks and admission policies, as k8s.io/apiserver's
 * {@code predicates/namespace} and {@code predicates/object} matchers decide them.
 */
public final class RequestSelectors {

    private RequestSelectors() {}

    /** Whether the new or the old object carries labels the selector matches (an empty selector matches all). */
    public static boolean objectSelected(LabelSelector selector, Attributes a) {
        if (LabelSelectors.empty(selector)) {
            return true;
        }
        return selected(selector, a.object()) || selected(selector, a.oldObject());
    }

    /**
     * Whether the request's namespace has labels the selector matches; cluster-scoped resources other than
     * namespaces always match, a namespace's own create or update is matched on the new object.
     */
    public static Future<Boolean> namespaceSelected(ObjectLookup objects, LabelSelector selector, Attributes a) {
        boolean namespaceRequest = a.resource().equals(GardenerResources.NAMESPACES);
        if ((a.namespace().isEmpty() && !namespaceRequest) || LabelSelectors.empty(selector)) {
            return Future.succeededFuture(true);
        }
        if (namespaceRequest
                && a.subresource().isEmpty()
                && (a.operation() == Operation.CREATE || a.operation() == Operation.UPDATE)) {
            return Future.succeededFuture(LabelSelectors.matches(selector, labels(a.object())));
        }
        String name = namespaceRequest && a.namespace().isEmpty() ? a.name() : a.namespace();
        return namespace(objects, name).map(ns -> LabelSelectors.matches(selector, labels(ns)));
    }

    /** The namespace, or a 404 when it does not exist. */
    public static Future<ObjectNode> namespace(ObjectLookup objects, String name) {
        return objects.get(GardenerResources.NAMESPACES, "", name)
                .compose((Optional<ObjectNode> ns) -> ns.isEmpty()
                        ? Future.failedFuture(ApiException.notFound(GardenerResources.NAMESPACES, name))
                        : Future.succeededFuture(ns.get()));
    }

    /** An object's labels. */
    public static Map<String, String> labels(JsonNode obj) {
        Map<String, String> labels = new HashMap<>();
        obj.path("metadata")
                .path("labels")
                .properties()
                .forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
        return labels;
    }

    private static boolean selected(LabelSelector selector, JsonNode obj) {
        return obj != null && LabelSelectors.matches(selector, labels(obj));
    }
}

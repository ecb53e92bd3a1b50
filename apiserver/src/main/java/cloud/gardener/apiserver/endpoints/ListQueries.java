package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.model.GoStrings;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.selection.FieldSelector;
import cloud.gardener.apiserver.api.selection.LabelSelector;
import cloud.gardener.apiserver.endpoints.options.ContinueToken;
import cloud.gardener.apiserver.endpoints.options.ListOptions;
import cloud.gardener.apiserver.registry.ListQuery;
import cloud.gardener.apiserver.registry.ListSelection;
import cloud.gardener.apiserver.registry.ObjectTrees;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Predicate;

/**
 * Turns validated list options into what the store executes: the selector filter and the
 * resourceVersion rules of protocol section 5.2 (latest, not-older-than, exact, continue).
 */
public final class ListQueries {

    /** The store query, its filter, and whether any selector was given (remainingItemCount is then omitted). */
    public record Resolved(ListQuery query, Predicate<ObjectNode> filter, boolean hasSelector) {}

    private ListQueries() {}

    public static Resolved resolve(ResourceRequest req, ListOptions options) {
        LabelSelector labels = LabelSelector.parse(GoStrings.orEmpty(options.labelSelector()));
        FieldSelector fields = FieldSelector.parse(GoStrings.orEmpty(options.fieldSelector()));
        fields.validate(FieldSelector.supportedFields(req.type()));
        String itemName = req.info().isResourceRequest() && req.info().parts().size() >= 2 ? req.name() : "";
        ResourceType type = req.type(); // not the request: a watch keeps this filter while it streams
        Predicate<ObjectNode> filter = obj -> (labels.isEmpty() || labels.matches(ObjectTrees.labels(obj)))
                && (fields.isEmpty() || fields.matches(FieldSelector.fieldsOf(obj, type)))
                && (itemName.isEmpty() || itemName.equals(ObjectTrees.name(obj)));
        boolean hasSelector = !labels.isEmpty() || !fields.isEmpty() || !itemName.isEmpty();
        Predicate<ObjectNode> storeFilter = hasSelector ? filter : null;
        ListSelection selection = hasSelector ? new ListSelection(labels, fields, itemName) : null;
        long limit = options.limit() == null ? 0 : Math.max(0, options.limit());
        String rv = GoStrings.orEmpty(options.resourceVersion());
        String match = GoStrings.orEmpty(options.resourceVersionMatch());
        ListQuery query;
        if (options.continueToken() != null && !options.continueToken().isEmpty()) {
            ContinueToken token = ContinueToken.decode(options.continueToken());
            options.checkContinueResourceVersion();
            // etcd3 GetList: a negative token revision reads the latest revision, and later pages pin that one
            query = token.inconsistent()
                    ? new ListQuery(0, false, limit, token.start(), storeFilter, true, false, selection)
                    : new ListQuery(
                            token.resourceVersion(), true, limit, token.start(), storeFilter, true, false, selection);
        } else if (rv.isEmpty() || "0".equals(rv)) {
            // "" is a consistent read; "0" takes any state, as a watch cache holds it
            query = new ListQuery(0, false, limit, null, storeFilter, false, "0".equals(rv), selection);
        } else {
            boolean exact = "Exact".equals(match) || (match.isEmpty() && limit > 0);
            query = new ListQuery(parseRevision(rv), exact, limit, null, storeFilter, false, false, selection);
        }
        return new Resolved(query, filter, hasSelector);
    }

    /** Resource versions are decimal etcd revisions; anything else is a bad request. */
    public static long parseRevision(String rv) {
        if (rv == null || rv.isEmpty()) {
            return 0;
        }
        try {
            long value = Long.parseLong(rv);
            if (value < 0) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("invalid resource version: \"" + rv + "\"");
        }
    }
}

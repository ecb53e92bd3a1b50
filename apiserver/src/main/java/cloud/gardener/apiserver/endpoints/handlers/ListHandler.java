package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.api.conversion.InputConversions;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.endpoints.ListEncoder;
import cloud.gardener.apiserver.endpoints.ListQueries;
import cloud.gardener.apiserver.endpoints.MoreItems;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.StoredJsonAnswer;
import cloud.gardener.apiserver.endpoints.options.ContinueToken;
import cloud.gardener.apiserver.endpoints.options.ListOptions;
import cloud.gardener.apiserver.endpoints.tables.RowReads;
import cloud.gardener.apiserver.registry.EncodedListPage;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ListQuery;
import cloud.gardener.apiserver.registry.ListResult;
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.storage.ItemChunks;
import cloud.gardener.apiserver.storage.StoredObject;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.Optional;

/** GET of a collection: selectors, paging with continue tokens, resourceVersion semantics. */
public final class ListHandler implements VerbHandler {

    @Override
    public Future<Void> handle(ResourceRequest req) {
        ListOptions options = ListOptions.parse(req.query(), false);
        ObjectWriter writer = ObjectWriter.forList(req);
        ListQueries.Resolved resolved = ListQueries.resolve(req, options);
        if (writer.streamsLists()) {
            // items in their stored form are written as stored (plus their resourceVersion), as GET answers them
            boolean storedForm = writer.writesCompactJson()
                    && req.store().servesStoredForm()
                    && InputConversions.of(req.type().gvk(req.version())).isEmpty();
            String kind = req.type().kind();
            String apiVersion = req.apiVersion();
            return req.store()
                    .listStreamed(req.namespace(), resolved.query())
                    .recover(t -> Future.failedFuture(withInconsistentContinue(t, resolved.query())))
                    .compose(page -> writer.writeListStreamed(
                            head(
                                    req,
                                    page.revision(),
                                    page.continueKey(),
                                    page.remainingItemCount(),
                                    resolved.hasSelector()),
                            page.items(),
                            moreItems(page),
                            stored -> req.present(req.store().decode(stored)),
                            storedForm ? (stored, out) -> writeStored(stored, kind, apiVersion, out) : null,
                            req.store().servesStoredForm() ? (stored, reads) -> rowPart(req, stored, reads) : null,
                            page.bytes()));
        }
        return req.store()
                .list(req.namespace(), resolved.query())
                .recover(t -> Future.failedFuture(withInconsistentContinue(t, resolved.query())))
                .map(result -> {
                    writer.writeList(toList(req, result, resolved.hasSelector()));
                    return null;
                });
    }

    /** The items after the page's first ones, read from storage when the answer asks; null when there are none. */
    private static MoreItems<StoredObject> moreItems(EncodedListPage page) {
        ItemChunks rest = page.rest();
        return rest == ItemChunks.NONE ? null : rest::next;
    }

    /**
     * An item in its stored form as GET answers it: the stored bytes around the resourceVersion the answer adds, as
     * slices of the stored value (not copied), or false where the stored bytes are not the answer's form.
     */
    private static boolean writeStored(StoredObject stored, String kind, String apiVersion, ListEncoder.Slices out) {
        byte[] value = stored.value();
        Optional<StoredJsonAnswer.Insertion> insertion =
                StoredJsonAnswer.insertion(value, stored.modRevision(), kind, apiVersion);
        if (insertion.isEmpty()) {
            return false;
        }
        int at = insertion.get().at();
        byte[] field = insertion.get().field();
        out.slice(value, 0, at);
        out.slice(field, 0, field.length);
        out.slice(value, at, value.length - at);
        return true;
    }

    /**
     * The part of a stored item a Table row reads, presented as the decoded item would be: its fields that
     * {@code reads} names, with the resourceVersion decoding adds. Null (for decoding whole) where decoding would
     * convert the object ({@link InputConversions#forObject}) or the bytes are not a JSON object.
     */
    static ObjectNode rowPart(ResourceRequest req, StoredObject stored, RowReads reads) {
        Optional<ObjectNode> part = reads.read(stored.value());
        if (part.isEmpty() || InputConversions.forObject(part.get()).isPresent()) {
            return null;
        }
        ObjectTrees.meta(part.get()).put("resourceVersion", Long.toString(stored.modRevision()));
        return req.present(part.get());
    }

    /** The 410 for a compacted continue token carries a token that continues at the latest revision. */
    static Throwable withInconsistentContinue(Throwable t, ListQuery query) {
        if (t instanceof ApiException e
                && e.code() == 410
                && GenericStore.INCONSISTENT_CONTINUE_MESSAGE.equals(e.getMessage())
                && query.startKey() != null) {
            return new ApiException(e.status()
                    .withContinue(ContinueToken.encode(ContinueToken.INCONSISTENT_RESOURCE_VERSION, query.startKey())));
        }
        return t;
    }

    /** The {@code <Kind>List} document of a page; {@code items} is never null. */
    public static ObjectNode toList(ResourceRequest req, ListResult result, boolean hasSelector) {
        ObjectNode list = head(req, result.revision(), result.continueKey(), result.remainingItemCount(), hasSelector);
        ArrayNode items = (ArrayNode) list.get("items");
        result.items().forEach(item -> items.add(req.present(item)));
        return list;
    }

    /** The {@code <Kind>List} document without its items: {@code items} is an empty array. */
    static ObjectNode head(
            ResourceRequest req, long revision, String continueKey, Long remainingItemCount, boolean hasSelector) {
        ObjectNode list = JsonNodeFactory.instance.objectNode();
        list.put("kind", req.type().listKind());
        list.put("apiVersion", req.apiVersion());
        ObjectNode meta = list.putObject("metadata");
        meta.put("resourceVersion", Long.toString(revision));
        if (continueKey != null) {
            meta.put("continue", ContinueToken.encode(revision, continueKey));
            if (!hasSelector && remainingItemCount != null) {
                meta.put("remainingItemCount", remainingItemCount);
            }
        }
        list.putArray("items");
        return list;
    }
}

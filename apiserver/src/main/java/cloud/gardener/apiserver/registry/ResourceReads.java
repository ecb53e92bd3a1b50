package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.conversion.InputConversions;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.model.FormChanges;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.selection.FieldSelector;
import cloud.gardener.apiserver.api.selection.SelectableView;
import cloud.gardener.apiserver.storage.ChunkedList;
import cloud.gardener.apiserver.storage.ItemChunks;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.ReadFreshness;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoreReader;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import cloud.gardener.apiserver.storage.cache.AttributeFilter;
import cloud.gardener.apiserver.storage.cache.CachedStorage;
import cloud.gardener.apiserver.storage.cache.ObjectAttributes;
import cloud.gardener.apiserver.storage.cache.WatchCache;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The read side of one resource's store: get, list and watch of its objects as trees, storage failures as API errors.
 * It needs no admission and no strategy, so it exists before the registry: admission lookups read through it
 * ({@link StoreReads}), and {@link GenericStore} serves its reads with it. Everything goes through one
 * {@link StoreReader}, the seam where a watch cache can serve instead of storage.
 */
public final class ResourceReads {

    private final ResourceType type;
    private final ResourceKeys keys;
    private final StoreReader reader;
    /** The watch cache holding every key of the resource, looked up once rather than per read; null when none. */
    private final WatchCache cache;

    private final SelectableView selectable;
    private final ResourceIndexes indexes;
    /** The selectable paths and the indexes' paths: what a watch cache reads of each stored version. */
    private final SelectableView cached;

    public ResourceReads(ResourceType type, ResourceKeys keys, StoreReader reader) {
        this.type = type;
        this.selectable = new SelectableView(type);
        this.indexes = ResourceIndexes.of(type);
        this.cached = indexes.isEmpty() ? selectable : new SelectableView(type, indexes.paths());
        this.keys = keys;
        this.reader = reader;
        this.cache = reader instanceof CachedStorage cs ? cs.cacheOfAll(keys.all()) : null;
    }

    /** The same objects read as another resource (events.k8s.io's events are core/v1's); errors name that one. */
    ResourceReads as(ResourceType other) {
        return new ResourceReads(other, keys, reader);
    }

    /** Whether the reads come from a watch cache, whose copy of an object may lag behind storage. */
    boolean servesFromCache() {
        return reader instanceof CachedStorage;
    }

    /** The object as the cache has it now ({@code resourceVersion=0}: possibly stale), not decoded. */
    Future<StoredObject> getCached(String key) {
        return cache != null ? cache.get(key, ReadFreshness.any()) : reader.get(key, ReadFreshness.any());
    }

    /**
     * {@link #getCached} for a write that names the resourceVersion {@code named} (0: none): when the cache is behind
     * a revision this server wrote, the copy once the cache has seen it ({@link CachedStorage#getForWrite}).
     */
    Future<StoredObject> getCachedForWrite(String key, long named) {
        if (named > 0 && reader instanceof CachedStorage cached) {
            return cache != null
                    ? cache.getForWrite(key, named, CachedStorage.WRITE_WAIT_MILLIS)
                    : cached.getForWrite(key, named);
        }
        return getCached(key);
    }

    /** A write stored {@code written} past the cache: the cache may let the next write that names it wait for it. */
    void noteWritten(StoredObject written) {
        if (cache != null) {
            cache.noteWritten(written.modRevision());
        } else if (reader instanceof CachedStorage cached) {
            cached.noteWritten(written.key(), written.modRevision());
        }
    }

    public ResourceType type() {
        return type;
    }

    /** Where the objects live. */
    public ResourceKeys keys() {
        return keys;
    }

    private GroupResource gr() {
        return type.groupResource();
    }

    /**
     * The stored object as a tree, with its resourceVersion, converted as Go converts what it reads from storage
     * ({@link InputConversions}: an older server's stored {@code stringData} is read as {@code data}).
     */
    public ObjectNode decode(StoredObject stored) {
        FormChanges.count(FormChanges.Change.BYTES_TO_TREE);
        JsonNode node = Json.readTree(stored.value());
        if (!(node instanceof ObjectNode obj)) {
            throw ApiException.internal("stored value of " + stored.key() + " is not an object");
        }
        InputConversions.forObject(obj).ifPresent(c -> c.apply(obj));
        ObjectTrees.meta(obj).put("resourceVersion", Long.toString(stored.modRevision()));
        return obj;
    }

    /** {@link #decode}, off the event loop for a large value. */
    Future<ObjectNode> decodeOffLoop(StoredObject stored) {
        return CpuWork.run(stored.value().length, () -> decode(stored));
    }

    public Future<ObjectNode> get(String namespace, String name) {
        return getStored(namespace, name).compose(this::decodeOffLoop);
    }

    /** The object as stored (bytes and revisions), not decoded; a missing one is the API's NotFound. */
    private Future<StoredObject> getStored(String namespace, String name) {
        return reader.get(keys.object(namespace, name))
                .recover(t -> Future.failedFuture(StorageErrors.toApi(t, gr(), name, "get")));
    }

    /**
     * A get as fresh as asked: {@code resourceVersion} unset is Consistent, "0" Any (a watch cache's state as it
     * is), another value NotOlderThan (a revision from the future is 504 Too large resource version).
     */
    public Future<ObjectNode> get(String namespace, String name, ReadFreshness freshness) {
        return getStored(namespace, name, freshness).compose(this::decodeOffLoop);
    }

    /** {@link #get(String, String, ReadFreshness)} without decoding: the stored bytes, for answers made from them. */
    public Future<StoredObject> getStored(String namespace, String name, ReadFreshness freshness) {
        String key = keys.object(namespace, name);
        Future<StoredObject> read = cache != null ? cache.get(key, freshness) : reader.get(key, freshness);
        // a read already answered (a watch cache's copy) passes as it is: recover would wrap it in a new future
        return read.succeeded()
                ? read
                : read.recover(t -> Future.failedFuture(
                        t instanceof StorageException e
                                        && e.reason() == StorageException.Reason.TOO_LARGE_RESOURCE_VERSION
                                ? ApiException.tooLargeResourceVersion(freshness.revision(), e.revision())
                                : StorageErrors.toApi(t, gr(), name, "get")));
    }

    /**
     * What selectors look at in a stored object: its labels and selectable fields (only the selectable paths are
     * read, never the whole object; a watch cache reads them once per stored version, {@link #cachedAttributes}, so
     * that lists with selectors decode nothing).
     */
    public ObjectAttributes attributes(StoredObject stored) {
        ObjectNode obj = selectable.read(stored.value());
        return new ObjectAttributes(ObjectTrees.labels(obj), FieldSelector.fieldsOf(obj, type));
    }

    /**
     * {@link #attributes} and the terms the resource's indexes file the object under ({@link ResourceIndexes}), from
     * one read of its value: what a watch cache reads of each stored version (off its event loop when large).
     */
    public ObjectAttributes cachedAttributes(StoredObject stored) {
        ObjectNode obj = cached.read(stored.value());
        return new ObjectAttributes(ObjectTrees.labels(obj), FieldSelector.fieldsOf(obj, type), indexes.terms(obj));
    }

    /** The selectable fields a watch cache keeps an index of: every one but the name (keys order by name). */
    public static Set<String> indexedFields(ResourceType type) {
        Set<String> fields = new LinkedHashSet<>(FieldSelector.supportedFields(type));
        fields.remove(FieldSelector.METADATA_NAME);
        return fields;
    }

    /** The revision the store has reached (a quorum read): a list's resourceVersion when it read nothing itself. */
    public Future<Long> currentRevision() {
        return reader.currentRevision();
    }

    /**
     * Watches a collection (one namespace, or all when {@code namespace} is empty) from after {@code afterRevision}
     * (0: from now on). Events carry stored objects; {@link #decode} makes them trees. The listener hears on the
     * store's thread and hops to its own context itself.
     */
    public WatchSubscription watch(String namespace, long afterRevision, WatchListener listener) {
        return reader.watch(keys.collection(namespace), afterRevision, listener);
    }

    public Future<ListResult> list(String namespace, ListQuery query) {
        String prefix = keys.collection(namespace);
        return readPage(prefix, query)
                .compose(page -> CpuWork.run(pageBytes(page), () -> toListResult(page, prefix)))
                .recover(t -> Future.failedFuture(listError(t, query)));
    }

    /** {@link #list}, its items left as stored: for a response that decodes and writes them one at a time. */
    public Future<EncodedListPage> listEncoded(String namespace, ListQuery query) {
        String prefix = keys.collection(namespace);
        return readPage(prefix, query)
                .map(page -> encoded(ChunkedList.whole(page), prefix, query))
                .recover(t -> Future.failedFuture(listError(t, query)));
    }

    /**
     * {@link #listEncoded}, read from storage in chunks where the store can (an unlimited list on etcd): the page's
     * first items, and the rest read a chunk at a time when the answer asks for them, so the list is never in memory
     * whole.
     */
    public Future<EncodedListPage> listStreamed(String namespace, ListQuery query) {
        String prefix = keys.collection(namespace);
        return read(prefix, query, StoreReader::listChunked)
                .map(chunked -> encoded(chunked, prefix, query))
                .recover(t -> Future.failedFuture(listError(t, query)));
    }

    private EncodedListPage encoded(ChunkedList chunked, String prefix, ListQuery query) {
        ListPage page = chunked.first();
        ItemChunks rest = chunked.rest();
        return new EncodedListPage(
                page.items(),
                page.revision(),
                relativeNextKey(page, prefix),
                page.remainingItemCount(),
                rest == ItemChunks.NONE
                        ? rest
                        : () -> rest.next().recover(t -> Future.failedFuture(listError(t, query))));
    }

    /** One page as fresh as the query asks (see {@link #list}), read through the watch cache where there is one. */
    private Future<ListPage> readPage(String prefix, ListQuery query) {
        return read(prefix, query, StoreReader::list);
    }

    /** How a list is read: whole ({@link StoreReader#list}) or in chunks ({@link StoreReader#listChunked}). */
    @FunctionalInterface
    private interface ListRead<T> {
        Future<T> read(StoreReader reader, ListRequest request, ReadFreshness freshness);
    }

    /** A read of the query's range as fresh as it asks, by {@code read}. */
    private <T> Future<T> read(String prefix, ListQuery query, ListRead<T> read) {
        String start = query.startKey() == null ? null : prefix + query.startKey();
        ReadFreshness freshness;
        if (query.exact() && query.revision() > 0) {
            freshness = ReadFreshness.exact(query.revision());
        } else if (query.revision() > 0) {
            freshness = ReadFreshness.notOlderThan(query.revision());
        } else {
            freshness = query.anyState() ? ReadFreshness.any() : ReadFreshness.consistent();
        }
        try {
            return read.read(reader, new ListRequest(prefix, 0, query.limit(), start, storeFilter(query)), freshness);
        } catch (RuntimeException e) {
            return Future.failedFuture(e);
        }
    }

    private static String relativeNextKey(ListPage page, String prefix) {
        return page.nextKey() == null ? null : page.nextKey().substring(prefix.length());
    }

    /**
     * The query's selectors as the store tests them: on attributes (which a watch cache keeps, with an index on
     * a pinned field) when the query says what they are, else on each decoded object.
     */
    private Predicate<StoredObject> storeFilter(ListQuery query) {
        if (query.filter() == null) {
            return null;
        }
        ListSelection selection = query.selection();
        if (selection == null) {
            return so -> query.filter().test(decode(so));
        }
        AttributeFilter filter = AttributeFilter.of(this::attributes, selection::matches);
        return selection
                .indexTerm(type, indexedFields(type))
                .map(term -> filter.indexedBy(term[0], term[1]))
                .orElse(filter);
    }

    private static long pageBytes(ListPage page) {
        long bytes = 0;
        for (StoredObject so : page.items()) {
            bytes += so.value().length;
        }
        return bytes;
    }

    private ListResult toListResult(ListPage page, String prefix) {
        List<ObjectNode> items = new ArrayList<>(page.items().size());
        page.items().forEach(so -> items.add(decode(so)));
        return new ListResult(items, page.revision(), relativeNextKey(page, prefix), page.remainingItemCount());
    }

    private Throwable listError(Throwable t, ListQuery query) {
        if (t instanceof StorageException e) {
            if (e.reason() == StorageException.Reason.COMPACTED) {
                return query.fromContinue() && query.startKey() != null
                        ? ApiException.expired(GenericStore.INCONSISTENT_CONTINUE_MESSAGE)
                        : ApiException.expired("The resourceVersion for the provided list is too old.");
            }
            if (e.reason() == StorageException.Reason.TOO_LARGE_RESOURCE_VERSION) {
                return ApiException.tooLargeResourceVersion(query.revision(), e.revision());
            }
        }
        return StorageErrors.toApi(t, gr(), "", "list");
    }
}

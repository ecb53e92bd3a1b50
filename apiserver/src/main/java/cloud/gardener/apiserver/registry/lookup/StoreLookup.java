package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.admission.ObjectIndex;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.registry.ListQuery;
import cloud.gardener.apiserver.registry.MetadataValidation;
import cloud.gardener.apiserver.registry.ResourceReads;
import cloud.gardener.apiserver.registry.StoreReads;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The admission plugins' view of the server's objects: the {@link ObjectCache} first; on a miss a short wait, the
 * cache again, then a live read, as Gardener's "lister, wait, lister, client" lookups do. Resources the cache does
 * not hold ({@link AdmissionCacheScope}) are read from storage straight away. In cluster mode namespaces, secrets
 * and config maps come the same way from the virtual garden ({@link RemoteCoreObjects}). It reads through the
 * {@link StoreReads}, which exist before the registry, so the admission chain can hold it without a late binding.
 */
public final class StoreLookup implements ObjectLookup {

    static final long MISS_WAIT_MS = 50;

    private final Vertx vertx;
    private final StoreReads reads;
    private final ObjectCache cache;
    private final RemoteCoreObjects remote;
    private final DecodedRecords records = new DecodedRecords();
    private final DerivedValues derived = new DerivedValues();

    /** @param remote in cluster mode the virtual garden's core objects, else null */
    public StoreLookup(Vertx vertx, StoreReads reads, ObjectCache cache, RemoteCoreObjects remote) {
        this.vertx = vertx;
        this.reads = reads;
        this.cache = cache;
        this.remote = remote;
    }

    private Optional<RemoteInformer> remote(GroupResource resource) {
        return remote == null ? Optional.empty() : remote.informer(resource);
    }

    private ResourceReads store(GroupResource resource) {
        return reads.of(resource.group(), resource.resource())
                .orElseThrow(() -> ApiException.internal("admission looked up an unknown resource " + resource));
    }

    @Override
    public Future<Optional<ObjectNode>> get(GroupResource resource, String namespace, String name) {
        if (!MetadataValidation.isPossibleName(name)) {
            // no object carries it; an empty name would even read the whole collection from a remote server
            return Future.succeededFuture(Optional.empty());
        }
        Optional<RemoteInformer> informer = remote(resource);
        if (informer.isPresent()) {
            return get(informer.get(), namespace, name);
        }
        ResourceReads store = store(resource);
        String key = store.keys().object(namespace, name);
        if (!cache.holds(key)) {
            return live(store, namespace, name);
        }
        return cache.get(key)
                .compose(hit -> hit != null
                        ? Future.succeededFuture(Optional.of(hit))
                        : vertx.timer(MISS_WAIT_MS)
                                .compose(v -> cache.get(key))
                                .compose(late -> late != null
                                        ? Future.succeededFuture(Optional.of(late))
                                        : live(store, namespace, name)));
    }

    /** Decoded once per shared tree (see {@link DecodedRecords}): the typed gets and lists decode through it. */
    @Override
    public <T> T decode(ObjectNode tree, Class<T> type) {
        return records.decode(tree, type);
    }

    /** Kept while the list holds the same records (see {@link DerivedValues}). */
    @Override
    public <T, R> Future<R> derived(
            Class<T> type, GroupResource resource, String namespace, Function<List<T>, R> derive) {
        return list(type, resource, namespace)
                .map(items -> derived.of(new DerivedValues.Key(derive, resource, namespace), items, derive));
    }

    /** A read of storage (or in cluster mode of the virtual garden), the cache not asked. */
    @Override
    public Future<Optional<ObjectNode>> getLive(GroupResource resource, String namespace, String name) {
        if (!MetadataValidation.isPossibleName(name)) {
            return Future.succeededFuture(Optional.empty());
        }
        Optional<RemoteInformer> informer = remote(resource);
        if (informer.isPresent()) {
            return informer.get().read(namespace, name);
        }
        return live(store(resource), namespace, name);
    }

    private static Future<Optional<ObjectNode>> live(ResourceReads store, String namespace, String name) {
        return store.get(namespace, name)
                .map(Optional::of)
                .recover(t -> t instanceof ApiException e && e.code() == 404
                        ? Future.succeededFuture(Optional.empty())
                        : Future.failedFuture(t));
    }

    private Future<Optional<ObjectNode>> get(RemoteInformer informer, String namespace, String name) {
        ObjectNode hit = informer.get(namespace, name);
        if (hit != null) {
            return Future.succeededFuture(Optional.of(hit));
        }
        return vertx.timer(MISS_WAIT_MS).compose(v -> {
            ObjectNode late = informer.get(namespace, name);
            if (late != null) {
                return Future.succeededFuture(Optional.of(late));
            }
            return informer.read(namespace, name);
        });
    }

    @Override
    public Future<List<ObjectNode>> list(GroupResource resource, String namespace) {
        Optional<RemoteInformer> informer = remote(resource);
        if (informer.isPresent()) {
            return Future.succeededFuture(informer.get().list(namespace));
        }
        if (reads.of(resource.group(), resource.resource()).isEmpty()
                && !resource.group().isEmpty()
                && !resource.group().endsWith(".gardener.cloud")) {
            // a kube-apiserver resource this standalone server neither serves nor mirrors: there are none
            return Future.succeededFuture(List.of());
        }
        String collection = store(resource).keys().collection(namespace);
        if (!cache.holds(collection)) {
            return listLive(resource, namespace);
        }
        return cache.list(collection);
    }

    @Override
    public Future<List<ObjectNode>> candidates(GroupResource resource, ObjectIndex index, String value) {
        if (remote(resource).isEmpty()
                && reads.of(resource.group(), resource.resource()).isPresent()) {
            Future<List<ObjectNode>> indexed =
                    cache.candidates(store(resource).keys().all(), index, value);
            if (indexed != null) {
                return indexed;
            }
        }
        return ObjectLookup.super.candidates(resource, index, value);
    }

    @Override
    public Future<List<ObjectNode>> candidates(
            GroupResource resource, String namespace, ObjectIndex index, String value) {
        if (remote(resource).isEmpty()
                && reads.of(resource.group(), resource.resource()).isPresent()) {
            Future<List<ObjectNode>> indexed =
                    cache.candidates(store(resource).keys().collection(namespace), index, value);
            if (indexed != null) {
                return indexed;
            }
        }
        return ObjectLookup.super.candidates(resource, namespace, index, value);
    }

    @Override
    public Future<List<ObjectNode>> listLive(GroupResource resource, String namespace) {
        Optional<RemoteInformer> informer = remote(resource);
        if (informer.isPresent()) {
            return informer.get().readAll(namespace);
        }
        return store(resource).list(namespace, ListQuery.all()).map(result -> List.copyOf(result.items()));
    }

    /**
     * The cache's answer where it follows the collection through a watch cache ({@link ObjectCache#caughtUp}); true
     * where {@link #list} reads storage anyway; false for the virtual garden's objects in cluster mode (its informers
     * lag as any), whose live reads are then the consistent ones.
     */
    @Override
    public Future<Boolean> caughtUp(GroupResource resource, String namespace) {
        if (remote(resource).isPresent()) {
            return Future.succeededFuture(false);
        }
        Optional<ResourceReads> store = reads.of(resource.group(), resource.resource());
        if (store.isEmpty()) {
            return Future.succeededFuture(true);
        }
        String collection = store.get().keys().collection(namespace);
        return cache.holds(collection) ? cache.caughtUp(collection) : Future.succeededFuture(true);
    }

    @Override
    public boolean ready() {
        return cache.synced() && (remote == null || remote.synced());
    }
}

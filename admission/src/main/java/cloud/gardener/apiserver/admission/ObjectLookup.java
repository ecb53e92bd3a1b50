package cloud.gardener.apiserver.admission;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Read-only access to the objects other than the one being admitted, as Gardener's plugins use their
 * listers: reads come from a cache that follows storage; a miss waits briefly, asks the cache again and
 * then reads storage live, so an object created a moment ago is found. The trees handed out are shared:
 * a plugin never changes them (decode them to records with the typed methods).
 */
public interface ObjectLookup {

    /** The object, or empty when it does not exist. */
    Future<Optional<ObjectNode>> get(GroupResource resource, String namespace, String name);

    /**
     * The objects of a resource in one namespace, or in all namespaces when {@code namespace} is empty. A list may
     * hand out compact views (Shoots: metadata, spec and the status fields admission's scans read); {@link #get}
     * hands out whole objects.
     */
    Future<List<ObjectNode>> list(GroupResource resource, String namespace);

    /** Like {@link #list} but read from storage, for checks that must not race (Gardener's live lists). */
    Future<List<ObjectNode>> listLive(GroupResource resource, String namespace);

    /**
     * Like {@link #get} but read from storage whatever the cache holds, for a check that failed on the cached copy and
     * must not fail on a stale one (Gardener's "lister, then client" lookups). This one filters {@link #listLive}.
     */
    default Future<Optional<ObjectNode>> getLive(GroupResource resource, String namespace, String name) {
        return listLive(resource, namespace)
                .map(items -> items.stream()
                        .filter(o -> name.equals(o.path("metadata").path("name").asText()))
                        .findFirst());
    }

    /**
     * The objects of a resource in all namespaces that {@code index} files under the query terms of {@code value}, in
     * the order of {@link #list}: a superset of those a check of {@code value} is about, read like {@link #list}
     * (views, as current as the cache); the check tests each as in a scan of all. Without an index, a list filtered.
     */
    default Future<List<ObjectNode>> candidates(GroupResource resource, ObjectIndex index, String value) {
        return list(resource, "").map(all -> filed(all, index, value));
    }

    /**
     * {@link #candidates(GroupResource, ObjectIndex, String)} of one namespace (all when {@code namespace} is empty),
     * in the order of {@link #list} of it: a superset of the objects of the namespace a check of {@code value} is
     * about. Without an index, a list of the namespace filtered.
     */
    default Future<List<ObjectNode>> candidates(
            GroupResource resource, String namespace, ObjectIndex index, String value) {
        return list(resource, namespace).map(all -> filed(all, index, value));
    }

    /** The objects {@code index} files under the query terms of {@code value}, in their order. */
    static List<ObjectNode> filed(List<ObjectNode> objects, ObjectIndex index, String value) {
        Set<String> wanted = index.queryTerms(value);
        return objects.stream()
                .filter(o -> !Collections.disjoint(index.terms(o), wanted))
                .toList();
    }

    /**
     * Completes with true once {@link #list} and {@link #candidates} of the resource in the namespace (all when
     * empty) include every write completed before the call; false when this lookup cannot tell or did not get there in
     * time, and the live reads are the ones to use. By default false.
     */
    default Future<Boolean> caughtUp(GroupResource resource, String namespace) {
        return Future.succeededFuture(false);
    }

    /**
     * Reads that see every write completed before they began, for checks that must not miss an object created a
     * moment ago (a binding, a Seed or a Kubernetes version still in use): the cached reads once {@link #caughtUp},
     * else the live ones. Gardener's plugins read their informers there, which lag the store by the watch's delay.
     */
    default ObjectLookup consistent() {
        return new ConsistentLookup(this);
    }

    /** Whether the caches have been filled once; plugins answer "not yet ready" before. */
    boolean ready();

    /** {@link #get} decoded into a record of the typed model, as {@link #decode} decodes it. */
    default <T> Future<Optional<T>> get(Class<T> type, GroupResource resource, String namespace, String name) {
        return get(resource, namespace, name).map(found -> found.map(tree -> decode(tree, type)));
    }

    /**
     * A tree this lookup handed out, decoded into a record of the typed model (the typed gets and lists decode through
     * it): a lookup that keeps records per shared tree answers the next decode of the same tree (the same object at the
     * same revision) with the same record.
     */
    default <T> T decode(ObjectNode tree, Class<T> type) {
        return ModelCodec.decode(tree, type).value();
    }

    /** {@link #list} decoded into records of the typed model, each as {@link #decode} decodes it. */
    default <T> Future<List<T>> list(Class<T> type, GroupResource resource, String namespace) {
        return list(resource, namespace)
                .map(items -> items.stream().map(tree -> decode(tree, type)).toList());
    }

    /**
     * {@code derive} applied to {@link #list(Class, GroupResource, String)}'s records: for a value every request builds
     * from objects that rarely change (the registered extensions of the ControllerRegistrations). A lookup that keeps
     * records per shared tree keeps the last value per {@code derive} (the same function object), resource and
     * namespace, and answers with it while the list holds the very same records; this one derives each time.
     */
    default <T, R> Future<R> derived(
            Class<T> type, GroupResource resource, String namespace, Function<List<T>, R> derive) {
        return list(type, resource, namespace).map(derive);
    }

    /** A lookup that finds nothing and is always ready: for plugins tested without other objects. */
    static ObjectLookup empty() {
        return new ObjectLookup() {
            @Override
            public Future<Optional<ObjectNode>> get(GroupResource resource, String namespace, String name) {
                return Future.succeededFuture(Optional.empty());
            }

            @Override
            public Future<List<ObjectNode>> list(GroupResource resource, String namespace) {
                return Future.succeededFuture(List.of());
            }

            @Override
            public Future<List<ObjectNode>> listLive(GroupResource resource, String namespace) {
                return Future.succeededFuture(List.of());
            }

            @Override
            public boolean ready() {
                return true;
            }
        };
    }
}

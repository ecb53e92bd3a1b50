package cloud.gardener.apiserver.registry.gc;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.selection.SelectableView;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.registry.DeleteRequest;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.StoreWatch;
import cloud.gardener.apiserver.registry.WorkQueue;
import cloud.gardener.apiserver.registry.WriteContext;
import cloud.gardener.apiserver.registry.events.CoreEventRecorder;
import cloud.gardener.apiserver.registry.events.EventRecorder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Standalone mode's stand-in for kube-controller-manager's garbage collector ({@code pkg/controller/garbagecollector}):
 * every served kind but events is watched into a {@link DependencyGraph}, and
 * <ul>
 * <li>an object whose owners are all gone (none of that name, or one with another uid) is deleted, in the background
 * unless its own finalizers ask for more; one that still has an owner loses its references to the absent ones;</li>
 * <li>an owner deleted in the foreground ({@code foregroundDeletion} finalizer) has its dependents deleted, and the
 * finalizer is removed once no dependent with {@code blockOwnerDeletion} is left;</li>
 * <li>an owner deleted with {@code orphan} has its reference removed from its dependents, then the finalizer.</li>
 * </ul>
 * Owners are looked up as upstream does: a namespaced owner in the dependent's namespace, a cluster-scoped one
 * without; a cluster-scoped object naming a namespaced owner, or an owner of a kind not served here, is never
 * collected. Every decision is made on a fresh read of the objects, so a pass is idempotent, and the first list
 * after a start looks at every object with owners or a pending deletion: a restart carries on where it stopped.
 * As upstream, the only event recorded is the warning {@code OwnerRefInvalidNamespace} on a dependent that names
 * an owner of another namespace.
 */
public final class GarbageCollector {

    private static final Logger LOG = LoggerFactory.getLogger(GarbageCollector.class);
    static final UserInfo USER = new UserInfo(
            "system:serviceaccount:kube-system:generic-garbage-collector",
            "",
            List.of("system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"),
            Map.of());
    private static final WriteContext WRITE = new WriteContext(USER, false, "kube-controller-manager");
    /** Upstream's workers (ConcurrentGCSyncs) are 20; a few suffice for one server's objects. */
    private static final int WORKERS = 4;
    /**
     * What the graph is made of (upstream's collector watches metadata only): the rest of an object is never decoded,
     * a ShootState's hundreds of KiB included; the work reads the object itself when it acts.
     */
    private static final SelectableView METADATA = SelectableView.of(List.of(
            "apiVersion",
            "kind",
            "metadata.name",
            "metadata.namespace",
            "metadata.uid",
            "metadata.ownerReferences",
            "metadata.deletionTimestamp",
            "metadata.finalizers"));

    private final Vertx vertx;
    private final Registry registry;
    private final DependencyGraph graph = new DependencyGraph();
    private final Map<String, GenericStore> byGroupKind = new HashMap<>();
    private final List<StoreWatch> watches = new ArrayList<>();
    /** Where upstream's one event goes (OwnerRefInvalidNamespace); null without core/v1 events. */
    private final CoreEventRecorder events;

    private WorkQueue<Work> queue;

    /** One step: look at an object as a dependent (and an owner deleted in the foreground), or orphan its dependents. */
    private record Work(ObjectId id, boolean orphan) {}

    public GarbageCollector(Vertx vertx, Registry registry) {
        this.vertx = vertx;
        this.registry = registry;
        this.events = registry.store("", "events")
                .map(store -> new CoreEventRecorder(store, "garbage-collector-controller", WRITE, Clock.systemUTC()))
                .orElse(null);
    }

    /** Starts watching every store; the work runs on {@code context}'s thread. */
    public void start() {
        Context context = vertx.getOrCreateContext();
        queue = new WorkQueue<>(vertx, context, "garbage collector", WORKERS, this::process);
        for (GenericStore store : registry.all()) {
            ResourceType type = store.type();
            byGroupKind.put(type.group() + "/" + type.kind(), store);
            // as upstream's ignoredResources: events own nothing and are never owned
            if (type.group().isEmpty() && "events".equals(type.plural())) {
                continue;
            }
            StoreWatch watch = new StoreWatch(vertx, store, METADATA, new Changes(store));
            watches.add(watch);
            watch.start(context);
        }
    }

    public void stop() {
        watches.forEach(StoreWatch::stop);
        if (queue != null) {
            queue.stop();
        }
    }

    // ------------------------------------------------------------------------------------------ graph changes

    /** One store's changes into the graph, and the work they make. */
    private final class Changes implements StoreWatch.Handler {

        private final GenericStore store;

        Changes(GenericStore store) {
            this.store = store;
        }

        @Override
        public void listed(List<ObjectNode> objects) {
            Set<String> listed = new HashSet<>();
            for (ObjectNode object : objects) {
                listed.add(ObjectTrees.uid(object));
                observed(Node.of(store, object));
            }
            for (Node gone : graph.nodesOf(store)) {
                if (!listed.contains(gone.id().uid())) {
                    removed(gone);
                }
            }
        }

        @Override
        public void changed(ObjectNode object, ObjectNode previous) {
            observed(Node.of(store, object));
        }

        @Override
        public void deleted(ObjectNode last) {
            Node node = graph.get(ObjectTrees.uid(last));
            removed(node != null ? node : Node.of(store, last));
        }
    }

    private void observed(Node node) {
        Node old = graph.put(node);
        reportInvalidNamespaceOwners(old, node);
        if (node.orphaning() && (old == null || !old.orphaning())) {
            queue.add(new Work(node.id(), true));
        }
        if (node.deletingDependents() && (old == null || !old.deletingDependents())) {
            for (Node dependent : graph.dependents(node.id().uid())) {
                queue.add(new Work(dependent.id(), false));
            }
            queue.add(new Work(node.id(), false));
        }
        List<OwnerReference> before = old == null ? List.of() : old.owners();
        for (OwnerReference ref : before) {
            // a blocking reference removed or made non-blocking may be what a foreground deletion waits for
            if (ref.blockOwnerDeletion() && !node.blocks(ref.uid())) {
                Node owner = graph.get(ref.uid());
                if (owner != null) {
                    queue.add(new Work(owner.id(), false));
                }
            }
        }
        if (!node.owners().isEmpty() && !before.equals(node.owners())) {
            // new or changed references: whether the owners exist is checked against storage
            queue.add(new Work(node.id(), false));
        }
    }

    /**
     * Upstream's only event: a dependent naming a namespaced owner that was seen in another namespace (the
     * reference is looked up in the dependent's own namespace, where that owner is not), reported when the
     * reference or the owner is first seen.
     */
    private void reportInvalidNamespaceOwners(Node old, Node node) {
        if (events == null) {
            return;
        }
        for (OwnerReference ref : node.owners()) {
            Node owner = graph.get(ref.uid());
            if ((old == null || old.owner(ref.uid()) == null) && owner != null && inOtherNamespace(owner, node)) {
                reportInvalidNamespace(node, ref);
            }
        }
        if (old == null && !node.id().namespace().isEmpty()) {
            for (Node dependent : graph.dependents(node.id().uid())) {
                if (inOtherNamespace(node, dependent)) {
                    reportInvalidNamespace(dependent, dependent.owner(node.id().uid()));
                }
            }
        }
    }

    private static boolean inOtherNamespace(Node owner, Node dependent) {
        return !owner.id().namespace().isEmpty()
                && !owner.id().namespace().equals(dependent.id().namespace());
    }

    private void reportInvalidNamespace(Node dependent, OwnerReference ref) {
        ObjectId id = dependent.id();
        ResourceType type = id.store().type();
        ObjectNode involved = JsonNodeFactory.instance.objectNode();
        involved.put("kind", type.kind());
        if (!id.namespace().isEmpty()) {
            involved.put("namespace", id.namespace());
        }
        involved.put("name", id.name()).put("uid", id.uid()).put("apiVersion", type.apiVersion(type.storageVersion()));
        // Go's %q of a namespace name (a DNS label) is the name in double quotes
        String message = "ownerRef [" + ref.apiVersion() + "/" + ref.kind() + ", namespace: " + id.namespace()
                + ", name: " + ref.name() + ", uid: " + ref.uid() + "] does not exist in namespace \""
                + id.namespace() + "\"";
        LOG.info("{}: {}", id, message);
        events.record(involved, EventRecorder.WARNING, "OwnerRefInvalidNamespace", message)
                .onFailure(t -> LOG.debug("event about {} not recorded: {}", id, t.getMessage()));
    }

    private void removed(Node node) {
        graph.remove(node.id().uid());
        for (Node dependent : graph.dependents(node.id().uid())) {
            queue.add(new Work(dependent.id(), false));
        }
        for (OwnerReference ref : node.owners()) {
            Node owner = graph.get(ref.uid());
            if (owner != null && owner.deletingDependents()) {
                // the owner may have waited for this dependent
                queue.add(new Work(owner.id(), false));
            }
        }
    }

    // ------------------------------------------------------------------------------------------ work

    private Future<Void> process(Work work) {
        ObjectId id = work.id();
        return latest(id).compose(latest -> {
            if (latest == null) {
                return Future.succeededFuture();
            }
            return work.orphan() ? orphanDependents(id, latest) : attemptToDelete(id, latest);
        });
    }

    /** The object as stored now, or null when it is gone or another object of that name took its place. */
    private static Future<ObjectNode> latest(ObjectId id) {
        return id.store()
                .get(id.namespace(), id.name())
                .map(latest -> ObjectTrees.uid(latest).equals(id.uid()) ? latest : null)
                .recover(t -> notFound(t) ? Future.succeededFuture(null) : Future.failedFuture(t));
    }

    private Future<Void> attemptToDelete(ObjectId id, ObjectNode latest) {
        if (ObjectTrees.isDeleting(latest)) {
            // being deleted is a one-way trip: only a foreground deletion needs the collector
            return ObjectTrees.finalizers(latest).contains(Node.FOREGROUND)
                    ? processDeletingDependents(id)
                    : Future.succeededFuture();
        }
        List<OwnerReference> owners = OwnerReference.of(latest);
        if (owners.isEmpty()) {
            return Future.succeededFuture();
        }
        return classify(id, owners).compose(refs -> {
            if (refs == null) {
                return Future.succeededFuture();
            }
            if (!refs.solid().isEmpty()) {
                Set<String> drop = new HashSet<>();
                refs.dangling().forEach(r -> drop.add(r.uid()));
                refs.waiting().forEach(r -> drop.add(r.uid()));
                if (drop.isEmpty()) {
                    return Future.succeededFuture();
                }
                // a reference to an owner waiting for its dependents would keep it waiting forever
                LOG.info("removing references to absent or foreground-deleted owners {} from {}", drop, id);
                return updateOwnerReferences(
                        id, ref -> drop.contains(ref.path("uid").asText()), false);
            }
            if (!refs.waiting().isEmpty() && !graph.dependents(id.uid()).isEmpty()) {
                // it has dependents itself: deleted in the foreground too, so that the owner waits for the whole tree
                boolean cycle = graph.dependents(id.uid()).stream().anyMatch(Node::deletingDependents);
                Future<Void> unblocked = cycle
                        ? updateOwnerReferences(
                                id, ref -> ref.path("blockOwnerDeletion").asBoolean(false), true)
                        : Future.succeededFuture();
                return unblocked.compose(v -> deleteObject(id, latest, "Foreground"));
            }
            List<String> finalizers = ObjectTrees.finalizers(latest);
            String policy = finalizers.contains(Node.ORPHAN)
                    ? "Orphan"
                    : finalizers.contains(Node.FOREGROUND) ? "Foreground" : "Background";
            return deleteObject(id, latest, policy);
        });
    }

    /** An owner's references sorted as upstream's {@code classifyReferences}. */
    private record Classified(
            List<OwnerReference> solid, List<OwnerReference> dangling, List<OwnerReference> waiting) {}

    /** The references classified, or null when one can never be resolved (the object is then left alone). */
    private Future<Classified> classify(ObjectId id, List<OwnerReference> owners) {
        Classified refs = new Classified(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        Future<Boolean> chain = Future.succeededFuture(true);
        for (OwnerReference ref : owners) {
            chain = chain.compose(resolvable -> {
                if (!resolvable) {
                    return Future.succeededFuture(false);
                }
                GenericStore store = byGroupKind.get(ref.group() + "/" + ref.kind());
                if (store == null || !store.type().servesVersion(ref.version())) {
                    // upstream's restmapper fails, and retries until the kind is served
                    return Future.failedFuture("the owner " + ref.apiVersion() + "/" + ref.kind() + " of " + id
                            + " is not a kind this server serves");
                }
                boolean namespaced = store.type().namespaced();
                if (namespaced && id.namespace().isEmpty()) {
                    LOG.info(
                            "{} is cluster-scoped but refers to a namespaced owner {} {}: never collected",
                            id,
                            ref.kind(),
                            ref.name());
                    return Future.succeededFuture(false);
                }
                return store.get(namespaced ? id.namespace() : "", ref.name())
                        .map(owner -> {
                            if (!ObjectTrees.uid(owner).equals(ref.uid())) {
                                refs.dangling().add(ref);
                            } else if (ObjectTrees.isDeleting(owner)
                                    && ObjectTrees.finalizers(owner).contains(Node.FOREGROUND)) {
                                refs.waiting().add(ref);
                            } else {
                                refs.solid().add(ref);
                            }
                            return true;
                        })
                        .recover(t -> {
                            if (notFound(t)) {
                                refs.dangling().add(ref);
                                return Future.succeededFuture(true);
                            }
                            return Future.failedFuture(t);
                        });
            });
        }
        return chain.map(resolvable -> resolvable ? refs : null);
    }

    /** An owner deleted in the foreground: its finalizer goes once no blocking dependent is left. */
    private Future<Void> processDeletingDependents(ObjectId id) {
        List<Node> blocking = graph.dependents(id.uid()).stream()
                .filter(d -> d.blocks(id.uid()))
                .toList();
        if (blocking.isEmpty()) {
            LOG.info("removing the {} finalizer of {}: no dependent blocks it", Node.FOREGROUND, id);
            return removeFinalizer(id, Node.FOREGROUND);
        }
        for (Node dependent : blocking) {
            if (!dependent.deletingDependents()) {
                queue.add(new Work(dependent.id(), false));
            }
        }
        return Future.succeededFuture();
    }

    /** An owner deleted with {@code orphan}: its dependents forget it, then the finalizer goes. */
    private Future<Void> orphanDependents(ObjectId id, ObjectNode latest) {
        if (!ObjectTrees.isDeleting(latest) || !ObjectTrees.finalizers(latest).contains(Node.ORPHAN)) {
            return Future.succeededFuture();
        }
        List<Future<Void>> orphaned = new ArrayList<>();
        for (Node dependent : graph.dependents(id.uid())) {
            orphaned.add(updateOwnerReferences(
                    dependent.id(), ref -> id.uid().equals(ref.path("uid").asText()), false));
        }
        return Future.all(orphaned).compose(all -> {
            LOG.info("orphaned {} dependents of {}; removing its {} finalizer", orphaned.size(), id, Node.ORPHAN);
            return removeFinalizer(id, Node.ORPHAN);
        });
    }

    // ------------------------------------------------------------------------------------------ writes

    /**
     * Deletes a dependent with the uid and resourceVersion it was judged at as preconditions; when only the
     * resourceVersion moved on and its owners did not change, once more with the uid alone (upstream's
     * {@code deleteObject}).
     */
    private Future<Void> deleteObject(ObjectId id, ObjectNode latest, String policy) {
        LOG.info("deleting {} (propagationPolicy {}): its owners are gone or deleted in the foreground", id, policy);
        GenericStore store = id.store();
        DeleteRequest exact = new DeleteRequest(id.uid(), ObjectTrees.resourceVersion(latest), policy);
        return store.delete(id.namespace(), id.name(), exact, WRITE)
                .<Void>mapEmpty()
                .recover(t -> {
                    if (notFound(t)) {
                        return Future.succeededFuture();
                    }
                    if (!(t instanceof ApiException e && e.code() == 409)) {
                        return Future.failedFuture(t);
                    }
                    return latest(id).compose(now -> {
                        if (now == null) {
                            return Future.succeededFuture();
                        }
                        if (!ObjectTrees.sameJson(
                                now.path("metadata").path("ownerReferences"),
                                latest.path("metadata").path("ownerReferences"))) {
                            return Future.failedFuture(t);
                        }
                        return store.delete(id.namespace(), id.name(), new DeleteRequest(id.uid(), null, policy), WRITE)
                                .<Void>mapEmpty()
                                .recover(again ->
                                        notFound(again) ? Future.succeededFuture() : Future.failedFuture(again));
                    });
                });
    }

    /**
     * Removes the matching owner references of an object ({@code unblock}: sets their blockOwnerDeletion to false
     * instead); nothing is written when none matches. A gone object is nothing to do.
     */
    private static Future<Void> updateOwnerReferences(ObjectId id, Predicate<JsonNode> matching, boolean unblock) {
        return id.store()
                .update(
                        id.namespace(),
                        id.name(),
                        "",
                        object -> {
                            requireUid(id, object);
                            if (ObjectTrees.meta(object).get("ownerReferences") instanceof ArrayNode refs) {
                                for (int i = refs.size() - 1; i >= 0; i--) {
                                    if (matching.test(refs.get(i))) {
                                        if (unblock) {
                                            ((ObjectNode) refs.get(i)).put("blockOwnerDeletion", false);
                                        } else {
                                            refs.remove(i);
                                        }
                                    }
                                }
                                if (refs.isEmpty()) {
                                    ObjectTrees.meta(object).remove("ownerReferences");
                                }
                            }
                            return object;
                        },
                        WRITE)
                .<Void>mapEmpty()
                .recover(t -> notFound(t) ? Future.succeededFuture() : Future.failedFuture(t));
    }

    /** Removes one finalizer (which completes the deletion when it was the last). */
    private static Future<Void> removeFinalizer(ObjectId id, String finalizer) {
        return id.store()
                .update(
                        id.namespace(),
                        id.name(),
                        "",
                        object -> {
                            requireUid(id, object);
                            List<String> finalizers = new ArrayList<>(ObjectTrees.finalizers(object));
                            finalizers.remove(finalizer);
                            ObjectTrees.setFinalizers(object, finalizers);
                            return object;
                        },
                        WRITE)
                .<Void>mapEmpty()
                .recover(t -> notFound(t) ? Future.succeededFuture() : Future.failedFuture(t));
    }

    /** A write meant for one object must not reach a later one of the same name. */
    private static void requireUid(ObjectId id, ObjectNode object) {
        if (!ObjectTrees.uid(object).equals(id.uid())) {
            throw ApiException.conflict(
                    id.store().type().groupResource(),
                    id.name(),
                    "Precondition failed: UID in precondition: " + id.uid() + ", UID in object meta: "
                            + ObjectTrees.uid(object));
        }
    }

    private static boolean notFound(Throwable t) {
        return t instanceof ApiException e && e.code() == 404;
    }
}

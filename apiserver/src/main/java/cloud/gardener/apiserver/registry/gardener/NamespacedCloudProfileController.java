package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile.CloudProfileMerge;
import cloud.gardener.apiserver.api.defaults.CloudProfileDefaults;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.selection.SelectableView;
import cloud.gardener.apiserver.registry.ControllerWatches;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ListQuery;
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.QueuedController;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.StoreWatch;
import cloud.gardener.apiserver.registry.WriteContext;
import cloud.gardener.apiserver.registry.events.DeduplicatingEventRecorder;
import cloud.gardener.apiserver.registry.events.EventRecorder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Standalone mode's stand-in for gardener-controller-manager's {@code namespacedcloudprofile} controller: a
 * NamespacedCloudProfile gets the {@code gardener} finalizer, and its {@code status.cloudProfileSpec} is its parent
 * CloudProfile's spec merged with its own ({@link CloudProfileMerge}, Gardener's {@code MergeCloudProfiles}), with
 * {@code status.observedGeneration} set to the generation the merge was made from. A profile whose parent is gone
 * keeps its status, as upstream's. A deleted profile loses its finalizer once no Shoot of its namespace references it;
 * until then a {@code ResourceReferenced} event names those Shoots.
 *
 * <p>Driven by watches as upstream's controller is: a change of a profile queues it, and a change of a CloudProfile
 * queues every profile whose {@code spec.parent} names it (upstream's {@code MapCloudProfileToNamespacedCloudProfile},
 * answered here from the profiles the watch has seen). Unlike upstream, every change of a profile queues it (not only
 * a new generation), so an overwritten status is merged again; and a deleted Shoot queues the deleted profile it
 * named, so a profile a Shoot held goes without waiting for a retry's backoff. A failed pass comes back with the work
 * queue's backoff; there is no periodic list (upstream has none either but controller-runtime's 10 h resync).
 *
 * <p>A profile is merged again when it or its parent changed since this instance last merged it (their
 * resourceVersions), so a restart merges each once and then carries on, and the controller's own status write
 * (which the watch reports back) writes nothing more. The status is written through the {@code status} subresource
 * as a read-modify-write that the store re-runs on a fresh read after a storage conflict (a bounded number of times):
 * the merge is made inside it from the profile as stored, so the spec it merged and the observedGeneration it writes
 * always belong together; a parent that changed meanwhile has another resourceVersion and queues the profile again.
 */
public final class NamespacedCloudProfileController extends QueuedController<NamespacedCloudProfileController.Key> {

    public static final String FINALIZER = ControllerManagerWrites.FINALIZER;
    /** The name gardener-controller-manager's recorder reports events as. */
    public static final String EVENT_SOURCE = "namespacedcloudprofile-controller";

    static final String EVENT_RESOURCE_REFERENCED = "ResourceReferenced";
    static final String EVENT_ACTION_RECONCILE = "Reconcile";

    private static final Logger LOG = LoggerFactory.getLogger(NamespacedCloudProfileController.class);
    private static final WriteContext WRITE = ControllerManagerWrites.WRITE;
    /** Upstream's default ConcurrentSyncs. */
    private static final int WORKERS = 5;

    private final Registry registry;
    private final EventRecorder events;
    /** namespace/name → the profile's and its parent's resourceVersions of the last merge written. */
    private final Map<String, String> merged = Collections.synchronizedMap(new HashMap<>());
    // the profiles the watch has seen, confined to the controller's context
    private final Map<Key, String> parents = new HashMap<>();
    private final Map<String, Set<Key>> byParent = new HashMap<>();
    private final Set<Key> deleting = new HashSet<>();

    /** A profile's identity, the work queue's item. */
    record Key(String namespace, String name) {

        static Key of(ObjectNode object) {
            return new Key(ObjectTrees.namespace(object), ObjectTrees.name(object));
        }

        @Override
        public String toString() {
            return namespace + "/" + name;
        }
    }

    /** @param events where the controller's events go (a retried pass may repeat them; they are recorded once) */
    public NamespacedCloudProfileController(Vertx vertx, Registry registry, EventRecorder events) {
        super(vertx, registry, "namespacedcloudprofile controller", WORKERS);
        this.registry = registry;
        this.events = new DeduplicatingEventRecorder(events);
    }

    /** Profiles, CloudProfiles and Shoots. */
    @Override
    protected void watch(Context context, ControllerWatches watches) {
        watches.watch(context, StandardResources.CORE, "namespacedcloudprofiles", new Profiles());
        watches.watch(context, StandardResources.CORE, "cloudprofiles", new Parents());
        watches.watch(context, StandardResources.CORE, "shoots", Shoots.VIEW, new Shoots());
    }

    // ------------------------------------------------------------------------------------------ watches

    /** The profiles: each change queues the profile and keeps the parent index current. */
    private final class Profiles extends IndexingWatch {

        @Override
        protected Key key(ObjectNode profile) {
            return Key.of(profile);
        }

        @Override
        protected Collection<Key> indexed() {
            return parents.keySet();
        }

        @Override
        public void changed(ObjectNode profile, ObjectNode previous) {
            Key key = Key.of(profile);
            forget(key);
            String parent = parentName(profile);
            parents.put(key, parent);
            byParent.computeIfAbsent(parent, p -> new HashSet<>()).add(key);
            if (ObjectTrees.isDeleting(profile)) {
                deleting.add(key);
            }
            queue().add(key);
        }

        @Override
        public void deleted(ObjectNode last) {
            forget(Key.of(last));
            merged.remove(Key.of(last).toString());
        }

        @Override
        protected void forget(Key key) {
            String parent = parents.remove(key);
            if (parent != null) {
                Set<Key> children = byParent.get(parent);
                children.remove(key);
                if (children.isEmpty()) {
                    byParent.remove(parent);
                }
            }
            deleting.remove(key);
        }
    }

    /** The CloudProfiles: a change queues the profiles below it; after a re-list every profile is looked at. */
    private final class Parents implements StoreWatch.Handler {

        @Override
        public void listed(List<ObjectNode> objects) {
            // a change may have been missed while the watch was down; unchanged profiles are merged no more
            parents.keySet().forEach(queue()::add);
        }

        @Override
        public void changed(ObjectNode cloudProfile, ObjectNode previous) {
            children(cloudProfile);
        }

        @Override
        public void deleted(ObjectNode last) {
            children(last);
        }

        private void children(ObjectNode cloudProfile) {
            byParent.getOrDefault(ObjectTrees.name(cloudProfile), Set.of()).forEach(queue()::add);
        }
    }

    /** The Shoots: one deleted may be what a deleted profile waits for. */
    private final class Shoots implements StoreWatch.Handler {

        /** What {@link #profileOf} reads. */
        static final SelectableView VIEW = SelectableView.of(List.of("metadata.namespace", "spec.cloudProfile"));

        @Override
        public void listed(List<ObjectNode> objects) {
            deleting.forEach(queue()::add);
        }

        @Override
        public void changed(ObjectNode shoot, ObjectNode previous) {
            // a Shoot moved to another profile no longer holds the one it named
            if (previous != null && !profileOf(shoot).equals(profileOf(previous))) {
                deleted(previous);
            }
        }

        @Override
        public void deleted(ObjectNode shoot) {
            Key key = profileOf(shoot);
            if (deleting.contains(key)) {
                queue().add(key);
            }
        }

        /** The NamespacedCloudProfile a Shoot names (a name no profile has otherwise). */
        private static Key profileOf(ObjectNode shoot) {
            JsonNode ref = shoot.path("spec").path("cloudProfile");
            return "NamespacedCloudProfile".equals(ref.path("kind").asText())
                    ? new Key(ObjectTrees.namespace(shoot), ref.path("name").asText(""))
                    : new Key(ObjectTrees.namespace(shoot), "");
        }
    }

    private static String parentName(ObjectNode profile) {
        return profile.path("spec").path("parent").path("name").asText("");
    }

    // ------------------------------------------------------------------------------------------ reconcile

    private GenericStore profiles() {
        return registry.store(StandardResources.CORE, "namespacedcloudprofiles").orElseThrow();
    }

    /** One pass over a profile as stored now (gone: nothing to do). */
    @Override
    protected Future<Void> reconcile(Key key) {
        return getIfExists(profiles(), key.namespace(), key.name()).compose(profile -> {
            if (profile == null) {
                return Future.succeededFuture();
            }
            return ObjectTrees.isDeleting(profile) ? delete(profile) : ensure(profile);
        });
    }

    private Future<Void> ensure(ObjectNode profile) {
        return ControllerManagerWrites.addFinalizer(profiles(), profile)
                .compose(
                        p -> parent(p).compose(parent -> parent == null ? Future.succeededFuture() : merge(p, parent)));
    }

    /** The parent CloudProfile, or null when there is none (upstream stops reconciling then). */
    private Future<ObjectNode> parent(ObjectNode profile) {
        String name = parentName(profile);
        return getIfExists(
                registry.store(StandardResources.CORE, "cloudprofiles").orElseThrow(), "", name);
    }

    private Future<Void> merge(ObjectNode profile, ObjectNode parent) {
        String key = ObjectTrees.namespace(profile) + "/" + ObjectTrees.name(profile);
        String parentVersion = ObjectTrees.resourceVersion(parent);
        if ((ObjectTrees.resourceVersion(profile) + "/" + parentVersion).equals(merged.get(key))) {
            return Future.succeededFuture();
        }
        // stored CloudProfiles are defaulted; defaulting a copy again covers objects stored before a default existed
        ObjectNode defaultedParent = parent.deepCopy();
        new CloudProfileDefaults().apply(defaultedParent);
        JsonNode parentSpec = defaultedParent.path("spec");
        return profiles()
                .update(
                        ObjectTrees.namespace(profile),
                        ObjectTrees.name(profile),
                        "status",
                        current -> {
                            ObjectNode status = current.withObjectProperty("status");
                            status.set("cloudProfileSpec", CloudProfileMerge.merge(parentSpec, current.path("spec")));
                            status.put("observedGeneration", ObjectTrees.generation(current));
                            return current;
                        },
                        WRITE)
                .map(written -> {
                    merged.put(key, ObjectTrees.resourceVersion(written) + "/" + parentVersion);
                    return null;
                });
    }

    private Future<Void> delete(ObjectNode profile) {
        merged.remove(ObjectTrees.namespace(profile) + "/" + ObjectTrees.name(profile));
        if (!ObjectTrees.finalizers(profile).contains(FINALIZER)) {
            return Future.succeededFuture();
        }
        return referencingShoots(profile).compose(shoots -> {
            if (shoots.isEmpty()) {
                LOG.info(
                        "removing finalizer of namespacedcloudprofile {}/{}",
                        ObjectTrees.namespace(profile),
                        ObjectTrees.name(profile));
                return ControllerManagerWrites.removeFinalizer(profiles(), profile);
            }
            // Go prints the []string with %+v: space-separated in brackets
            String message = "Cannot delete NamespacedCloudProfile, because the following Shoots are still "
                    + "referencing it: [" + String.join(" ", shoots) + "]";
            events.record(profile, EventRecorder.NORMAL, EVENT_RESOURCE_REFERENCED, EVENT_ACTION_RECONCILE, message)
                    .onFailure(t -> LOG.debug(
                            "event about namespacedcloudprofile {} not recorded: {}",
                            ObjectTrees.name(profile),
                            t.getMessage()));
            return Future.failedFuture(message);
        });
    }

    /** {@code DetermineShootsAssociatedTo}: the profile's namespace's Shoots that name it, as namespace/name. */
    private Future<List<String>> referencingShoots(ObjectNode profile) {
        GenericStore shoots = registry.store(StandardResources.CORE, "shoots").orElseThrow();
        String namespace = ObjectTrees.namespace(profile);
        return shoots.list(namespace, ListQuery.all()).map(list -> {
            List<String> referencing = new ArrayList<>();
            for (ObjectNode shoot : list.items()) {
                JsonNode ref = shoot.path("spec").path("cloudProfile");
                if ("NamespacedCloudProfile".equals(ref.path("kind").asText())
                        && ObjectTrees.name(profile).equals(ref.path("name").asText())) {
                    referencing.add(namespace + "/" + ObjectTrees.name(shoot));
                }
            }
            return referencing;
        });
    }
}

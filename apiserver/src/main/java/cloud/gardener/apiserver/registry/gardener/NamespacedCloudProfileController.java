package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile.CloudProfileMerge;
import cloud.gardener.apiserver.api.defaults.CloudProfileDefaults;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ListQuery;
import cloud.gardener.apiserver.registry.Objects;
import cloud.gardener.apiserver.registry.PeriodicResync;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.WriteContext;
import cloud.gardener.apiserver.registry.events.DeduplicatingEventRecorder;
import cloud.gardener.apiserver.registry.events.EventRecorder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * <p>Every pass lists the profiles; a profile is merged again when it or its parent changed since this instance last
 * merged it (their resourceVersions), so a restart merges each once and then carries on. The status is written
 * through the {@code status} subresource as a read-modify-write that the store re-runs on a fresh read after a storage
 * conflict (a bounded number of times): the merge is made inside it from the profile as stored, so the spec it merged
 * and the observedGeneration it writes always belong together; a parent that changed meanwhile has another
 * resourceVersion, and the next pass merges again. A write that still fails is retried by the next pass.
 */
public final class NamespacedCloudProfileController {

    public static final String FINALIZER = "gardener";
    /** The name gardener-controller-manager's recorder reports events as. */
    public static final String EVENT_SOURCE = "namespacedcloudprofile-controller";

    static final String EVENT_RESOURCE_REFERENCED = "ResourceReferenced";
    static final String EVENT_ACTION_RECONCILE = "Reconcile";

    private static final Logger LOG = LoggerFactory.getLogger(NamespacedCloudProfileController.class);
    private static final UserInfo CONTROLLER = new UserInfo(
            "system:serviceaccount:garden:gardener-controller-manager",
            "",
            List.of("system:serviceaccounts", "system:serviceaccounts:garden", "system:authenticated"),
            Map.of());
    private static final WriteContext WRITE = new WriteContext(CONTROLLER, false, "gardener-controller-manager");

    private final Registry registry;
    private final EventRecorder events;
    private final PeriodicResync loop;
    /** namespace/name → the profile's and its parent's resourceVersions of the last merge written. */
    private final Map<String, String> merged = Collections.synchronizedMap(new HashMap<>());

    /** @param events where the controller's events go (every pass may repeat them; they are recorded once) */
    public NamespacedCloudProfileController(Vertx vertx, Registry registry, EventRecorder events) {
        this.registry = registry;
        this.events = new DeduplicatingEventRecorder(events);
        this.loop = new PeriodicResync(
                vertx,
                "namespacedcloudprofile",
                () -> registry.store(StandardResources.CORE, "namespacedcloudprofiles"),
                profile -> true,
                this::reconcile);
    }

    public void start() {
        loop.start();
    }

    public void stop() {
        loop.stop();
    }

    private GenericStore profiles() {
        return registry.store(StandardResources.CORE, "namespacedcloudprofiles").orElseThrow();
    }

    private Future<Void> reconcile(ObjectNode profile) {
        return Objects.isDeleting(profile) ? delete(profile) : ensure(profile);
    }

    private Future<Void> ensure(ObjectNode profile) {
        Future<ObjectNode> finalized = Objects.finalizers(profile).contains(FINALIZER)
                ? Future.succeededFuture(profile)
                : profiles()
                        .update(
                                Objects.namespace(profile),
                                Objects.name(profile),
                                "",
                                p -> {
                                    List<String> finalizers = new ArrayList<>(Objects.finalizers(p));
                                    if (!finalizers.contains(FINALIZER)) {
                                        finalizers.add(FINALIZER);
                                    }
                                    Objects.setFinalizers(p, finalizers);
                                    return p;
                                },
                                WRITE);
        return finalized.compose(
                p -> parent(p).compose(parent -> parent == null ? Future.succeededFuture() : merge(p, parent)));
    }

    /** The parent CloudProfile, or null when there is none (upstream stops reconciling then). */
    private Future<ObjectNode> parent(ObjectNode profile) {
        String name = profile.path("spec").path("parent").path("name").asText("");
        GenericStore cloudProfiles =
                registry.store(StandardResources.CORE, "cloudprofiles").orElseThrow();
        return cloudProfiles
                .get("", name)
                .recover(t -> notFound(t) ? Future.succeededFuture(null) : Future.failedFuture(t));
    }

    private Future<Void> merge(ObjectNode profile, ObjectNode parent) {
        String key = Objects.namespace(profile) + "/" + Objects.name(profile);
        String parentVersion = Objects.resourceVersion(parent);
        if ((Objects.resourceVersion(profile) + "/" + parentVersion).equals(merged.get(key))) {
            return Future.succeededFuture();
        }
        // stored CloudProfiles are defaulted; defaulting a copy again covers objects stored before a default existed
        ObjectNode defaultedParent = parent.deepCopy();
        new CloudProfileDefaults().apply(defaultedParent);
        JsonNode parentSpec = defaultedParent.path("spec");
        return profiles()
                .update(
                        Objects.namespace(profile),
                        Objects.name(profile),
                        "status",
                        current -> {
                            ObjectNode status = current.withObjectProperty("status");
                            status.set("cloudProfileSpec", CloudProfileMerge.merge(parentSpec, current.path("spec")));
                            status.put("observedGeneration", Objects.generation(current));
                            return current;
                        },
                        WRITE)
                .map(written -> {
                    merged.put(key, Objects.resourceVersion(written) + "/" + parentVersion);
                    return null;
                });
    }

    private Future<Void> delete(ObjectNode profile) {
        merged.remove(Objects.namespace(profile) + "/" + Objects.name(profile));
        if (!Objects.finalizers(profile).contains(FINALIZER)) {
            return Future.succeededFuture();
        }
        return referencingShoots(profile).compose(shoots -> {
            if (shoots.isEmpty()) {
                LOG.info(
                        "removing finalizer of namespacedcloudprofile {}/{}",
                        Objects.namespace(profile),
                        Objects.name(profile));
                return profiles()
                        .update(
                                Objects.namespace(profile),
                                Objects.name(profile),
                                "",
                                p -> {
                                    List<String> finalizers = new ArrayList<>(Objects.finalizers(p));
                                    finalizers.remove(FINALIZER);
                                    Objects.setFinalizers(p, finalizers);
                                    return p;
                                },
                                WRITE)
                        .recover(t -> notFound(t) ? Future.succeededFuture() : Future.failedFuture(t))
                        .mapEmpty();
            }
            // Go prints the []string with %+v: space-separated in brackets
            String message = "Cannot delete NamespacedCloudProfile, because the following Shoots are still "
                    + "referencing it: [" + String.join(" ", shoots) + "]";
            events.record(profile, EventRecorder.NORMAL, EVENT_RESOURCE_REFERENCED, EVENT_ACTION_RECONCILE, message)
                    .onFailure(t -> LOG.debug(
                            "event about namespacedcloudprofile {} not recorded: {}",
                            Objects.name(profile),
                            t.getMessage()));
            return Future.failedFuture(message);
        });
    }

    /** {@code DetermineShootsAssociatedTo}: the profile's namespace's Shoots that name it, as namespace/name. */
    private Future<List<String>> referencingShoots(ObjectNode profile) {
        GenericStore shoots = registry.store(StandardResources.CORE, "shoots").orElseThrow();
        String namespace = Objects.namespace(profile);
        return shoots.list(namespace, ListQuery.all()).map(list -> {
            List<String> referencing = new ArrayList<>();
            for (ObjectNode shoot : list.items()) {
                JsonNode ref = shoot.path("spec").path("cloudProfile");
                if ("NamespacedCloudProfile".equals(ref.path("kind").asText())
                        && Objects.name(profile).equals(ref.path("name").asText())) {
                    referencing.add(namespace + "/" + Objects.name(shoot));
                }
            }
            return referencing;
        });
    }

    private static boolean notFound(Throwable t) {
        return t instanceof ApiException e && e.code() == 404;
    }
}

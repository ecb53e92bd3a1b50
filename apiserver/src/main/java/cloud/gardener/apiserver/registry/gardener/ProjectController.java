package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.selection.SelectableView;
import cloud.gardener.apiserver.registry.ControllerWatches;
import cloud.gardener.apiserver.registry.DeleteRequest;
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
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Standalone mode's stand-in for the namespace part of gardener-controller-manager's project controller
 * ({@code controller/project/project}): a Project gets the {@code gardener} finalizer, its namespace is created
 * or adopted with Gardener's labels, annotations and a controller reference, {@code spec.namespace} is filled in
 * when it was left empty, and {@code status.phase} follows (Pending, Ready, Failed, Terminating). A deleted
 * Project whose namespace holds no Shoots releases it (deletes it, or gives it back when it was adopted with
 * {@code keep-after-project-deletion}) and loses its finalizer once the namespace is gone.
 *
 * <p>Driven by watches as upstream's controller is: a change of a Project queues it (every change, not only a new
 * generation as upstream's predicate: a pass that finds everything in place writes nothing), a deleted Namespace
 * queues the Project owning it (upstream's {@code Owns(Namespace)} for delete events), and a deleted Shoot queues the
 * deleted Project whose namespace held it (upstream's {@code MapShootToProjectInDeletion}). A namespace only marked
 * for deletion is looked at again after a minute, as upstream's {@code RequeueAfter}; a failed pass comes back with
 * the work queue's backoff. There is no periodic list (upstream has none but controller-runtime's 10 h resync).
 *
 * <p>Everything is derived from the stored objects on each pass and nothing is written unless it differs, so a
 * pass is idempotent and a restart simply carries on (the first list queues every Project). The controller records Gardener's events about the Project
 * (reasons {@code NamespaceReconcileSuccessful}, {@code NamespaceReconcileFailed}, {@code NamespaceNotEmpty},
 * {@code NamespaceMarkedForDeletion}, {@code NamespaceDeletionFailed}, with upstream's messages), each once per
 * generation and outcome rather than once per pass ({@link DeduplicatingEventRecorder}). Project RBAC and quotas are
 * not done here.
 */
public final class ProjectController extends QueuedController<String> {

    public static final String FINALIZER = ControllerManagerWrites.FINALIZER;
    static final String LABEL_ROLE = "gardener.cloud/role";
    static final String LABEL_PROJECT_NAME = "project.gardener.cloud/name";
    static final String ANNOTATION_PROJECT = "namespace.gardener.cloud/project";
    static final String ANNOTATION_KEEP = "namespace.gardener.cloud/keep-after-project-deletion";
    static final String ANNOTATION_CREATED = "namespace.gardener.cloud/created-by-project-controller";
    private static final String PROJECT_API_VERSION = "core.gardener.cloud/v1beta1";
    /** The name gardener-controller-manager's recorder reports events as. */
    public static final String EVENT_SOURCE = "project-controller";

    static final String EVENT_RECONCILE_SUCCESSFUL = "NamespaceReconcileSuccessful";
    static final String EVENT_RECONCILE_FAILED = "NamespaceReconcileFailed";
    static final String EVENT_NOT_EMPTY = "NamespaceNotEmpty";
    static final String EVENT_DELETION_FAILED = "NamespaceDeletionFailed";
    static final String EVENT_MARKED_FOR_DELETION = "NamespaceMarkedForDeletion";
    private static final String ACTION_RECONCILE = "Reconcile";
    private static final String ACTION_DELETE = "Delete";

    private static final Logger LOG = LoggerFactory.getLogger(ProjectController.class);
    private static final WriteContext WRITE = ControllerManagerWrites.WRITE;

    /** Upstream's default ConcurrentSyncs. */
    private static final int WORKERS = 5;
    /** How soon a namespace marked for deletion is looked at again (upstream: "recheck every minute to be sure"). */
    static final long RECHECK_DELETION_MS = 60_000;

    private final Registry registry;
    private final EventRecorder events;
    // the Projects the watch has seen, confined to the controller's context
    private final Map<String, String> projectOfNamespace = new HashMap<>();
    private final Map<String, String> namespaceOfProject = new HashMap<>();
    private final Set<String> deleting = new HashSet<>();

    /** @param events where the controller's events go (a repeated pass may repeat them; they are recorded once) */
    public ProjectController(Vertx vertx, Registry registry, EventRecorder events) {
        super(vertx, registry, "project controller", WORKERS);
        this.registry = registry;
        this.events = new DeduplicatingEventRecorder(events);
    }

    /** Projects, Namespaces and Shoots. */
    @Override
    protected void watch(Context context, ControllerWatches watches) {
        watches.watch(context, StandardResources.CORE, "projects", new Projects());
        watches.watch(context, "", "namespaces", new Namespaces());
        watches.watch(context, StandardResources.CORE, "shoots", Shoots.VIEW, new Shoots());
    }

    // ---------------------------------------------------------------------------------------- watches

    /** The Projects: each change queues the Project and keeps the namespace index current. */
    private final class Projects extends IndexingWatch {

        @Override
        protected String key(ObjectNode project) {
            return ObjectTrees.name(project);
        }

        @Override
        protected Collection<String> indexed() {
            return namespaceOfProject.keySet();
        }

        @Override
        public void changed(ObjectNode project, ObjectNode previous) {
            String name = ObjectTrees.name(project);
            forget(name);
            String namespace = project.path("spec").path("namespace").asText("");
            namespaceOfProject.put(name, namespace);
            if (!namespace.isEmpty()) {
                projectOfNamespace.put(namespace, name);
            }
            if (ObjectTrees.isDeleting(project)) {
                deleting.add(name);
            }
            queue().add(name);
        }

        @Override
        public void deleted(ObjectNode last) {
            forget(ObjectTrees.name(last));
        }

        @Override
        protected void forget(String project) {
            String namespace = namespaceOfProject.remove(project);
            if (namespace != null) {
                projectOfNamespace.remove(namespace, project);
            }
            deleting.remove(project);
        }
    }

    /** The Namespaces: a deleted one queues its Project; after a re-list, Projects whose namespace is missing. */
    private final class Namespaces implements StoreWatch.Handler {

        @Override
        public void listed(List<ObjectNode> objects) {
            Set<String> listed = new HashSet<>();
            objects.forEach(ns -> listed.add(ObjectTrees.name(ns)));
            namespaceOfProject.forEach((project, namespace) -> {
                if (!listed.contains(namespace) || deleting.contains(project)) {
                    queue().add(project);
                }
            });
        }

        @Override
        public void changed(ObjectNode namespace, ObjectNode previous) {
            // upstream reacts to deletions only
        }

        @Override
        public void deleted(ObjectNode namespace) {
            for (JsonNode ref : namespace.path("metadata").path("ownerReferences")) {
                if (ref.path("controller").asBoolean()
                        && "Project".equals(ref.path("kind").asText())
                        && ref.path("apiVersion").asText().startsWith("core.gardener.cloud/")) {
                    queue().add(ref.path("name").asText());
                }
            }
        }
    }

    /** The Shoots: the last one deleted from a deleted Project's namespace lets the Project release it. */
    private final class Shoots implements StoreWatch.Handler {

        /** All a deletion needs: which namespace lost a Shoot. */
        static final SelectableView VIEW = SelectableView.of(List.of("metadata.namespace"));

        @Override
        public void listed(List<ObjectNode> objects) {
            deleting.forEach(queue()::add);
        }

        @Override
        public void changed(ObjectNode shoot, ObjectNode previous) {
            // upstream reacts to deletions only
        }

        @Override
        public void deleted(ObjectNode shoot) {
            // whether Shoots are left is the pass's to find out, on a fresh read
            String project = projectOfNamespace.get(ObjectTrees.namespace(shoot));
            if (project != null && deleting.contains(project)) {
                queue().add(project);
            }
        }
    }

    private GenericStore projects() {
        return registry.store(StandardResources.CORE, "projects").orElseThrow();
    }

    private GenericStore namespaces() {
        return registry.store("", "namespaces").orElseThrow();
    }

    /** One pass over a Project as stored now (gone: nothing to do). */
    @Override
    protected Future<Void> reconcile(String name) {
        return getIfExists(projects(), "", name).compose(project -> {
            if (project == null) {
                return Future.succeededFuture();
            }
            return ObjectTrees.isDeleting(project) ? delete(project) : ensure(project);
        });
    }

    // ---------------------------------------------------------------------------------------- reconcile

    private Future<Void> ensure(ObjectNode project) {
        String name = ObjectTrees.name(project);
        return ControllerManagerWrites.addFinalizer(projects(), project)
                .compose(p -> phase(p).isEmpty() ? setPhase(p, "Pending") : Future.succeededFuture(p))
                .compose(p -> {
                    String namespace = namespaceName(p);
                    return ensureNamespace(p, namespace)
                            .compose(v -> {
                                event(
                                        p,
                                        EventRecorder.NORMAL,
                                        EVENT_RECONCILE_SUCCESSFUL,
                                        ACTION_RECONCILE,
                                        "Successfully reconciled namespace \"" + namespace + "\" for project");
                                return recordNamespace(p, namespace);
                            })
                            .recover(t -> {
                                LOG.info(
                                        "project {}: namespace {} not reconciled: {}", name, namespace, t.getMessage());
                                event(
                                        p,
                                        EventRecorder.WARNING,
                                        EVENT_RECONCILE_FAILED,
                                        ACTION_RECONCILE,
                                        String.valueOf(t.getMessage()));
                                return setPhase(p, "Failed").compose(x -> Future.failedFuture(t));
                            });
                })
                .compose(p -> setPhase(p, "Ready").recover(t -> {
                    event(
                            p,
                            EventRecorder.WARNING,
                            EVENT_RECONCILE_FAILED,
                            ACTION_RECONCILE,
                            "Error while trying to mark project as ready: " + t.getMessage());
                    return Future.failedFuture(t);
                }))
                .mapEmpty();
    }

    /** {@code spec.namespace}, else Gardener's deterministic name: {@code garden-<name>-<sha256(uid)[:5]>}. */
    static String namespaceName(ObjectNode project) {
        String namespace = project.path("spec").path("namespace").asText("");
        if (!namespace.isEmpty()) {
            return namespace;
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(ObjectTrees.uid(project).getBytes(StandardCharsets.UTF_8));
            return "garden-" + ObjectTrees.name(project) + "-"
                    + HexFormat.of().formatHex(digest).substring(0, 5);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    private Future<Void> ensureNamespace(ObjectNode project, String namespace) {
        return getIfExists(namespaces(), "", namespace).compose(existing -> {
            if (existing == null) {
                ObjectNode created = JsonNodeFactory.instance.objectNode();
                created.put("apiVersion", "v1").put("kind", "Namespace");
                ObjectNode meta = created.putObject("metadata").put("name", namespace);
                projectLabels(project).forEach(labels(meta)::put);
                annotations(meta).put(ANNOTATION_PROJECT, ObjectTrees.uid(project));
                annotations(meta).put(ANNOTATION_CREATED, "true");
                meta.putArray("ownerReferences").add(ownerReference(project));
                LOG.info("creating namespace {} for project {}", namespace, ObjectTrees.name(project));
                return namespaces().create("", created, WRITE).mapEmpty();
            }
            String refusal = adoptionRefusal(project, existing);
            if (refusal != null) {
                return Future.failedFuture(refusal);
            }
            if (ObjectTrees.sameJson(adopted(project, existing.deepCopy()), existing)) {
                return Future.succeededFuture();
            }
            LOG.info("adopting namespace {} for project {}", namespace, ObjectTrees.name(project));
            return namespaces()
                    .update(
                            "",
                            namespace,
                            "",
                            ns -> {
                                String again = adoptionRefusal(project, ns);
                                if (again != null) {
                                    throw new IllegalStateException(again);
                                }
                                return adopted(project, ns);
                            },
                            WRITE)
                    .mapEmpty();
        });
    }

    /** Gardener's reasons not to use an existing namespace, with its messages; null when it can be used. */
    private static String adoptionRefusal(ObjectNode project, ObjectNode namespace) {
        if (!hasProjectLabels(project, namespace)) {
            return "namespace cannot be used as it needs the project labels " + goMap(projectLabels(project));
        }
        Map<String, String> annotations =
                ObjectTrees.stringMap(namespace.path("metadata").path("annotations"));
        if (annotations.containsKey(ANNOTATION_PROJECT)
                && !annotations.get(ANNOTATION_PROJECT).equals(ObjectTrees.uid(project))) {
            return "namespace is already in-use by another project";
        }
        return null;
    }

    private static ObjectNode adopted(ObjectNode project, ObjectNode namespace) {
        ObjectNode meta = ObjectTrees.meta(namespace);
        ArrayNode refs =
                meta.has("ownerReferences") && meta.get("ownerReferences").isArray()
                        ? (ArrayNode) meta.get("ownerReferences")
                        : meta.putArray("ownerReferences");
        ObjectNode ref = ownerReference(project);
        boolean replaced = false;
        for (int i = 0; i < refs.size(); i++) {
            if (refs.get(i).path("uid").asText().equals(ObjectTrees.uid(project))) {
                refs.set(i, ref);
                replaced = true;
            }
        }
        if (!replaced) {
            refs.add(ref);
        }
        projectLabels(project).forEach(labels(meta)::put);
        ObjectNode annotations = annotations(meta);
        annotations.put(ANNOTATION_PROJECT, ObjectTrees.uid(project));
        if (!annotations.has(ANNOTATION_CREATED)) {
            annotations.put(ANNOTATION_KEEP, "true");
        }
        return namespace;
    }

    private Future<ObjectNode> recordNamespace(ObjectNode project, String namespace) {
        if (!project.path("spec").path("namespace").asText("").isEmpty()) {
            return Future.succeededFuture(project);
        }
        return projects()
                .update(
                        "",
                        ObjectTrees.name(project),
                        "",
                        p -> {
                            p.withObjectProperty("spec").put("namespace", namespace);
                            return p;
                        },
                        WRITE);
    }

    // ---------------------------------------------------------------------------------------- delete

    private Future<Void> delete(ObjectNode project) {
        if (!ObjectTrees.finalizers(project).contains(FINALIZER)) {
            return Future.succeededFuture();
        }
        String namespace = project.path("spec").path("namespace").asText("");
        if (namespace.isEmpty()) {
            return removeFinalizer(project);
        }
        GenericStore shoots = registry.store(StandardResources.CORE, "shoots").orElseThrow();
        return shoots.list(namespace, new ListQuery(0, false, 1, null, null, false))
                .compose(left -> {
                    if (!left.items().isEmpty()) {
                        LOG.info(
                                "project {} cannot release namespace {}: it still contains Shoots",
                                ObjectTrees.name(project),
                                namespace);
                        event(
                                project,
                                EventRecorder.WARNING,
                                EVENT_NOT_EMPTY,
                                ACTION_DELETE,
                                "Cannot release namespace \"" + namespace + "\" because it still contains Shoots");
                        return setPhase(project, "Terminating").mapEmpty();
                    }
                    return release(project, namespace)
                            .recover(t -> {
                                event(
                                        project,
                                        EventRecorder.WARNING,
                                        EVENT_DELETION_FAILED,
                                        ACTION_DELETE,
                                        "Failed to release project namespace \"" + namespace + "\": " + t.getMessage());
                                return setPhase(project, "Failed").compose(x -> Future.failedFuture(t));
                            })
                            .compose(released -> {
                                if (released) {
                                    return removeFinalizer(project);
                                }
                                event(
                                        project,
                                        EventRecorder.NORMAL,
                                        EVENT_MARKED_FOR_DELETION,
                                        ACTION_DELETE,
                                        "Successfully marked project namespace \"" + namespace + "\" for deletion");
                                // the namespace's deletion queues the Project again; recheck to be sure, as upstream
                                queue().addAfter(ObjectTrees.name(project), RECHECK_DELETION_MS);
                                return setPhase(project, "Terminating").mapEmpty();
                            });
                });
    }

    /** Whether the namespace is no longer the project's: gone, someone else's, or kept and handed back. */
    private Future<Boolean> release(ObjectNode project, String namespace) {
        return getIfExists(namespaces(), "", namespace).compose(ns -> {
            if (ns == null) {
                return Future.succeededFuture(true);
            }
            if (ObjectTrees.isDeleting(ns)) {
                return Future.succeededFuture(false);
            }
            if (!hasProjectLabels(project, ns)) {
                // not this project's namespace (Gardener will not let one project "steal" another's)
                return Future.succeededFuture(true);
            }
            boolean keep = Boolean.parseBoolean(
                    ObjectTrees.stringMap(ns.path("metadata").path("annotations"))
                            .getOrDefault(ANNOTATION_KEEP, "false"));
            if (keep) {
                LOG.info(
                        "project {} hands namespace {} back (keep-after-project-deletion)",
                        ObjectTrees.name(project),
                        namespace);
                return namespaces()
                        .update("", namespace, "", n -> handedBack(project, n), WRITE)
                        .map(true);
            }
            LOG.info("deleting namespace {} of deleted project {}", namespace, ObjectTrees.name(project));
            return namespaces()
                    .delete("", namespace, DeleteRequest.DEFAULT, WRITE)
                    .recover(t -> notFound(t) ? Future.succeededFuture() : Future.failedFuture(t))
                    .map(false);
        });
    }

    private static ObjectNode handedBack(ObjectNode project, ObjectNode namespace) {
        ObjectNode meta = ObjectTrees.meta(namespace);
        annotations(meta).remove(List.of(ANNOTATION_PROJECT, ANNOTATION_KEEP, ANNOTATION_CREATED));
        labels(meta).remove(List.of(LABEL_PROJECT_NAME, LABEL_ROLE));
        if (meta.get("ownerReferences") instanceof ArrayNode refs) {
            for (int i = refs.size() - 1; i >= 0; i--) {
                JsonNode ref = refs.get(i);
                if (PROJECT_API_VERSION.equals(ref.path("apiVersion").asText())
                        && "Project".equals(ref.path("kind").asText())
                        && ObjectTrees.name(project).equals(ref.path("name").asText())
                        && ObjectTrees.uid(project).equals(ref.path("uid").asText())) {
                    refs.remove(i);
                }
            }
        }
        return namespace;
    }

    private Future<Void> removeFinalizer(ObjectNode project) {
        LOG.info("removing finalizer of project {}", ObjectTrees.name(project));
        return ControllerManagerWrites.removeFinalizer(projects(), project);
    }

    // ---------------------------------------------------------------------------------------- helpers

    private static String phase(ObjectNode project) {
        return project.path("status").path("phase").asText("");
    }

    /** Sets the phase and observedGeneration through the status subresource, unless they already are. */
    private Future<ObjectNode> setPhase(ObjectNode project, String phase) {
        if (phase.equals(phase(project))
                && project.path("status").path("observedGeneration").asLong() == ObjectTrees.generation(project)) {
            return Future.succeededFuture(project);
        }
        return projects()
                .update(
                        "",
                        ObjectTrees.name(project),
                        "status",
                        p -> {
                            ObjectNode status = p.withObjectProperty("status");
                            status.put("observedGeneration", ObjectTrees.generation(p));
                            status.put("phase", phase);
                            return p;
                        },
                        WRITE);
    }

    /** Best effort, as client-go's recorder: a failed event write changes nothing about the reconcile. */
    private void event(ObjectNode project, String type, String reason, String action, String note) {
        events.record(project, type, reason, action, note)
                .onFailure(t -> LOG.debug(
                        "event {} about project {} not recorded: {}",
                        reason,
                        ObjectTrees.name(project),
                        t.getMessage()));
    }

    /** Go's {@code %#v} of a {@code map[string]string}: keys sorted, strings quoted. */
    private static String goMap(Map<String, String> map) {
        StringBuilder out = new StringBuilder("map[string]string{");
        map.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> out.append(out.charAt(out.length() - 1) == '{' ? "" : ", ")
                        .append('"')
                        .append(e.getKey())
                        .append("\":\"")
                        .append(e.getValue())
                        .append('"'));
        return out.append('}').toString();
    }

    private static Map<String, String> projectLabels(ObjectNode project) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(LABEL_ROLE, "project");
        labels.put(LABEL_PROJECT_NAME, ObjectTrees.name(project));
        return labels;
    }

    private static boolean hasProjectLabels(ObjectNode project, ObjectNode namespace) {
        Map<String, String> labels = ObjectTrees.labels(namespace);
        return projectLabels(project).entrySet().stream()
                .allMatch(e -> e.getValue().equals(labels.get(e.getKey())));
    }

    private static ObjectNode ownerReference(ObjectNode project) {
        return JsonNodeFactory.instance
                .objectNode()
                .put("apiVersion", PROJECT_API_VERSION)
                .put("kind", "Project")
                .put("name", ObjectTrees.name(project))
                .put("uid", ObjectTrees.uid(project))
                .put("controller", true)
                .put("blockOwnerDeletion", true);
    }

    private static ObjectNode labels(ObjectNode meta) {
        return meta.withObjectProperty("labels");
    }

    private static ObjectNode annotations(ObjectNode meta) {
        return meta.withObjectProperty("annotations");
    }
}

package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.registry.DeleteRequest;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ListQuery;
import cloud.gardener.apiserver.registry.Objects;
import cloud.gardener.apiserver.registry.PeriodicResync;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.WriteContext;
import cloud.gardener.apiserver.registry.events.DeduplicatingEventRecorder;
import cloud.gardener.apiserver.registry.events.EventRecorder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * <p>Everything is derived from the stored objects on each pass and nothing is written unless it differs, so a
 * pass is idempotent and a restart simply carries on. The controller records Gardener's events about the Project
 * (reasons {@code NamespaceReconcileSuccessful}, {@code NamespaceReconcileFailed}, {@code NamespaceNotEmpty},
 * {@code NamespaceMarkedForDeletion}, {@code NamespaceDeletionFailed}, with upstream's messages), each once per
 * generation and outcome rather than once per pass ({@link DeduplicatingEventRecorder}). Project RBAC and quotas are
 * not done here.
 */
public final class ProjectController {

    public static final String FINALIZER = "gardener";
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
    private static final UserInfo CONTROLLER = new UserInfo(
            "system:serviceaccount:garden:gardener-controller-manager",
            "",
            List.of("system:serviceaccounts", "system:serviceaccounts:garden", "system:authenticated"),
            Map.of());
    private static final WriteContext WRITE = new WriteContext(CONTROLLER, false, "gardener-controller-manager");

    private final Registry registry;
    private final EventRecorder events;
    private final PeriodicResync loop;

    /** @param events where the controller's events go (every pass may repeat them; they are recorded once) */
    public ProjectController(Vertx vertx, Registry registry, EventRecorder events) {
        this.registry = registry;
        this.events = new DeduplicatingEventRecorder(events);
        this.loop = new PeriodicResync(
                vertx,
                "project",
                () -> registry.store(StandardResources.CORE, "projects"),
                project -> true,
                this::reconcile);
    }

    public void start() {
        loop.start();
    }

    public void stop() {
        loop.stop();
    }

    private GenericStore projects() {
        return registry.store(StandardResources.CORE, "projects").orElseThrow();
    }

    private GenericStore namespaces() {
        return registry.store("", "namespaces").orElseThrow();
    }

    private Future<Void> reconcile(ObjectNode project) {
        return Objects.isDeleting(project) ? delete(project) : ensure(project);
    }

    // ---------------------------------------------------------------------------------------- reconcile

    private Future<Void> ensure(ObjectNode project) {
        String name = Objects.name(project);
        Future<ObjectNode> finalized = Objects.finalizers(project).contains(FINALIZER)
                ? Future.succeededFuture(project)
                : projects()
                        .update(
                                "",
                                name,
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
        return finalized
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
                    .digest(Objects.uid(project).getBytes(StandardCharsets.UTF_8));
            return "garden-" + Objects.name(project) + "-"
                    + HexFormat.of().formatHex(digest).substring(0, 5);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    private Future<Void> ensureNamespace(ObjectNode project, String namespace) {
        return namespaces()
                .get("", namespace)
                .recover(t -> notFound(t) ? Future.succeededFuture(null) : Future.failedFuture(t))
                .compose(existing -> {
                    if (existing == null) {
                        ObjectNode created = JsonNodeFactory.instance.objectNode();
                        created.put("apiVersion", "v1").put("kind", "Namespace");
                        ObjectNode meta = created.putObject("metadata").put("name", namespace);
                        projectLabels(project).forEach(labels(meta)::put);
                        annotations(meta).put(ANNOTATION_PROJECT, Objects.uid(project));
                        annotations(meta).put(ANNOTATION_CREATED, "true");
                        meta.putArray("ownerReferences").add(ownerReference(project));
                        LOG.info("creating namespace {} for project {}", namespace, Objects.name(project));
                        return namespaces().create("", created, WRITE).mapEmpty();
                    }
                    String refusal = adoptionRefusal(project, existing);
                    if (refusal != null) {
                        return Future.failedFuture(refusal);
                    }
                    if (Objects.sameJson(adopted(project, existing.deepCopy()), existing)) {
                        return Future.succeededFuture();
                    }
                    LOG.info("adopting namespace {} for project {}", namespace, Objects.name(project));
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
                Objects.stringMap(namespace.path("metadata").path("annotations"));
        if (annotations.containsKey(ANNOTATION_PROJECT)
                && !annotations.get(ANNOTATION_PROJECT).equals(Objects.uid(project))) {
            return "namespace is already in-use by another project";
        }
        return null;
    }

    private static ObjectNode adopted(ObjectNode project, ObjectNode namespace) {
        ObjectNode meta = Objects.meta(namespace);
        ArrayNode refs =
                meta.has("ownerReferences") && meta.get("ownerReferences").isArray()
                        ? (ArrayNode) meta.get("ownerReferences")
                        : meta.putArray("ownerReferences");
        ObjectNode ref = ownerReference(project);
        boolean replaced = false;
        for (int i = 0; i < refs.size(); i++) {
            if (refs.get(i).path("uid").asText().equals(Objects.uid(project))) {
                refs.set(i, ref);
                replaced = true;
            }
        }
        if (!replaced) {
            refs.add(ref);
        }
        projectLabels(project).forEach(labels(meta)::put);
        ObjectNode annotations = annotations(meta);
        annotations.put(ANNOTATION_PROJECT, Objects.uid(project));
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
                        Objects.name(project),
                        "",
                        p -> {
                            p.withObjectProperty("spec").put("namespace", namespace);
                            return p;
                        },
                        WRITE);
    }

    // ---------------------------------------------------------------------------------------- delete

    private Future<Void> delete(ObjectNode project) {
        if (!Objects.finalizers(project).contains(FINALIZER)) {
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
                                Objects.name(project),
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
                                return setPhase(project, "Terminating").mapEmpty();
                            });
                });
    }

    /** Whether the namespace is no longer the project's: gone, someone else's, or kept and handed back. */
    private Future<Boolean> release(ObjectNode project, String namespace) {
        return namespaces()
                .get("", namespace)
                .recover(t -> notFound(t) ? Future.succeededFuture(null) : Future.failedFuture(t))
                .compose(ns -> {
                    if (ns == null) {
                        return Future.succeededFuture(true);
                    }
                    if (Objects.isDeleting(ns)) {
                        return Future.succeededFuture(false);
                    }
                    if (!hasProjectLabels(project, ns)) {
                        // not this project's namespace (Gardener will not let one project "steal" another's)
                        return Future.succeededFuture(true);
                    }
                    boolean keep = Boolean.parseBoolean(
                            Objects.stringMap(ns.path("metadata").path("annotations"))
                                    .getOrDefault(ANNOTATION_KEEP, "false"));
                    if (keep) {
                        LOG.info(
                                "project {} hands namespace {} back (keep-after-project-deletion)",
                                Objects.name(project),
                                namespace);
                        return namespaces()
                                .update("", namespace, "", n -> handedBack(project, n), WRITE)
                                .map(true);
                    }
                    LOG.info("deleting namespace {} of deleted project {}", namespace, Objects.name(project));
                    return namespaces()
                            .delete("", namespace, DeleteRequest.DEFAULT, WRITE)
                            .recover(t -> notFound(t) ? Future.succeededFuture() : Future.failedFuture(t))
                            .map(false);
                });
    }

    private static ObjectNode handedBack(ObjectNode project, ObjectNode namespace) {
        ObjectNode meta = Objects.meta(namespace);
        annotations(meta).remove(List.of(ANNOTATION_PROJECT, ANNOTATION_KEEP, ANNOTATION_CREATED));
        labels(meta).remove(List.of(LABEL_PROJECT_NAME, LABEL_ROLE));
        if (meta.get("ownerReferences") instanceof ArrayNode refs) {
            for (int i = refs.size() - 1; i >= 0; i--) {
                JsonNode ref = refs.get(i);
                if (PROJECT_API_VERSION.equals(ref.path("apiVersion").asText())
                        && "Project".equals(ref.path("kind").asText())
                        && Objects.name(project).equals(ref.path("name").asText())
                        && Objects.uid(project).equals(ref.path("uid").asText())) {
                    refs.remove(i);
                }
            }
        }
        return namespace;
    }

    private Future<Void> removeFinalizer(ObjectNode project) {
        LOG.info("removing finalizer of project {}", Objects.name(project));
        return projects()
                .update(
                        "",
                        Objects.name(project),
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

    // ---------------------------------------------------------------------------------------- helpers

    private static String phase(ObjectNode project) {
        return project.path("status").path("phase").asText("");
    }

    /** Sets the phase and observedGeneration through the status subresource, unless they already are. */
    private Future<ObjectNode> setPhase(ObjectNode project, String phase) {
        if (phase.equals(phase(project))
                && project.path("status").path("observedGeneration").asLong() == Objects.generation(project)) {
            return Future.succeededFuture(project);
        }
        return projects()
                .update(
                        "",
                        Objects.name(project),
                        "status",
                        p -> {
                            ObjectNode status = p.withObjectProperty("status");
                            status.put("observedGeneration", Objects.generation(p));
                            status.put("phase", phase);
                            return p;
                        },
                        WRITE);
    }

    /** Best effort, as client-go's recorder: a failed event write changes nothing about the reconcile. */
    private void event(ObjectNode project, String type, String reason, String action, String note) {
        events.record(project, type, reason, action, note)
                .onFailure(t -> LOG.debug(
                        "event {} about project {} not recorded: {}", reason, Objects.name(project), t.getMessage()));
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
        labels.put(LABEL_PROJECT_NAME, Objects.name(project));
        return labels;
    }

    private static boolean hasProjectLabels(ObjectNode project, ObjectNode namespace) {
        Map<String, String> labels = Objects.labels(namespace);
        return projectLabels(project).entrySet().stream()
                .allMatch(e -> e.getValue().equals(labels.get(e.getKey())));
    }

    private static ObjectNode ownerReference(ObjectNode project) {
        return JsonNodeFactory.instance
                .objectNode()
                .put("apiVersion", PROJECT_API_VERSION)
                .put("kind", "Project")
                .put("name", Objects.name(project))
                .put("uid", Objects.uid(project))
                .put("controller", true)
                .put("blockOwnerDeletion", true);
    }

    private static ObjectNode labels(ObjectNode meta) {
        return meta.withObjectProperty("labels");
    }

    private static ObjectNode annotations(ObjectNode meta) {
        return meta.withObjectProperty("annotations");
    }

    private static boolean notFound(Throwable t) {
        return t instanceof ApiException e && e.code() == 404;
    }
}

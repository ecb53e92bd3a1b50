package cloud.gardener.apiserver.admission.plugins.global.deletionconfirmation;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.GoBool;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.RequestMemo;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.GoErrors;
import cloud.gardener.apiserver.admission.plugins.support.Projects;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.admission.validation.seedmanagement.LabelSelectors;
import cloud.gardener.apiserver.api.core.v1beta1.DualApprovalForDeletion;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Gardener's DeletionConfirmation. Projects, Shoots and ShootStates can only be deleted once annotated
 * {@code confirmation.gardener.cloud/deletion=true}; a collection only when every member is. When the Shoot's
 * project asks for dual approval, the user who confirmed ({@code deletion.gardener.cloud/confirmed-by}, which the
 * mutating part maintains on Shoots) cannot also delete.
 */
public final class DeletionConfirmation extends BasePlugin implements MutatingPlugin, ValidatingPlugin {

    public static final String NAME = "DeletionConfirmation";
    public static final String CONFIRMATION = "confirmation.gardener.cloud/deletion";
    public static final String CONFIRMED_BY = "deletion.gardener.cloud/confirmed-by";
    private static final String SERVICE_ACCOUNT_PREFIX = "system:serviceaccount:";
    /** Where the plugin writes an object: its annotations. */
    private static final Mutation ANNOTATIONS = Mutation.at(List.of(List.of("metadata", "annotations")));

    private final ObjectLookup objects;

    public DeletionConfirmation(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE, Operation.DELETE);
        this.objects = context.objects();
    }

    @Override
    public Future<Mutation> admit(Attributes a) {
        if (a.operation() == Operation.DELETE
                || !RequestChecks.isKind(a, StandardResources.CORE, "Shoot")
                || !RequestChecks.isMainResource(a)) {
            return Mutation.none();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        // the records are read before the tree changes
        boolean confirmed = isConfirmed(a.object(Shoot.class).metadata());
        ObjectMeta oldMeta = a.operation() == Operation.UPDATE && a.oldObject() != null
                ? a.oldObject(Shoot.class).metadata()
                : null;
        ObjectNode obj = a.object();
        if (a.operation() == Operation.CREATE) {
            if (!confirmed) {
                return ANNOTATIONS.answer(removeConfirmedBy(obj));
            }
            annotations(obj).put(CONFIRMED_BY, a.user().name());
            return ANNOTATIONS.answer();
        }
        if (a.operation() == Operation.UPDATE) {
            boolean wasConfirmed = isConfirmed(oldMeta);
            if (!confirmed) {
                return ANNOTATIONS.answer(removeConfirmedBy(obj));
            }
            annotations(obj)
                    .put(
                            CONFIRMED_BY,
                            wasConfirmed
                                    ? annotation(oldMeta, CONFIRMED_BY)
                                    : a.user().name());
            return ANNOTATIONS.answer();
        }
        return Mutation.none();
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (a.operation() != Operation.DELETE) {
            return Future.succeededFuture();
        }
        String resource = resourceOf(a);
        if (resource == null) {
            return Future.succeededFuture();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        GroupResource gr = new GroupResource(StandardResources.CORE, resource);
        if (a.name().isEmpty()) {
            return validateCollection(a, gr, resource);
        }
        Future<Optional<Deleted>> current = a.oldObject() != null
                ? Future.succeededFuture(Optional.of(
                        deleted(a.oldObject(), "projects".equals(resource) ? a.oldObject(Project.class) : null)))
                : objects.get(gr, a.namespace(), a.name()).map(found -> found.map(tree -> looked(tree, resource)));
        return current.compose(found -> found.isEmpty()
                ? Future.failedFuture(ApiException.notFound(gr, a.name()))
                : check(found.get(), resource, a.user(), a.memo())
                        .compose(
                                problem -> problem == null ? Future.succeededFuture() : Rejections.forbid(a, problem)));
    }

    /**
     * Gardener's rule for a collection: every object of the namespace as the lister has it, whatever the request's
     * selectors, must be deletable as if deleted on its own; the problems are reported together. The cached copies
     * (compact views for Shoots, of which only the metadata is read) decide for the members they allow; a member
     * refused on its cached copy is read from storage and judged again, so one confirmed a moment ago passes.
     */
    private Future<Void> validateCollection(Attributes a, GroupResource gr, String resource) {
        return objects.list(gr, a.namespace()).compose(items -> {
            List<Future<String>> checks = new ArrayList<>();
            for (ObjectNode item : items) {
                checks.add(checkMember(a, gr, resource, item));
            }
            return Future.all(checks).compose(all -> {
                List<String> problems = new ArrayList<>();
                for (Future<String> f : checks) {
                    if (f.result() != null) {
                        problems.add(f.result());
                    }
                }
                if (problems.isEmpty()) {
                    return Future.succeededFuture();
                }
                // Gardener collects the items' errors with hashicorp's multierror and forbids the whole request (403).
                return Rejections.forbid(a, GoErrors.multierror(problems));
            });
        });
    }

    /**
     * One member of a collection, as Gardener validates it (a delete of its name): null when deletable, else the
     * error's text: the forbidden one, or the live read's (a member gone meanwhile is "not found").
     */
    private Future<String> checkMember(Attributes a, GroupResource gr, String resource, ObjectNode cached) {
        Deleted fromCache = looked(cached, resource);
        String name = fromCache.name();
        return check(fromCache, resource, a.user(), a.memo())
                .compose(cachedProblem -> cachedProblem == null
                        ? Future.<String>succeededFuture()
                        : objects.getLive(gr, a.namespace(), name)
                                .compose(live -> live.isEmpty()
                                        ? Future.succeededFuture(
                                                ApiException.notFound(gr, name).getMessage())
                                        : check(looked(live.get(), resource), resource, a.user(), a.memo())
                                                .map(problem -> problem == null
                                                        ? null
                                                        : ApiException.forbidden(a.resource(), name, problem)
                                                                .getMessage()))
                                .recover(t -> t instanceof ApiException e
                                        ? Future.succeededFuture(e.getMessage())
                                        : Future.failedFuture(t)));
    }

    /** Why the object may not be deleted by this user, or null when it may. */
    private Future<String> check(Deleted obj, String resource, UserInfo user, RequestMemo memo) {
        if (!GoBool.isTrue(obj.annotation(CONFIRMATION))) {
            return Future.succeededFuture("must have a \"" + CONFIRMATION + "\" annotation to delete");
        }
        Future<Optional<Project>> project = obj.project() != null
                ? Future.succeededFuture(Optional.of(obj.project()))
                : Projects.forNamespace(objects, memo, obj.namespace());
        return project.map(found -> {
            if (found.isEmpty()) {
                return "Internal error occurred: " + Projects.NOT_FOUND;
            }
            List<DualApprovalForDeletion> dualApproval =
                    found.get().spec() == null ? null : found.get().spec().dualApprovalForDeletion();
            boolean required = dualApprovalRequired(obj.labels(), dualApproval, resource, user);
            if (required && obj.annotation(CONFIRMED_BY).equals(user.name())) {
                return "you are not allowed to both confirm the deletion and send the actual DELETE request - another "
                        + "subject must perform the deletion";
            }
            return null;
        });
    }

    /** The first dual-approval setting for the resource decides (service accounts count unless excluded). */
    private static boolean dualApprovalRequired(
            Map<String, String> labels, List<DualApprovalForDeletion> configs, String resource, UserInfo user) {
        if (configs == null) {
            return false;
        }
        for (DualApprovalForDeletion config : configs) {
            if (!resource.equals(config.resource())) {
                continue;
            }
            if (config.selector() != null && !LabelSelectors.matches(config.selector(), labels)) {
                return false;
            }
            if (user.name().startsWith(SERVICE_ACCOUNT_PREFIX)) {
                return config.includeServiceAccounts() == null || config.includeServiceAccounts();
            }
            return true;
        }
        return false;
    }

    private static String resourceOf(Attributes a) {
        if (!a.kind().group().equals(StandardResources.CORE)) {
            return null;
        }
        return switch (a.kind().kind()) {
            case "Shoot" -> "shoots";
            case "Project" -> "projects";
            case "ShootState" -> "shootstates";
            default -> null;
        };
    }

    /** {@link #deleted} of a tree the lookup handed out (a Project decoded as the lookup decodes its trees). */
    private Deleted looked(ObjectNode tree, String resource) {
        return deleted(tree, "projects".equals(resource) ? objects.decode(tree, Project.class) : null);
    }

    /** What the checks read of an object to delete, from its tree; {@code project} the object when it is one. */
    private static Deleted deleted(ObjectNode tree, Project project) {
        JsonNode meta = tree.path("metadata");
        return new Deleted(
                meta.path("name").asText(""),
                meta.path("namespace").asText(""),
                strings(meta.path("labels")),
                strings(meta.path("annotations")),
                project);
    }

    /** A string map of the metadata as Go reads it (values that are not strings are not stored; read as text). */
    private static Map<String, String> strings(JsonNode map) {
        if (!(map instanceof ObjectNode obj) || obj.isEmpty()) {
            return Map.of();
        }
        Map<String, String> out = new HashMap<>();
        obj.properties().forEach(e -> out.put(e.getKey(), e.getValue().asText("")));
        return out;
    }

    /**
     * What the checks read of an object to delete: the metadata they test (not the rest of a Shoot, which a
     * collection's check would otherwise decode for every Shoot of the namespace), and the Project itself when it is
     * one.
     */
    private record Deleted(
            String name,
            String namespace,
            Map<String, String> labels,
            Map<String, String> annotations,
            Project project) {

        /** An annotation's value, "" when absent (Go's map read). */
        String annotation(String key) {
            return annotations.getOrDefault(key, "");
        }
    }

    /** {@code CheckIfDeletionIsConfirmed}: the annotation parses as a true boolean ({@code strconv.ParseBool}). */
    static boolean isConfirmed(ObjectMeta meta) {
        return GoBool.isTrue(annotation(meta, CONFIRMATION));
    }

    /** An annotation's value, "" when absent (Go's map read). */
    private static String annotation(ObjectMeta meta, String key) {
        return meta == null ? "" : text(CoreRules.map(meta.annotations()).get(key));
    }

    private static ObjectNode annotations(ObjectNode obj) {
        return obj.withObjectProperty("metadata").get("annotations") instanceof ObjectNode ann
                ? ann
                : obj.withObjectProperty("metadata").putObject("annotations");
    }

    /** Removes the confirmed-by annotation; answers whether there was one. */
    private static boolean removeConfirmedBy(ObjectNode obj) {
        return obj.path("metadata").get("annotations") instanceof ObjectNode ann && ann.remove(CONFIRMED_BY) != null;
    }
}

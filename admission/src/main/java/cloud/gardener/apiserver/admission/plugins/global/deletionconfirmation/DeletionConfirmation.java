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
import cloud.gardener.apiserver.api.core.v1beta1.ShootState;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
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
                return Mutation.wrote(removeConfirmedBy(obj));
            }
            annotations(obj).put(CONFIRMED_BY, a.user().name());
            return Mutation.wrote();
        }
        if (a.operation() == Operation.UPDATE) {
            boolean wasConfirmed = isConfirmed(oldMeta);
            if (!confirmed) {
                return Mutation.wrote(removeConfirmedBy(obj));
            }
            annotations(obj)
                    .put(
                            CONFIRMED_BY,
                            wasConfirmed
                                    ? annotation(oldMeta, CONFIRMED_BY)
                                    : a.user().name());
            return Mutation.wrote();
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
        Class<?> type = typeOf(resource);
        GroupResource gr = new GroupResource(StandardResources.CORE, resource);
        if (a.name().isEmpty()) {
            return validateCollection(a, gr, resource, type);
        }
        Future<Optional<Deleted>> current = a.oldObject() != null
                ? Future.succeededFuture(Optional.of(Deleted.of(a.oldObject(type))))
                : objects.get(type, gr, a.namespace(), a.name()).map(found -> found.map(Deleted::of));
        return current.compose(found -> found.isEmpty()
                ? Future.failedFuture(ApiException.notFound(gr, a.name()))
                : check(found.get(), resource, a.user(), a.memo())
                        .compose(
                                problem -> problem == null ? Future.succeededFuture() : Rejections.forbid(a, problem)));
    }

    /** Every object of the collection must be deletable; the problems are reported together. */
    private Future<Void> validateCollection(Attributes a, GroupResource gr, String resource, Class<?> type) {
        return objects.listLive(gr, a.namespace()).compose(items -> {
            List<Future<String>> checks = new ArrayList<>();
            for (ObjectNode item : items) {
                Deleted deleted = Deleted.of(objects.decode(item, type));
                String itemName =
                        text(deleted.meta() == null ? null : deleted.meta().name());
                checks.add(check(deleted, resource, a.user(), a.memo())
                        .map(problem -> problem == null
                                ? null
                                : ApiException.forbidden(a.resource(), itemName, problem)
                                        .getMessage()));
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

    /** Why the object may not be deleted by this user, or null when it may. */
    private Future<String> check(Deleted obj, String resource, UserInfo user, RequestMemo memo) {
        if (!isConfirmed(obj.meta())) {
            return Future.succeededFuture("must have a \"" + CONFIRMATION + "\" annotation to delete");
        }
        Future<Optional<Project>> project = obj.project() != null
                ? Future.succeededFuture(Optional.of(obj.project()))
                : Projects.forNamespace(
                        objects,
                        memo,
                        text(obj.meta() == null ? null : obj.meta().namespace()));
        return project.map(found -> {
            if (found.isEmpty()) {
                return "Internal error occurred: " + Projects.NOT_FOUND;
            }
            List<DualApprovalForDeletion> dualApproval =
                    found.get().spec() == null ? null : found.get().spec().dualApprovalForDeletion();
            boolean required = dualApprovalRequired(obj.meta(), dualApproval, resource, user);
            if (required && annotation(obj.meta(), CONFIRMED_BY).equals(user.name())) {
                return "you are not allowed to both confirm the deletion and send the actual DELETE request - another "
                        + "subject must perform the deletion";
            }
            return null;
        });
    }

    /** The first dual-approval setting for the resource decides (service accounts count unless excluded). */
    private static boolean dualApprovalRequired(
            ObjectMeta meta, List<DualApprovalForDeletion> configs, String resource, UserInfo user) {
        if (configs == null) {
            return false;
        }
        for (DualApprovalForDeletion config : configs) {
            if (!resource.equals(config.resource())) {
                continue;
            }
            if (config.selector() != null && !LabelSelectors.matches(config.selector(), labels(meta))) {
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

    private static Class<?> typeOf(String resource) {
        return switch (resource) {
            case "shoots" -> Shoot.class;
            case "projects" -> Project.class;
            default -> ShootState.class;
        };
    }

    /** What the checks read of an object to delete: its metadata, and the Project itself when it is one. */
    private record Deleted(ObjectMeta meta, Project project) {

        static Deleted of(Object record) {
            if (record instanceof Project p) {
                return new Deleted(p.metadata(), p);
            }
            if (record instanceof Shoot s) {
                return new Deleted(s.metadata(), null);
            }
            return new Deleted(((ShootState) record).metadata(), null);
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

    private static Map<String, String> labels(ObjectMeta meta) {
        return meta == null ? Map.of() : CoreRules.map(meta.labels());
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

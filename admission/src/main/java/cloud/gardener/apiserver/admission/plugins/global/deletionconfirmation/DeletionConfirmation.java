package cloud.gardener.apiserver.admission.plugins.global.deletionconfirmation;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.GoErrors;
import cloud.gardener.apiserver.admission.plugins.support.Projects;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.validation.seedmanagement.LabelSelectors;
import cloud.gardener.apiserver.api.core.v1beta1.DualApprovalForDeletion;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.model.ModelCodec;
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
import java.util.Set;

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
    private static final Set<String> TRUE = Set.of("1", "t", "T", "TRUE", "true", "True");

    private final ObjectLookup objects;

    public DeletionConfirmation(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE, Operation.DELETE);
        this.objects = context.objects();
    }

    @Override
    public Future<Void> admit(Attributes a) {
        if (a.operation() == Operation.DELETE
                || !RequestChecks.isKind(a, StandardResources.CORE, "Shoot")
                || !RequestChecks.isMainResource(a)) {
            return Future.succeededFuture();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        ObjectNode obj = a.object();
        boolean confirmed = isConfirmed(obj);
        if (a.operation() == Operation.CREATE) {
            if (confirmed) {
                annotations(obj).put(CONFIRMED_BY, a.user().name());
            } else {
                removeConfirmedBy(obj);
            }
        } else if (a.operation() == Operation.UPDATE) {
            boolean wasConfirmed = isConfirmed(a.oldObject());
            if (!wasConfirmed && confirmed) {
                annotations(obj).put(CONFIRMED_BY, a.user().name());
            } else if (wasConfirmed && confirmed) {
                annotations(obj)
                        .put(
                                CONFIRMED_BY,
                                a.oldObject()
                                        .path("metadata")
                                        .path("annotations")
                                        .path(CONFIRMED_BY)
                                        .asText(""));
            } else if (!confirmed) {
                removeConfirmedBy(obj);
            }
        }
        return Future.succeededFuture();
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
        Future<Optional<ObjectNode>> current = a.oldObject() != null
                ? Future.succeededFuture(Optional.of(a.oldObject()))
                : objects.get(gr, a.namespace(), a.name());
        return current.compose(found -> found.isEmpty()
                ? Future.failedFuture(ApiException.notFound(gr, a.name()))
                : check(found.get(), resource, a.user())
                        .compose(
                                problem -> problem == null ? Future.succeededFuture() : Rejections.forbid(a, problem)));
    }

    /** Every object of the collection must be deletable; the problems are reported together. */
    private Future<Void> validateCollection(Attributes a, GroupResource gr, String resource) {
        return objects.listLive(gr, a.namespace()).compose(items -> {
            List<Future<String>> checks = new ArrayList<>();
            for (ObjectNode item : items) {
                String itemName = item.path("metadata").path("name").asText();
                checks.add(check(item, resource, a.user())
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
    private Future<String> check(ObjectNode obj, String resource, UserInfo user) {
        if (!isConfirmed(obj)) {
            return Future.succeededFuture("must have a \"" + CONFIRMATION + "\" annotation to delete");
        }
        Future<Optional<Project>> project = resource.equals("projects")
                ? Future.succeededFuture(
                        Optional.of(ModelCodec.decode(obj, Project.class).value()))
                : Projects.forNamespace(
                        objects, obj.path("metadata").path("namespace").asText());
        return project.map(found -> {
            if (found.isEmpty()) {
                return "Internal error occurred: " + Projects.NOT_FOUND;
            }
            List<DualApprovalForDeletion> dualApproval =
                    found.get().spec() == null ? null : found.get().spec().dualApprovalForDeletion();
            boolean required = dualApprovalRequired(obj, dualApproval, resource, user);
            String confirmedBy =
                    obj.path("metadata").path("annotations").path(CONFIRMED_BY).asText("");
            if (required && confirmedBy.equals(user.name())) {
                return "you are not allowed to both confirm the deletion and send the actual DELETE request - another "
                        + "subject must perform the deletion";
            }
            return null;
        });
    }

    /** The first dual-approval setting for the resource decides (service accounts count unless excluded). */
    private static boolean dualApprovalRequired(
            ObjectNode obj, List<DualApprovalForDeletion> configs, String resource, UserInfo user) {
        if (configs == null) {
            return false;
        }
        for (DualApprovalForDeletion config : configs) {
            if (!resource.equals(config.resource())) {
                continue;
            }
            if (config.selector() != null && !LabelSelectors.matches(config.selector(), labels(obj))) {
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

    /** {@code CheckIfDeletionIsConfirmed}: the annotation parses as a true boolean ({@code strconv.ParseBool}). */
    static boolean isConfirmed(JsonNode obj) {
        return obj != null
                && TRUE.contains(obj.path("metadata")
                        .path("annotations")
                        .path(CONFIRMATION)
                        .asText(""));
    }

    private static Map<String, String> labels(JsonNode obj) {
        Map<String, String> labels = new HashMap<>();
        obj.path("metadata")
                .path("labels")
                .properties()
                .forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
        return labels;
    }

    private static ObjectNode annotations(ObjectNode obj) {
        return obj.withObjectProperty("metadata").get("annotations") instanceof ObjectNode ann
                ? ann
                : obj.withObjectProperty("metadata").putObject("annotations");
    }

    private static void removeConfirmedBy(ObjectNode obj) {
        if (obj.path("metadata").get("annotations") instanceof ObjectNode ann) {
            ann.remove(CONFIRMED_BY);
        }
    }
}

package cloud.gardener.apiserver.admission.plugins.garden;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.GoBool;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.admission.validation.operator.GardenValidator;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.operator.v1alpha1.Garden;
import cloud.gardener.apiserver.api.operator.v1alpha1.GardenExtension;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;
import java.util.Set;

/**
 * The object checks of gardener-operator's Garden webhook (pkg/operator/webhook/validation/garden/handler.go)
 * that need more than the Garden itself: there is only one Garden, it is not created with the operator's
 * finalizers, and deleting it must be confirmed with {@code confirmation.gardener.cloud/deletion=true}
 * (Gardener's {@code CheckIfDeletionIsConfirmed}); its extension types are registered operator {@code Extension}s
 * (422 on {@code spec.extensions[i].type}). The Garden's own fields are checked by its static validation.
 *
 * <p>The warnings Gardener's handler returns for deprecated kube-apiserver settings ({@link GardenWarnings}) are
 * given by the Garden's registry strategy, as plugins here have no channel for warnings.
 */
public final class GardenPlugin extends BasePlugin implements ValidatingPlugin {

    public static final String NAME = "Garden";
    public static final GroupResource GARDENS = Kinds.GARDEN.groupResource();
    public static final GroupResource EXTENSIONS = Kinds.EXTENSION.groupResource();
    private static final GroupVersionKind GARDEN =
            new GroupVersionKind(StandardResources.OPERATOR, "v1alpha1", "Garden");
    public static final String ONLY_ONE =
            "there can be only one operator.gardener.cloud/v1alpha1.Garden resource in the system at a time";
    public static final String CONFIRMATION_ANNOTATION = "confirmation.gardener.cloud/deletion";
    /** The finalizers of gardener-operator and of its reference protection. */
    private static final Set<String> FORBIDDEN_FINALIZERS_ON_CREATION =
            Set.of("gardener.cloud/operator", "gardener.cloud/reference-protection");

    private final ObjectLookup objects;

    public GardenPlugin(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE, Operation.DELETE);
        this.objects = context.objects();
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!a.resource().equals(GARDENS) || !a.subresource().isEmpty()) {
            return Future.succeededFuture();
        }
        if (a.operation() == Operation.DELETE) {
            // a collection delete is admitted once without an object, then per Garden
            return a.oldObject() == null ? Future.succeededFuture() : checkDeletionConfirmed(a);
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        if (a.operation() == Operation.UPDATE) {
            return extensionsRegistered(a);
        }
        // read live: two concurrent creations must not both see an empty list in a cache
        return objects.listLive(GARDENS, "").compose(gardens -> {
            if (!gardens.isEmpty()) {
                return Future.failedFuture(ApiException.badRequest(ONLY_ONE));
            }
            ObjectMeta metadata = a.object(Garden.class).metadata();
            for (String finalizer : metadata == null ? List.<String>of() : CoreRules.list(metadata.finalizers())) {
                if (FORBIDDEN_FINALIZERS_ON_CREATION.contains(finalizer)) {
                    return Future.failedFuture(
                            ApiException.badRequest("finalizer \"" + finalizer + "\" cannot be added on creation"));
                }
            }
            return extensionsRegistered(a);
        });
    }

    private Future<Void> extensionsRegistered(Attributes a) {
        Garden garden = a.object(Garden.class);
        List<GardenExtension> extensions =
                garden.spec() == null || garden.spec().extensions() == null
                        ? List.of()
                        : garden.spec().extensions();
        if (extensions.isEmpty()) {
            return Future.succeededFuture();
        }
        return objects.list(EXTENSIONS, "").compose(registered -> {
            List<FieldError> errors = GardenValidator.unregisteredExtensions(extensions, List.copyOf(registered));
            return errors.isEmpty()
                    ? Future.succeededFuture()
                    : Future.failedFuture(ApiException.invalid(GARDEN, a.name(), errors));
        });
    }

    /**
     * Gardener answers with a plain error, which its webhook turns into a 403 Forbidden; in-server that is
     * {@code admission.NewForbidden}, as gardener-apiserver's DeletionConfirmation plugin words the same check.
     */
    private static Future<Void> checkDeletionConfirmed(Attributes a) {
        if (deletionConfirmed(a.oldObject(Garden.class).metadata())) {
            return Future.succeededFuture();
        }
        return Rejections.forbid(a, deletionNotConfirmedMessage());
    }

    /** {@code CheckIfDeletionIsConfirmed}: the annotation parses as true with Go's {@code strconv.ParseBool}. */
    public static boolean deletionConfirmed(ObjectNode obj) {
        String value = obj.path("metadata")
                .path("annotations")
                .path(CONFIRMATION_ANNOTATION)
                .asText("");
        return GoBool.isTrue(value);
    }

    /** {@code CheckIfDeletionIsConfirmed} on an object's metadata record. */
    public static boolean deletionConfirmed(ObjectMeta metadata) {
        String value = metadata == null
                ? ""
                : CoreRules.text(CoreRules.map(metadata.annotations()).get(CONFIRMATION_ANNOTATION));
        return GoBool.isTrue(value);
    }

    public static String deletionNotConfirmedMessage() {
        return "must have a \"" + CONFIRMATION_ANNOTATION + "\" annotation to delete";
    }
}

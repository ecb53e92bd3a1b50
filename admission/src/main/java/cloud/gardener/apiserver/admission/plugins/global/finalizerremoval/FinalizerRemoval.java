package cloud.gardener.apiserver.admission.plugins.global.finalizerremoval;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;

/**
 * Gardener's FinalizerRemoval: the {@code gardener} finalizer stays on SecretBindings and CredentialsBindings
 * while a Shoot of their namespace uses them, and on Shoots until their deletion has succeeded.
 */
public final class FinalizerRemoval extends BasePlugin implements ValidatingPlugin {

    public static final String NAME = "FinalizerRemoval";
    private static final String FINALIZER = "gardener";

    private final ObjectLookup objects;

    public FinalizerRemoval(PluginContext context) {
        super(NAME, Operation.UPDATE);
        this.objects = context.objects();
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (a.object() == null || a.oldObject() == null || !finalizerRemoved(a.oldObject(), a.object())) {
            return Future.succeededFuture();
        }
        if (RequestChecks.isKind(a, StandardResources.CORE, "SecretBinding")) {
            return refuseWhileUsed(a, "secretBindingName", "secret binding");
        }
        if (RequestChecks.isKind(a, StandardResources.SECURITY, "CredentialsBinding")) {
            return refuseWhileUsed(a, "credentialsBindingName", "credentials binding");
        }
        if (RequestChecks.isKind(a, StandardResources.CORE, "Shoot") && !shootDeletionSucceeded(a.object())) {
            return Rejections.forbid(
                    a,
                    "finalizer \"" + FINALIZER + "\" cannot be removed because shoot deletion has "
                            + "not completed successfully yet");
        }
        return Future.succeededFuture();
    }

    private Future<Void> refuseWhileUsed(Attributes a, String shootField, String what) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        String namespace = a.object().path("metadata").path("namespace").asText();
        String name = a.object().path("metadata").path("name").asText();
        return objects.list(GardenerResources.SHOOTS, namespace).compose(shoots -> {
            boolean inUse = shoots.stream()
                    .anyMatch(s -> name.equals(s.path("spec").path(shootField).asText(null)));
            return inUse
                    ? Rejections.forbid(
                            a,
                            "finalizer must not be removed - " + what + " " + namespace + "/" + name
                                    + " is still in use by at least one shoot")
                    : Future.succeededFuture();
        });
    }

    /** Without a technical ID or last operation nothing was created; else the last operation is a finished Delete. */
    private static boolean shootDeletionSucceeded(JsonNode shoot) {
        JsonNode status = shoot.path("status");
        JsonNode lastOperation = status.get("lastOperation");
        if (status.path("technicalID").asText("").isEmpty() || lastOperation == null || lastOperation.isNull()) {
            return true;
        }
        return "Delete".equals(lastOperation.path("type").asText())
                && "Succeeded".equals(lastOperation.path("state").asText())
                && lastOperation.path("progress").asInt(-1) == 100;
    }

    private static boolean finalizerRemoved(JsonNode old, JsonNode updated) {
        return contains(old.path("metadata").path("finalizers"), FINALIZER)
                && !contains(updated.path("metadata").path("finalizers"), FINALIZER);
    }

    private static boolean contains(JsonNode list, String value) {
        for (JsonNode item : list) {
            if (value.equals(item.asText())) {
                return true;
            }
        }
        return false;
    }
}

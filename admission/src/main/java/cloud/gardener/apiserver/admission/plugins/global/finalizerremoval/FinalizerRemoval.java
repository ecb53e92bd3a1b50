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
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.LastOperation;
import cloud.gardener.apiserver.api.core.v1beta1.SecretBinding;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding;
import io.vertx.core.Future;
import java.util.List;
import java.util.function.Function;

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
        if (a.object() == null || a.oldObject() == null) {
            return Future.succeededFuture();
        }
        if (RequestChecks.isKind(a, StandardResources.CORE, "SecretBinding")) {
            ObjectMeta meta = a.object(SecretBinding.class).metadata();
            return finalizerRemoved(a.oldObject(SecretBinding.class).metadata(), meta)
                    ? refuseWhileUsed(a, meta, ShootSpec::secretBindingName, "secret binding")
                    : Future.succeededFuture();
        }
        if (RequestChecks.isKind(a, StandardResources.SECURITY, "CredentialsBinding")) {
            ObjectMeta meta = a.object(CredentialsBinding.class).metadata();
            return finalizerRemoved(a.oldObject(CredentialsBinding.class).metadata(), meta)
                    ? refuseWhileUsed(a, meta, ShootSpec::credentialsBindingName, "credentials binding")
                    : Future.succeededFuture();
        }
        if (RequestChecks.isKind(a, StandardResources.CORE, "Shoot")) {
            Shoot shoot = a.object(Shoot.class);
            if (finalizerRemoved(a.oldObject(Shoot.class).metadata(), shoot.metadata())
                    && !shootDeletionSucceeded(shoot)) {
                return Rejections.forbid(
                        a,
                        "finalizer \"" + FINALIZER + "\" cannot be removed because shoot deletion has "
                                + "not completed successfully yet");
            }
        }
        return Future.succeededFuture();
    }

    private Future<Void> refuseWhileUsed(
            Attributes a, ObjectMeta meta, Function<ShootSpec, String> bindingName, String what) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        String namespace = meta == null ? "" : CoreRules.text(meta.namespace());
        String name = meta == null ? "" : CoreRules.text(meta.name());
        // consistent (Gardener reads its informer): a Shoot created a moment ago may not be in the watch-fed cache
        // yet, and a finalizer removed on that lag would let the binding go under a running Shoot
        return objects.consistent()
                .list(Shoot.class, GardenerResources.SHOOTS, namespace)
                .compose(shoots -> {
                    boolean inUse =
                            shoots.stream().anyMatch(s -> s.spec() != null && name.equals(bindingName.apply(s.spec())));
                    return inUse
                            ? Rejections.forbid(
                                    a,
                                    "finalizer must not be removed - " + what + " " + namespace + "/" + name
                                            + " is still in use by at least one shoot")
                            : Future.succeededFuture();
                });
    }

    /** Without a technical ID or last operation nothing was created; else the last operation is a finished Delete. */
    private static boolean shootDeletionSucceeded(Shoot shoot) {
        LastOperation lastOperation =
                shoot.status() == null ? null : shoot.status().lastOperation();
        if (CoreRules.empty(shoot.status() == null ? null : shoot.status().technicalID()) || lastOperation == null) {
            return true;
        }
        return "Delete".equals(lastOperation.type())
                && "Succeeded".equals(lastOperation.state())
                && lastOperation.progress() == 100;
    }

    private static boolean finalizerRemoved(ObjectMeta old, ObjectMeta updated) {
        return finalizers(old).contains(FINALIZER) && !finalizers(updated).contains(FINALIZER);
    }

    private static List<String> finalizers(ObjectMeta meta) {
        return meta == null ? List.of() : CoreRules.list(meta.finalizers());
    }
}

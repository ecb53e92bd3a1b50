package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.api.core.v1beta1.EncryptionConfig;
import cloud.gardener.apiserver.api.core.v1beta1.KubeAPIServerConfig;
import cloud.gardener.apiserver.api.core.v1beta1.KubeControllerManagerConfig;
import cloud.gardener.apiserver.api.core.v1beta1.Kubernetes;
import cloud.gardener.apiserver.api.core.v1beta1.LastOperation;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootStatus;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The update rules of the component configurations in {@code ValidateShootUpdate}: the node CIDR mask size is
 * immutable ({@code validateKubeControllerManagerUpdate}), and the encryption configuration only changes when no
 * etcd key rotation, earlier encryption change or hibernation is in the way ({@code ValidateEncryptionConfigUpdate}).
 */
final class ComponentConfigUpdateRules {

    private static final FieldPath ENCRYPTION = FieldPath.of("spec", "kubernetes", "kubeAPIServer", "encryptionConfig");
    private static final String COMPLETED = "Completed";

    private ComponentConfigUpdateRules() {
    }

    static List<FieldError> validate(Shoot shoot, Shoot old) {
        List<FieldError> errs = new ArrayList<>();
        KubeControllerManagerConfig kcm = kubernetes(shoot).kubeControllerManager();
        KubeControllerManagerConfig oldKcm = kubernetes(old).kubeControllerManager();
        Integer mask = kcm == null ? null : kcm.nodeCIDRMaskSize();
        Integer oldMask = oldKcm == null ? null : oldKcm.nodeCIDRMaskSize();
        errs.addAll(CoreRules.immutable(mask, oldMask,
                FieldPath.of("spec", "kubernetes", "kubeControllerManager", "nodeCIDRMaskSize")));
        errs.addAll(encryptionConfig(shoot, old));
        return errs;
    }

    private static List<FieldError> encryptionConfig(Shoot shoot, Shoot old) {
        List<FieldError> errs = new ArrayList<>();
        EncryptionConfig now = encryption(shoot);
        EncryptionConfig before = encryption(old);
        ShootStatus status = shoot.status();
        Set<String> current = new HashSet<>();
        String currentProvider = "";
        String etcdKeyPhase = "";
        LastOperation lastOperation = null;
        if (status != null) {
            lastOperation = status.lastOperation();
            if (status.credentials() != null) {
                var atRest = status.credentials().encryptionAtRest();
                if (atRest != null) {
                    list(atRest.resources()).forEach(r -> current.add(groupResource(r)));
                    currentProvider = atRest.provider() == null ? "" : text(atRest.provider().type());
                }
                var rotation = status.credentials().rotation();
                if (rotation != null && rotation.etcdEncryptionKey() != null) {
                    etcdKeyPhase = text(rotation.etcdEncryptionKey().phase());
                }
            }
        }
        boolean hibernated = ShootValidator.spec(shoot).hibernation() != null
                && Boolean.TRUE.equals(ShootValidator.spec(shoot).hibernation().enabled());
        Set<String> oldResources = resources(before);
        Set<String> newResources = resources(now);
        String oldProvider = providerType(before);
        String newProvider = providerType(now);
        boolean rotating = !etcdKeyPhase.isEmpty() && !COMPLETED.equals(etcdKeyPhase);
        boolean rollingOut = !oldResources.equals(current) || !oldProvider.equals(currentProvider);
        if (!newResources.equals(oldResources)) {
            String at = ENCRYPTION.child("resources").toString();
            if (rotating) {
                errs.add(FieldError.forbidden(at, "resources cannot be changed when "
                        + ".status.credentials.rotation.etcdEncryptionKey.phase is not \"Completed\""));
            }
            if (rollingOut) {
                errs.add(FieldError.forbidden(at, "resources cannot be changed because a previous encryption "
                        + "configuration change is currently being rolled out"));
            }
            if (hibernated) {
                errs.add(FieldError.forbidden(at, "resources cannot be changed when shoot is in hibernation"));
            }
        }
        if (!Objects.equals(newProvider, oldProvider)) {
            String at = ENCRYPTION.child("provider", "type").toString();
            if (!readyForRotationStart(lastOperation)) {
                errs.add(FieldError.forbidden(at, "provider type cannot be changed if resource was not yet created "
                        + "successfully or is not ready for reconciliation"));
            }
            if (rotating) {
                errs.add(FieldError.forbidden(at, "provider type cannot be changed when "
                        + ".status.credentials.rotation.etcdEncryptionKey.phase is not \"Completed\""));
            }
            if (rollingOut) {
                errs.add(FieldError.forbidden(at, "provider type cannot be changed because a previous encryption "
                        + "configuration change is currently being rolled out"));
            }
            if (hibernated) {
                errs.add(FieldError.forbidden(at, "provider type cannot be changed when shoot is in hibernation"));
            }
            if (!newResources.equals(oldResources)) {
                errs.add(FieldError.forbidden(at, "provider type and resources cannot be changed simultaneously"));
            }
        }
        return errs;
    }

    private static Kubernetes kubernetes(Shoot shoot) {
        return ShootValidator.kubernetes(ShootValidator.spec(shoot));
    }

    private static EncryptionConfig encryption(Shoot shoot) {
        KubeAPIServerConfig kas = kubernetes(shoot).kubeAPIServer();
        return kas == null ? null : kas.encryptionConfig();
    }

    private static Set<String> resources(EncryptionConfig config) {
        Set<String> set = new HashSet<>();
        if (config != null) {
            list(config.resources()).forEach(r -> set.add(groupResource(r)));
        }
        return set;
    }

    /** {@code schema.ParseGroupResource}, as {@code group/resource}, so sets compare as Gardener's do. */
    private static String groupResource(String resource) {
        int dot = resource.indexOf('.');
        return dot < 0 ? "/" + resource : resource.substring(dot + 1) + "/" + resource.substring(0, dot);
    }

    private static String providerType(EncryptionConfig config) {
        return config == null || config.provider() == null ? "" : text(config.provider().type());
    }

    /** {@code isShootReadyForRotationStart}: created or restored successfully, or reconciling. */
    private static boolean readyForRotationStart(LastOperation op) {
        if (op == null) {
            return false;
        }
        String type = text(op.type());
        boolean succeeded = "Succeeded".equals(op.state());
        return (type.equals("Create") || type.equals("Restore")) && succeeded || type.equals("Reconcile");
    }
}

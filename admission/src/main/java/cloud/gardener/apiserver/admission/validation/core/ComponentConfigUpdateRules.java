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
import java.util.List;

/**
 * The update rules of the component configurations in {@code ValidateShootUpdate}: the node CIDR mask size is
 * immutable ({@code validateKubeControllerManagerUpdate}), and the encryption configuration only changes when no
 * etcd key rotation, earlier encryption change or hibernation is in the way ({@code ValidateEncryptionConfigUpdate}).
 */
final class ComponentConfigUpdateRules {

    private static final FieldPath ENCRYPTION = FieldPath.of("spec", "kubernetes", "kubeAPIServer", "encryptionConfig");

    private ComponentConfigUpdateRules() {}

    static List<FieldError> validate(Shoot shoot, Shoot old) {
        List<FieldError> errs = new ArrayList<>();
        KubeControllerManagerConfig kcm = kubernetes(shoot).kubeControllerManager();
        KubeControllerManagerConfig oldKcm = kubernetes(old).kubeControllerManager();
        Integer mask = kcm == null ? null : kcm.nodeCIDRMaskSize();
        Integer oldMask = oldKcm == null ? null : oldKcm.nodeCIDRMaskSize();
        errs.addAll(CoreRules.immutable(
                mask, oldMask, FieldPath.of("spec", "kubernetes", "kubeControllerManager", "nodeCIDRMaskSize")));
        errs.addAll(encryptionConfig(shoot, old));
        return errs;
    }

    private static List<FieldError> encryptionConfig(Shoot shoot, Shoot old) {
        ShootStatus status = shoot.status();
        List<String> current = new ArrayList<>();
        String currentProvider = "";
        String etcdKeyPhase = "";
        LastOperation lastOperation = null;
        if (status != null) {
            lastOperation = status.lastOperation();
            if (status.credentials() != null) {
                var atRest = status.credentials().encryptionAtRest();
                if (atRest != null) {
                    current.addAll(list(atRest.resources()));
                    currentProvider = atRest.provider() == null
                            ? ""
                            : text(atRest.provider().type());
                }
                var rotation = status.credentials().rotation();
                if (rotation != null && rotation.etcdEncryptionKey() != null) {
                    etcdKeyPhase = text(rotation.etcdEncryptionKey().phase());
                }
            }
        }
        boolean hibernated = ShootValidator.spec(shoot).hibernation() != null
                && Boolean.TRUE.equals(ShootValidator.spec(shoot).hibernation().enabled());
        return new EncryptionConfigUpdate(current, currentProvider, etcdKeyPhase, lastOperation, hibernated)
                .validate(encryption(shoot), encryption(old), ENCRYPTION);
    }

    private static Kubernetes kubernetes(Shoot shoot) {
        return ShootValidator.kubernetes(ShootValidator.spec(shoot));
    }

    private static EncryptionConfig encryption(Shoot shoot) {
        KubeAPIServerConfig kas = kubernetes(shoot).kubeAPIServer();
        return kas == null ? null : kas.encryptionConfig();
    }
}

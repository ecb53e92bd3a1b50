package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.api.core.v1beta1.EncryptionConfig;
import cloud.gardener.apiserver.api.core.v1beta1.LastOperation;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Gardener's {@code ValidateEncryptionConfigUpdate}, shared by Shoots and the Garden's API servers: resources and
 * provider type change only when no etcd key rotation, earlier encryption change still rolling out or hibernation
 * is in the way, and never both at once.
 *
 * @param encryptedResources what the status says is encrypted
 * @param encryptedProvider  the provider type the status reports ("" when none)
 * @param etcdKeyPhase       the etcd encryption key rotation phase ("" or null without a rotation)
 * @param lastOperation      the status' last operation, or null
 * @param hibernated         whether the cluster is (to be) hibernated; a Garden never is
 */
public record EncryptionConfigUpdate(
        Collection<String> encryptedResources,
        String encryptedProvider,
        String etcdKeyPhase,
        LastOperation lastOperation,
        boolean hibernated) {

    private static final String COMPLETED = "Completed";

    public List<FieldError> validate(EncryptionConfig now, EncryptionConfig before, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> current = groupResources(encryptedResources);
        Set<String> oldResources = resources(before);
        Set<String> newResources = resources(now);
        String oldProvider = providerType(before);
        String newProvider = providerType(now);
        boolean rotating = etcdKeyPhase != null && !etcdKeyPhase.isEmpty() && !COMPLETED.equals(etcdKeyPhase);
        boolean rollingOut = !oldResources.equals(current) || !oldProvider.equals(text(encryptedProvider));
        if (!newResources.equals(oldResources)) {
            String at = path.child("resources").toString();
            if (rotating) {
                errs.add(FieldError.forbidden(
                        at,
                        "resources cannot be changed when "
                                + ".status.credentials.rotation.etcdEncryptionKey.phase is not \"Completed\""));
            }
            if (rollingOut) {
                errs.add(FieldError.forbidden(
                        at,
                        "resources cannot be changed because a previous encryption "
                                + "configuration change is currently being rolled out"));
            }
            if (hibernated) {
                errs.add(FieldError.forbidden(at, "resources cannot be changed when shoot is in hibernation"));
            }
        }
        if (!newProvider.equals(oldProvider)) {
            String at = path.child("provider", "type").toString();
            if (!readyForRotationStart()) {
                errs.add(FieldError.forbidden(
                        at,
                        "provider type cannot be changed if resource was not yet created "
                                + "successfully or is not ready for reconciliation"));
            }
            if (rotating) {
                errs.add(FieldError.forbidden(
                        at,
                        "provider type cannot be changed when "
                                + ".status.credentials.rotation.etcdEncryptionKey.phase is not \"Completed\""));
            }
            if (rollingOut) {
                errs.add(FieldError.forbidden(
                        at,
                        "provider type cannot be changed because a previous encryption "
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

    /** {@code isShootReadyForRotationStart}: created or restored successfully, or reconciling. */
    private boolean readyForRotationStart() {
        if (lastOperation == null) {
            return false;
        }
        String type = text(lastOperation.type());
        boolean succeeded = "Succeeded".equals(lastOperation.state());
        return ((type.equals("Create") || type.equals("Restore")) && succeeded) || type.equals("Reconcile");
    }

    private static Set<String> resources(EncryptionConfig config) {
        return config == null ? Set.of() : groupResources(list(config.resources()));
    }

    /** {@code schema.ParseGroupResource}, as {@code group/resource}, so sets compare as Gardener's do. */
    private static Set<String> groupResources(Collection<String> resources) {
        Set<String> set = new HashSet<>();
        for (String resource : resources) {
            int dot = resource.indexOf('.');
            set.add(dot < 0 ? "/" + resource : resource.substring(dot + 1) + "/" + resource.substring(0, dot));
        }
        return set;
    }

    private static String providerType(EncryptionConfig config) {
        return config == null || config.provider() == null
                ? ""
                : text(config.provider().type());
    }
}

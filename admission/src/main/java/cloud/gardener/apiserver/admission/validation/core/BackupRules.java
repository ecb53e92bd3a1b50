package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.empty;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.List;

/** The seed-or-shoot placement rule that BackupBuckets and BackupEntries share. */
final class BackupRules {

    private BackupRules() {}

    /** Exactly one of seedName and shootRef; a shootRef names a v1beta1 Shoot (in {@code namespace} if given). */
    static List<FieldError> placement(String seedName, ObjectReference shootRef, String namespace, FieldPath spec) {
        List<FieldError> errs = new ArrayList<>();
        String seedPath = spec.child("seedName").toString();
        if (seedName == null && shootRef == null) {
            errs.add(FieldError.invalid(seedPath, null, "either .spec.seedName or .spec.shootRef must be set"));
        } else if (seedName != null && shootRef != null) {
            errs.add(FieldError.invalid(
                    seedPath, seedName, "not both .spec.seedName and .spec.shootRef can be set at the same time"));
        } else if (seedName != null && seedName.isEmpty()) {
            errs.add(FieldError.invalid(seedPath, seedName, "seed must not be empty"));
        } else if (shootRef != null) {
            FieldPath ref = spec.child("shootRef");
            if (!"core.gardener.cloud/v1beta1".equals(shootRef.apiVersion())) {
                errs.add(FieldError.forbidden(
                        ref.child("apiVersion").toString(), "must be core.gardener.cloud/v1beta1"));
            }
            if (!"Shoot".equals(shootRef.kind())) {
                errs.add(FieldError.forbidden(ref.child("kind").toString(), "must be Shoot"));
            }
            if (empty(shootRef.name())) {
                errs.add(FieldError.invalid(
                        ref.child("name").toString(), text(shootRef.name()), "name must not be empty"));
            }
            if (empty(shootRef.namespace())) {
                errs.add(FieldError.invalid(
                        ref.child("namespace").toString(), text(shootRef.namespace()), "namespace must not be empty"));
            } else if (namespace != null && !shootRef.namespace().equals(namespace)) {
                errs.add(FieldError.forbidden(
                        ref.child("namespace").toString(), "cannot reference a Shoot from another namespace"));
            }
        }
        return errs;
    }
}

package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.empty;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.core.v1beta1.BackupEntry;
import cloud.gardener.apiserver.api.core.v1beta1.BackupEntrySpec;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;

/** {@code ValidateBackupEntry}: a bucket name and a seed or a shoot of the entry's own namespace. */
public final class BackupEntryValidator implements Validator<BackupEntry> {

    @Override
    public List<FieldError> validate(BackupEntry entry) {
        // backup entry names are not checked beyond the generic rules (validateBackupEntryName)
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                entry.metadata(), true, (name, prefix) -> List.of(), FieldPath.of("metadata")));
        BackupEntrySpec spec = entry.spec() == null ? new BackupEntrySpec(null, null, null) : entry.spec();
        FieldPath path = FieldPath.of("spec");
        if (empty(spec.bucketName())) {
            errs.add(FieldError.invalid(
                    path.child("bucketName").toString(), text(spec.bucketName()), "bucketName must not be empty"));
        }
        String namespace = entry.metadata() == null ? "" : text(entry.metadata().namespace());
        errs.addAll(BackupRules.placement(spec.seedName(), spec.shootRef(), namespace, path));
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(BackupEntry entry, BackupEntry old) {
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validateUpdate(entry.metadata(), old.metadata(), FieldPath.of("metadata")));
        errs.addAll(validate(entry));
        return errs;
    }
}

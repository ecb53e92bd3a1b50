package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.empty;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.core.v1beta1.BackupBucket;
import cloud.gardener.apiserver.api.core.v1beta1.BackupBucketProvider;
import cloud.gardener.apiserver.api.core.v1beta1.BackupBucketSpec;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;

/** {@code ValidateBackupBucket}: provider, placement and credentials; provider and seed are immutable. */
public final class BackupBucketValidator implements Validator<BackupBucket> {

    @Override
    public List<FieldError> validate(BackupBucket bucket) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                bucket.metadata(), false, NameRules.DNS_LABEL_NAME, FieldPath.of("metadata")));
        BackupBucketSpec spec = spec(bucket);
        FieldPath path = FieldPath.of("spec");
        BackupBucketProvider provider =
                spec.provider() == null ? new BackupBucketProvider(null, null) : spec.provider();
        if (empty(provider.type())) {
            errs.add(FieldError.invalid(
                    path.child("provider.type").toString(), text(provider.type()), "type name must not be empty"));
        }
        if (empty(provider.region())) {
            errs.add(FieldError.invalid(
                    path.child("provider.region").toString(), text(provider.region()), "region must not be empty"));
        }
        errs.addAll(BackupRules.placement(spec.seedName(), spec.shootRef(), null, path));
        if (spec.credentialsRef() == null) {
            errs.add(FieldError.required(
                    path.child("credentialsRef").toString(), "must be set and refer a Secret or WorkloadIdentity"));
        } else {
            errs.addAll(CoreRules.credentialsRef(spec.credentialsRef(), true, path.child("credentialsRef")));
        }
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(BackupBucket bucket, BackupBucket old) {
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validateUpdate(bucket.metadata(), old.metadata(), FieldPath.of("metadata")));
        errs.addAll(
                CoreRules.immutable(spec(bucket).provider(), spec(old).provider(), FieldPath.of("spec", "provider")));
        errs.addAll(
                CoreRules.immutable(spec(bucket).seedName(), spec(old).seedName(), FieldPath.of("spec", "seedName")));
        errs.addAll(validate(bucket));
        return errs;
    }

    private static BackupBucketSpec spec(BackupBucket b) {
        return b.spec() == null ? new BackupBucketSpec(null, null, null, null, null) : b.spec();
    }
}

package cloud.gardener.apiserver.admission.validation;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The validator of each kind and version, applied to JSON objects through the kind's record. */
public final class Validators {

    /** A validator with the record class it reads. */
    private record Entry<T>(Class<T> type, Validator<T> validator) {

        List<FieldError> validate(ObjectNode obj) {
            return validator.validate(ModelCodec.decode(obj, type).value());
        }

        List<FieldError> validateUpdate(ObjectNode obj, ObjectNode old) {
            return validator.validateUpdate(
                    ModelCodec.decode(obj, type).value(),
                    ModelCodec.decode(old, type).value());
        }

        List<FieldError> validateStatusUpdate(ObjectNode obj, ObjectNode old) {
            return validator.validateStatusUpdate(
                    ModelCodec.decode(obj, type).value(),
                    ModelCodec.decode(old, type).value());
        }
    }

    private static final Map<GroupVersionKind, Entry<?>> VALIDATORS = Map.ofEntries(
            kind(
                    "core.gardener.cloud",
                    "v1beta1",
                    "Shoot",
                    cloud.gardener.apiserver.api.core.v1beta1.Shoot.class,
                    new cloud.gardener.apiserver.admission.validation.core.ShootValidator(true)),
            kind(
                    "core.gardener.cloud",
                    "v1beta1",
                    "Seed",
                    cloud.gardener.apiserver.api.core.v1beta1.Seed.class,
                    new cloud.gardener.apiserver.admission.validation.core.SeedValidator()),
            kind(
                    "core.gardener.cloud",
                    "v1beta1",
                    "CloudProfile",
                    cloud.gardener.apiserver.api.core.v1beta1.CloudProfile.class,
                    new cloud.gardener.apiserver.admission.validation.core.CloudProfileValidator()),
            kind(
                    "core.gardener.cloud",
                    "v1beta1",
                    "NamespacedCloudProfile",
                    cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfile.class,
                    new cloud.gardener.apiserver.admission.validation.core.NamespacedCloudProfileValidator()),
            kind(
                    "core.gardener.cloud",
                    "v1beta1",
                    "Project",
                    cloud.gardener.apiserver.api.core.v1beta1.Project.class,
                    new cloud.gardener.apiserver.admission.validation.core.ProjectValidator()),
            kind(
                    "core.gardener.cloud",
                    "v1beta1",
                    "Quota",
                    cloud.gardener.apiserver.api.core.v1beta1.Quota.class,
                    new cloud.gardener.apiserver.admission.validation.core.QuotaValidator()),
            kind(
                    "core.gardener.cloud",
                    "v1beta1",
                    "SecretBinding",
                    cloud.gardener.apiserver.api.core.v1beta1.SecretBinding.class,
                    new cloud.gardener.apiserver.admission.validation.core.SecretBindingValidator()),
            kind(
                    "core.gardener.cloud",
                    "v1beta1",
                    "BackupBucket",
                    cloud.gardener.apiserver.api.core.v1beta1.BackupBucket.class,
                    new cloud.gardener.apiserver.admission.validation.core.BackupBucketValidator()),
            kind(
                    "core.gardener.cloud",
                    "v1beta1",
                    "BackupEntry",
                    cloud.gardener.apiserver.api.core.v1beta1.BackupEntry.class,
                    new cloud.gardener.apiserver.admission.validation.core.BackupEntryValidator()),
            kind(
                    "core.gardener.cloud",
                    "v1beta1",
                    "ControllerRegistration",
                    cloud.gardener.apiserver.api.core.v1beta1.ControllerRegistration.class,
                    new cloud.gardener.apiserver.admission.validation.core.ControllerRegistrationValidator()),
            kind(
                    "core.gardener.cloud",
                    "v1beta1",
                    "ControllerInstallation",
                    cloud.gardener.apiserver.api.core.v1beta1.ControllerInstallation.class,
                    new cloud.gardener.apiserver.admission.validation.core.ControllerInstallationValidator()),
            kind(
                    "core.gardener.cloud",
                    "v1",
                    "ControllerDeployment",
                    cloud.gardener.apiserver.api.core.v1.ControllerDeployment.class,
                    new cloud.gardener.apiserver.admission.validation.core.ControllerDeploymentValidator()),
            kind(
                    "core.gardener.cloud",
                    "v1beta1",
                    "ControllerDeployment",
                    cloud.gardener.apiserver.api.core.v1beta1.ControllerDeployment.class,
                    new cloud.gardener.apiserver.admission.validation.core.ControllerDeploymentV1beta1Validator()),
            kind(
                    "core.gardener.cloud",
                    "v1beta1",
                    "ExposureClass",
                    cloud.gardener.apiserver.api.core.v1beta1.ExposureClass.class,
                    new cloud.gardener.apiserver.admission.validation.core.ExposureClassValidator()),
            kind(
                    "core.gardener.cloud",
                    "v1beta1",
                    "InternalSecret",
                    cloud.gardener.apiserver.api.core.v1beta1.InternalSecret.class,
                    new cloud.gardener.apiserver.admission.validation.core.InternalSecretValidator()),
            kind(
                    "",
                    "v1",
                    "Secret",
                    cloud.gardener.apiserver.api.k8s.corev1.Secret.class,
                    new cloud.gardener.apiserver.admission.validation.core.SecretValidator()),
            kind(
                    "core.gardener.cloud",
                    "v1beta1",
                    "ShootState",
                    cloud.gardener.apiserver.api.core.v1beta1.ShootState.class,
                    new cloud.gardener.apiserver.admission.validation.core.ShootStateValidator()),
            kind(
                    "seedmanagement.gardener.cloud",
                    "v1alpha1",
                    "ManagedSeed",
                    cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeed.class,
                    new cloud.gardener.apiserver.admission.validation.seedmanagement.ManagedSeedValidator()),
            kind(
                    "seedmanagement.gardener.cloud",
                    "v1alpha1",
                    "ManagedSeedSet",
                    cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeedSet.class,
                    new cloud.gardener.apiserver.admission.validation.seedmanagement.ManagedSeedSetValidator()),
            kind(
                    "seedmanagement.gardener.cloud",
                    "v1alpha1",
                    "Gardenlet",
                    cloud.gardener.apiserver.api.seedmanagement.v1alpha1.Gardenlet.class,
                    new cloud.gardener.apiserver.admission.validation.seedmanagement.GardenletValidator()),
            kind(
                    "operations.gardener.cloud",
                    "v1alpha1",
                    "Bastion",
                    cloud.gardener.apiserver.api.operations.v1alpha1.Bastion.class,
                    new cloud.gardener.apiserver.admission.validation.operations.BastionValidator()),
            kind(
                    "security.gardener.cloud",
                    "v1alpha1",
                    "CredentialsBinding",
                    cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding.class,
                    new cloud.gardener.apiserver.admission.validation.security.CredentialsBindingValidator()),
            kind(
                    "security.gardener.cloud",
                    "v1alpha1",
                    "WorkloadIdentity",
                    cloud.gardener.apiserver.api.security.v1alpha1.WorkloadIdentity.class,
                    new cloud.gardener.apiserver.admission.validation.security.WorkloadIdentityValidator()),
            kind(
                    "operator.gardener.cloud",
                    "v1alpha1",
                    "Garden",
                    cloud.gardener.apiserver.api.operator.v1alpha1.Garden.class,
                    new cloud.gardener.apiserver.admission.validation.operator.GardenValidator()));

    /** One registration: {@code kind("core.gardener.cloud", "v1beta1", "Shoot", Shoot.class, new ShootValidator())}. */
    static <T> Map.Entry<GroupVersionKind, Entry<?>> kind(
            String group, String version, String kind, Class<T> type, Validator<T> validator) {
        return Map.entry(new GroupVersionKind(group, version, kind), new Entry<>(type, validator));
    }

    private Validators() {}

    public static boolean has(GroupVersionKind gvk) {
        return VALIDATORS.containsKey(gvk);
    }

    /** The errors of a new object; empty when the kind has no validator. */
    public static List<FieldError> validate(GroupVersionKind gvk, ObjectNode obj) {
        return Optional.ofNullable(VALIDATORS.get(gvk))
                .map(e -> e.validate(obj))
                .orElse(List.of());
    }

    /** The errors of an update; empty when the kind has no validator. */
    public static List<FieldError> validateUpdate(GroupVersionKind gvk, ObjectNode obj, ObjectNode old) {
        return Optional.ofNullable(VALIDATORS.get(gvk))
                .map(e -> e.validateUpdate(obj, old))
                .orElse(List.of());
    }

    /** The errors of an update through the {@code status} subresource; empty when the kind has no validator. */
    public static List<FieldError> validateStatusUpdate(GroupVersionKind gvk, ObjectNode obj, ObjectNode old) {
        return Optional.ofNullable(VALIDATORS.get(gvk))
                .map(e -> e.validateStatusUpdate(obj, old))
                .orElse(List.of());
    }
}

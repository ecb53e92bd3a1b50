package cloud.gardener.apiserver.admission.validation;

import cloud.gardener.apiserver.admission.validation.core.BackupBucketValidator;
import cloud.gardener.apiserver.admission.validation.core.BackupEntryValidator;
import cloud.gardener.apiserver.admission.validation.core.CloudProfileValidator;
import cloud.gardener.apiserver.admission.validation.core.ControllerDeploymentV1beta1Validator;
import cloud.gardener.apiserver.admission.validation.core.ControllerDeploymentValidator;
import cloud.gardener.apiserver.admission.validation.core.ControllerInstallationValidator;
import cloud.gardener.apiserver.admission.validation.core.ControllerRegistrationValidator;
import cloud.gardener.apiserver.admission.validation.core.ExposureClassValidator;
import cloud.gardener.apiserver.admission.validation.core.InternalSecretValidator;
import cloud.gardener.apiserver.admission.validation.core.NamespacedCloudProfileValidator;
import cloud.gardener.apiserver.admission.validation.core.ProjectValidator;
import cloud.gardener.apiserver.admission.validation.core.QuotaValidator;
import cloud.gardener.apiserver.admission.validation.core.SecretBindingValidator;
import cloud.gardener.apiserver.admission.validation.core.SecretValidator;
import cloud.gardener.apiserver.admission.validation.core.SeedValidator;
import cloud.gardener.apiserver.admission.validation.core.ShootStateValidator;
import cloud.gardener.apiserver.admission.validation.core.ShootValidator;
import cloud.gardener.apiserver.admission.validation.operations.BastionValidator;
import cloud.gardener.apiserver.admission.validation.operator.GardenValidator;
import cloud.gardener.apiserver.admission.validation.security.CredentialsBindingValidator;
import cloud.gardener.apiserver.admission.validation.security.WorkloadIdentityValidator;
import cloud.gardener.apiserver.admission.validation.seedmanagement.GardenletValidator;
import cloud.gardener.apiserver.admission.validation.seedmanagement.ManagedSeedSetValidator;
import cloud.gardener.apiserver.admission.validation.seedmanagement.ManagedSeedValidator;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.resource.KindDefinition;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The validator of each kind and version, keyed by the kind's definition and applied to JSON objects through the
 * definition's record for that version.
 */
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

    /** One registration: a kind's validator for its storage version's record. */
    private record Registration(GroupVersionKind gvk, Entry<?> entry) {}

    private static final Map<GroupVersionKind, Entry<?>> VALIDATORS = index(
            kind(Kinds.SHOOT, new ShootValidator(true)),
            kind(Kinds.SEED, new SeedValidator()),
            kind(Kinds.CLOUD_PROFILE, new CloudProfileValidator()),
            kind(Kinds.NAMESPACED_CLOUD_PROFILE, new NamespacedCloudProfileValidator()),
            kind(Kinds.PROJECT, new ProjectValidator()),
            kind(Kinds.QUOTA, new QuotaValidator()),
            kind(Kinds.SECRET_BINDING, new SecretBindingValidator()),
            kind(Kinds.BACKUP_BUCKET, new BackupBucketValidator()),
            kind(Kinds.BACKUP_ENTRY, new BackupEntryValidator()),
            kind(Kinds.CONTROLLER_REGISTRATION, new ControllerRegistrationValidator()),
            kind(Kinds.CONTROLLER_INSTALLATION, new ControllerInstallationValidator()),
            kind(Kinds.CONTROLLER_DEPLOYMENT, new ControllerDeploymentValidator()),
            kind(
                    Kinds.CONTROLLER_DEPLOYMENT,
                    "v1beta1",
                    cloud.gardener.apiserver.api.core.v1beta1.ControllerDeployment.class,
                    new ControllerDeploymentV1beta1Validator()),
            kind(Kinds.EXPOSURE_CLASS, new ExposureClassValidator()),
            kind(Kinds.INTERNAL_SECRET, new InternalSecretValidator()),
            kind(Kinds.SECRET, new SecretValidator()),
            kind(Kinds.SHOOT_STATE, new ShootStateValidator()),
            kind(Kinds.MANAGED_SEED, new ManagedSeedValidator()),
            kind(Kinds.MANAGED_SEED_SET, new ManagedSeedSetValidator()),
            kind(Kinds.GARDENLET, new GardenletValidator()),
            kind(Kinds.BASTION, new BastionValidator()),
            kind(Kinds.CREDENTIALS_BINDING, new CredentialsBindingValidator()),
            kind(Kinds.WORKLOAD_IDENTITY, new WorkloadIdentityValidator()),
            kind(Kinds.GARDEN, new GardenValidator()));

    private Validators() {}

    /** {@code kind(Kinds.SHOOT, new ShootValidator())}: the validator of the kind's storage version. */
    private static <T> Registration kind(KindDefinition<T> definition, Validator<T> validator) {
        Class<T> type = definition.model().orElseThrow(() -> new IllegalStateException(definition + " has no model"));
        return new Registration(definition.type().storageGvk(), new Entry<>(type, validator));
    }

    /** The validator of another served version of the kind, reading that version's record. */
    private static <T> Registration kind(
            KindDefinition<?> definition, String version, Class<T> type, Validator<T> validator) {
        if (!definition.model(version).equals(Optional.of(type))) {
            throw new IllegalStateException(definition + " is not modelled by " + type + " in " + version);
        }
        return new Registration(definition.type().gvk(version), new Entry<>(type, validator));
    }

    private static Map<GroupVersionKind, Entry<?>> index(Registration... registrations) {
        Map<GroupVersionKind, Entry<?>> map = new HashMap<>();
        for (Registration r : registrations) {
            if (map.put(r.gvk(), r.entry()) != null) {
                throw new IllegalStateException("two validators for " + r.gvk());
            }
        }
        return Map.copyOf(map);
    }

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

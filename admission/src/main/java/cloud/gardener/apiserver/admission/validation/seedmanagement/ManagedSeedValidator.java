package cloud.gardener.apiserver.admission.validation.seedmanagement;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.GardenletConfig;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeed;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeedSpec;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.Shoot;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoValue;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Static validation of {@code seedmanagement.gardener.cloud/v1alpha1} ManagedSeeds, as Gardener's
 * {@code ValidateManagedSeed} and {@code ValidateManagedSeedUpdate}. {@link #validateSpec} and
 * {@link #validateSpecUpdate} also serve the ManagedSeed templates of ManagedSeedSets.
 */
public final class ManagedSeedValidator implements Validator<ManagedSeed> {

    static final List<String> OPERATIONS = List.of("reconcile", "renew-kubeconfig");
    private static final FieldPath METADATA = FieldPath.of("metadata");
    private static final FieldPath SPEC = FieldPath.of("spec");

    @Override
    public List<FieldError> validate(ManagedSeed managedSeed) {
        ObjectMeta meta = managedSeed.metadata();
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validate(meta, true, ObjectMetaValidation.NAME_IS_DNS_LABEL, METADATA));
        errs.addAll(GardenletRules.operation(meta == null ? null : meta.annotations(), OPERATIONS));
        errs.addAll(validateSpec(managedSeed.spec(), SPEC, false));
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(ManagedSeed managedSeed, ManagedSeed old) {
        List<FieldError> errs =
                new ArrayList<>(ObjectMetaValidation.validateUpdate(managedSeed.metadata(), old.metadata(), METADATA));
        errs.addAll(GardenletRules.operationUpdate(annotations(managedSeed.metadata()), annotations(old.metadata())));
        errs.addAll(validateSpecUpdate(managedSeed.spec(), old.spec(), SPEC));
        errs.addAll(validate(managedSeed));
        return errs;
    }

    /** {@code ValidateManagedSeedSpec}; in a template the shoot is optional (and its name may be empty). */
    public static List<FieldError> validateSpec(ManagedSeedSpec spec, FieldPath path, boolean inTemplate) {
        List<FieldError> errs = new ArrayList<>();
        Shoot shoot = spec == null ? null : spec.shoot();
        if (!inTemplate && shoot == null) {
            errs.add(FieldError.required(path.child("shoot").toString(), "shoot is required"));
        }
        if (shoot != null
                && !inTemplate
                && (shoot.name() == null || shoot.name().isEmpty())) {
            errs.add(FieldError.required(path.child("shoot", "name").toString(), "shoot name is required"));
        }
        GardenletConfig gardenlet = gardenlet(spec);
        FieldPath gardenletPath = path.child("gardenlet");
        errs.addAll(GardenletRules.deployment(gardenlet.deployment(), gardenletPath.child("deployment")));
        String bootstrap = gardenlet.bootstrap() == null ? GardenletRules.BOOTSTRAP_NONE : gardenlet.bootstrap();
        errs.addAll(GardenletRules.config(
                gardenlet.config(),
                bootstrap,
                Boolean.TRUE.equals(gardenlet.mergeWithParent()),
                gardenletPath.child("config")));
        if (gardenlet.bootstrap() != null && !GardenletRules.BOOTSTRAPS.contains(gardenlet.bootstrap())) {
            errs.add(FieldError.notSupported(
                    gardenletPath.child("bootstrap").toString(), gardenlet.bootstrap(), GardenletRules.BOOTSTRAPS));
        }
        return errs;
    }

    /** {@code ValidateManagedSeedSpecUpdate}: shoot, bootstrap and mergeWithParent are immutable. */
    public static List<FieldError> validateSpecUpdate(ManagedSeedSpec spec, ManagedSeedSpec oldSpec, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Shoot shoot = spec == null ? null : spec.shoot();
        Shoot oldShoot = oldSpec == null ? null : oldSpec.shoot();
        if (!Objects.equals(shoot, oldShoot)) {
            errs.add(FieldError.invalid(
                    path.child("shoot").toString(),
                    shoot == null
                            ? GoValue.NULL
                            : new GoValue("seedmanagement.Shoot{Name:" + GoSyntax.quote(shoot.name()) + "}"),
                    ObjectMetaValidation.FIELD_IMMUTABLE));
        }
        GardenletConfig gardenlet = gardenlet(spec);
        GardenletConfig oldGardenlet = gardenlet(oldSpec);
        FieldPath gardenletPath = path.child("gardenlet");
        errs.addAll(
                GardenletRules.configUpdate(gardenlet.config(), oldGardenlet.config(), gardenletPath.child("config")));
        errs.addAll(ObjectMetaValidation.immutable(
                gardenlet.bootstrap(), oldGardenlet.bootstrap(), gardenletPath.child("bootstrap")));
        errs.addAll(ObjectMetaValidation.immutable(
                gardenlet.mergeWithParent(), oldGardenlet.mergeWithParent(), gardenletPath.child("mergeWithParent")));
        return errs;
    }

    private static GardenletConfig gardenlet(ManagedSeedSpec spec) {
        return spec == null || spec.gardenlet() == null
                ? new GardenletConfig(null, null, null, null)
                : spec.gardenlet();
    }

    private static java.util.Map<String, String> annotations(ObjectMeta meta) {
        return meta == null ? null : meta.annotations();
    }
}

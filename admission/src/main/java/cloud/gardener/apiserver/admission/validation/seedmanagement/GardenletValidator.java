package cloud.gardener.apiserver.admission.validation.seedmanagement;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.core.v1.OCIRepository;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.Gardenlet;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.GardenletSelfDeployment;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.GardenletSpec;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Static validation of {@code seedmanagement.gardener.cloud/v1alpha1} Gardenlets (self-deploying gardenlets of
 * unmanaged seeds), as Gardener's {@code ValidateGardenlet} and {@code ValidateGardenletUpdate}. The embedded
 * configuration is judged as if bootstrapped with a token and not merged with a parent.
 */
public final class GardenletValidator implements Validator<Gardenlet> {

    static final List<String> OPERATIONS = List.of("force-redeploy", "reconcile", "renew-kubeconfig");
    private static final FieldPath METADATA = FieldPath.of("metadata");
    private static final FieldPath SPEC = FieldPath.of("spec");

    @Override
    public List<FieldError> validate(Gardenlet gardenlet) {
        ObjectMeta meta = gardenlet.metadata();
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validate(meta, true, ObjectMetaValidation.NAME_IS_DNS_LABEL, METADATA));
        if (meta == null || !"garden".equals(meta.namespace())) {
            errs.add(FieldError.forbidden("metadata.namespace", "namespace must be garden"));
        }
        errs.addAll(GardenletRules.operation(annotations(meta), OPERATIONS));
        errs.addAll(validateSpec(gardenlet.spec(), SPEC));
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(Gardenlet gardenlet, Gardenlet old) {
        List<FieldError> errs =
                new ArrayList<>(ObjectMetaValidation.validateUpdate(gardenlet.metadata(), old.metadata(), METADATA));
        errs.addAll(GardenletRules.operationUpdate(annotations(gardenlet.metadata()), annotations(old.metadata())));
        errs.addAll(GardenletRules.configUpdate(
                gardenlet.spec() == null ? null : gardenlet.spec().config(),
                old.spec() == null ? null : old.spec().config(),
                SPEC.child("config")));
        errs.addAll(validate(gardenlet));
        return errs;
    }

    /** {@code ValidateGardenletSpec}: deployment, chart repository and configuration. */
    static List<FieldError> validateSpec(GardenletSpec spec, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        GardenletSelfDeployment deployment = spec == null ? null : spec.deployment();
        errs.addAll(GardenletRules.deployment(
                deployment == null ? null : deployment.gardenletDeployment(), path.child("deployment")));
        // The repository is a struct in Go, so a missing one is validated as an empty one.
        OCIRepository oci = deployment == null || deployment.helm() == null
                ? null
                : deployment.helm().ociRepository();
        errs.addAll(GardenletRules.ociRepository(
                oci == null ? new OCIRepository(null, null, null, null, null, null) : oci,
                path.child("deployment", "helm", "ociRepository")));
        if (spec != null) {
            errs.addAll(
                    GardenletRules.config(spec.config(), GardenletRules.BOOTSTRAP_TOKEN, false, path.child("config")));
        }
        return errs;
    }

    private static Map<String, String> annotations(ObjectMeta meta) {
        return meta == null ? null : meta.annotations();
    }
}

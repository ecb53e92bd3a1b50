package cloud.gardener.apiserver.admission.validation.seedmanagement;

import cloud.gardener.apiserver.admission.validation.core.OciRepositoryRules;
import cloud.gardener.apiserver.api.core.v1.OCIRepository;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.GardenletDeployment;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.Image;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.NameFormats;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The rules ManagedSeeds, ManagedSeedSets and Gardenlets share: the operation annotation, the gardenlet
 * deployment, the embedded gardenlet configuration with its bootstrap constraints, and the chart's OCI repository.
 */
final class GardenletRules {

    static final String OPERATION_ANNOTATION = "gardener.cloud/operation";
    static final FieldPath OPERATION_PATH =
            FieldPath.of("metadata", "annotations").key(OPERATION_ANNOTATION);
    static final String BOOTSTRAP_SERVICE_ACCOUNT = "ServiceAccount";
    static final String BOOTSTRAP_TOKEN = "BootstrapToken";
    static final String BOOTSTRAP_NONE = "None";
    static final List<String> BOOTSTRAPS = List.of(BOOTSTRAP_SERVICE_ACCOUNT, BOOTSTRAP_TOKEN, BOOTSTRAP_NONE);
    private static final List<String> PULL_POLICIES = List.of("Always", "IfNotPresent", "Never");

    private GardenletRules() {}

    /** {@code validateOperation}: an operation annotation, when set, names one of {@code available} (sorted). */
    static List<FieldError> operation(Map<String, String> annotations, List<String> available) {
        String op = annotations == null ? "" : annotations.getOrDefault(OPERATION_ANNOTATION, "");
        return op.isEmpty() || available.contains(op)
                ? List.of()
                : List.of(FieldError.notSupported(OPERATION_PATH.toString(), op, available));
    }

    /** {@code validateOperationUpdate}: a pending operation may not be replaced by another one. */
    static List<FieldError> operationUpdate(Map<String, String> annotations, Map<String, String> oldAnnotations) {
        String op = annotations == null ? "" : annotations.getOrDefault(OPERATION_ANNOTATION, "");
        String old = oldAnnotations == null ? "" : oldAnnotations.getOrDefault(OPERATION_ANNOTATION, "");
        if (op.isEmpty() || old.isEmpty() || op.equals(old)) {
            return List.of();
        }
        return List.of(FieldError.forbidden(
                OPERATION_PATH.toString(), "must not overwrite operation \"" + old + "\" with \"" + op + "\""));
    }

    /** {@code ValidateGardenletDeployment}. */
    static List<FieldError> deployment(GardenletDeployment deployment, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (deployment == null) {
            return errs;
        }
        errs.addAll(nonNegative(deployment.replicaCount(), path.child("replicaCount")));
        errs.addAll(nonNegative(deployment.revisionHistoryLimit(), path.child("revisionHistoryLimit")));
        if (deployment.serviceAccountName() != null) {
            for (String msg : NameFormats.dns1123Subdomain(deployment.serviceAccountName())) {
                errs.add(FieldError.invalid(
                        path.child("serviceAccountName").toString(), deployment.serviceAccountName(), msg));
            }
        }
        if (deployment.image() != null) {
            errs.addAll(image(deployment.image(), path.child("image")));
        }
        errs.addAll(ObjectMetaValidation.validateLabels(deployment.podLabels(), path.child("podLabels")));
        errs.addAll(
                ObjectMetaValidation.validateAnnotations(deployment.podAnnotations(), path.child("podAnnotations")));
        return errs;
    }

    private static List<FieldError> image(Image image, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (image.ref() != null && image.ref().isEmpty()) {
            errs.add(FieldError.invalid(path.child("ref").toString(), "", "ref must not be empty if specified"));
        }
        if (image.repository() != null && image.repository().isEmpty()) {
            errs.add(FieldError.invalid(
                    path.child("repository").toString(), "", "repository must not be empty if specified"));
        }
        if (image.tag() != null && image.tag().isEmpty()) {
            errs.add(FieldError.invalid(path.child("tag").toString(), "", "tag must not be empty if specified"));
        }
        if (image.ref() != null && (image.repository() != null || image.tag() != null)) {
            errs.add(FieldError.forbidden(path.toString(), "ref and repository/tag are mutually exclusive"));
        }
        if (image.pullPolicy() != null && !PULL_POLICIES.contains(image.pullPolicy())) {
            errs.add(FieldError.notSupported(path.child("pullPolicy").toString(), image.pullPolicy(), PULL_POLICIES));
        }
        return errs;
    }

    /** Core's {@code ValidateOCIRepository} for the gardenlet's chart. */
    static List<FieldError> ociRepository(OCIRepository oci, FieldPath path) {
        return oci == null
                ? new ArrayList<>()
                : OciRepositoryRules.validate(oci.ref(), oci.repository(), oci.tag(), oci.digest(), path);
    }

    /**
     * {@code validateGardenletConfig} of seedmanagement: no seed name (the controller sets it), the configuration's
     * own rules, and the garden client connection as the bootstrap mechanism allows it.
     */
    static List<FieldError> config(JsonNode cfg, String bootstrap, boolean mergeWithParent, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (cfg == null || cfg.isNull() || !cfg.isObject()) {
            return errs;
        }
        String seedName = cfg.path("seedConfig").path("metadata").path("name").asText("");
        if (!seedName.isEmpty()) {
            errs.add(FieldError.forbidden(
                    path.child("seedConfig", "metadata", "name").toString(), "seed name is forbidden"));
        }
        errs.addAll(GardenletConfigurationValidation.validate(cfg, path));
        JsonNode gcc = cfg.get("gardenClientConnection");
        if (gcc != null && gcc.isObject()) {
            errs.addAll(gardenClientConnection(gcc, bootstrap, mergeWithParent, path.child("gardenClientConnection")));
        }
        return errs;
    }

    /** {@code validateGardenletConfigUpdate}: only when both configurations are present. */
    static List<FieldError> configUpdate(JsonNode cfg, JsonNode oldCfg, FieldPath path) {
        if (cfg == null || oldCfg == null || cfg.isNull() || oldCfg.isNull()) {
            return List.of();
        }
        return GardenletConfigurationValidation.validateUpdate(cfg, oldCfg, path);
    }

    private static List<FieldError> gardenClientConnection(
            JsonNode gcc, String bootstrap, boolean mergeWithParent, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        String kubeconfig = gcc.path("kubeconfig").asText("");
        switch (bootstrap) {
            case BOOTSTRAP_SERVICE_ACCOUNT, BOOTSTRAP_TOKEN -> {
                if (!kubeconfig.isEmpty()) {
                    errs.add(FieldError.forbidden(
                            path.child("kubeconfig").toString(), "kubeconfig is forbidden if bootstrap is specified"));
                }
            }
            case BOOTSTRAP_NONE -> {
                if (kubeconfig.isEmpty() && !mergeWithParent) {
                    errs.add(
                            FieldError.required(
                                    path.child("kubeconfig").toString(),
                                    "kubeconfig is required if bootstrap is not specified and merging with parent is disabled"));
                }
                if (present(gcc.get("bootstrapKubeconfig"))) {
                    errs.add(FieldError.forbidden(
                            path.child("bootstrapKubeconfig").toString(),
                            "bootstrap kubeconfig is forbidden if bootstrap is not specified"));
                }
                if (present(gcc.get("kubeconfigSecret"))) {
                    errs.add(FieldError.forbidden(
                            path.child("kubeconfigSecret").toString(),
                            "kubeconfig secret is forbidden if bootstrap is not specified"));
                }
            }
            default -> {}
        }
        return errs;
    }

    static List<FieldError> nonNegative(Number value, FieldPath path) {
        return value != null && value.longValue() < 0
                ? List.of(FieldError.invalid(path.toString(), value.longValue(), "must be greater than or equal to 0"))
                : List.of();
    }

    private static boolean present(JsonNode node) {
        return node != null && !node.isNull();
    }
}

package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.core.v1.ControllerDeployment;
import cloud.gardener.apiserver.api.core.v1.HelmControllerDeployment;
import cloud.gardener.apiserver.api.core.v1beta1.NamedResourceReference;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;

/** {@code ValidateControllerDeployment} for {@code core.gardener.cloud/v1}: a helm deployment (raw chart xor OCI). */
public final class ControllerDeploymentValidator implements Validator<ControllerDeployment> {

    static final String TYPE_ANNOTATION = "migration.controllerdeployment.gardener.cloud/type";
    static final String PROVIDER_CONFIG_ANNOTATION = "migration.controllerdeployment.gardener.cloud/providerConfig";

    @Override
    public List<FieldError> validate(ControllerDeployment cd) {
        HelmControllerDeployment h = cd.helm();
        ControllerDeploymentRules.Helm helm = h == null
                ? null
                : new ControllerDeploymentRules.Helm(
                        h.rawChart() == null ? 0 : h.rawChart().length(),
                        h.values(),
                        h.ociRepository() == null
                                ? null
                                : new ControllerDeploymentRules.Oci(
                                        h.ociRepository().ref(),
                                        h.ociRepository().repository(),
                                        h.ociRepository().tag(),
                                        h.ociRepository().digest()));
        List<NamedResourceReference> resources = CoreRules.list(cd.resources()).stream()
                .map(r -> new NamedResourceReference(r.name(), r.resourceRef()))
                .toList();
        // Gardener's v1 -> internal conversion reads a custom type and its providerConfig from these annotations.
        java.util.Map<String, String> annotations =
                cd.metadata() == null || cd.metadata().annotations() == null
                        ? java.util.Map.of()
                        : cd.metadata().annotations();
        return ControllerDeploymentRules.validate(
                cd.metadata(),
                annotations.get(TYPE_ANNOTATION),
                annotations.containsKey(PROVIDER_CONFIG_ANNOTATION),
                helm,
                resources);
    }

    @Override
    public List<FieldError> validateUpdate(ControllerDeployment cd, ControllerDeployment old) {
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validateUpdate(cd.metadata(), old.metadata(), FieldPath.of("metadata")));
        errs.addAll(validate(cd));
        return errs;
    }
}

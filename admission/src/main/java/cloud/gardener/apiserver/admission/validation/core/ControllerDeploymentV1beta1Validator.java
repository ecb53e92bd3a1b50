package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerDeployment;
import cloud.gardener.apiserver.api.model.values.Base64Bytes;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ValidateControllerDeployment} for {@code core.gardener.cloud/v1beta1}: type {@code helm} carries the helm
 * deployment in providerConfig (as the conversion to the internal version reads it); other types are custom.
 */
public final class ControllerDeploymentV1beta1Validator implements Validator<ControllerDeployment> {

    @Override
    public List<FieldError> validate(ControllerDeployment cd) {
        JsonNode config = cd.providerConfig();
        if ("helm".equals(cd.type())) {
            JsonNode c = config == null || !config.isObject()
                    ? com.fasterxml.jackson.databind.node.MissingNode.getInstance()
                    : config;
            int chartLength = 0;
            if (c.path("rawChart").isTextual()) {
                try {
                    chartLength =
                            Base64Bytes.parse(c.path("rawChart").textValue()).length();
                } catch (RuntimeException e) {
                    chartLength = c.path("rawChart").textValue().length();
                }
            }
            JsonNode oci = c.get("ociRepository");
            ControllerDeploymentRules.Oci o = oci == null || !oci.isObject()
                    ? null
                    : new ControllerDeploymentRules.Oci(
                            textOrNull(oci, "ref"),
                            textOrNull(oci, "repository"),
                            textOrNull(oci, "tag"),
                            textOrNull(oci, "digest"));
            return ControllerDeploymentRules.validate(
                    cd.metadata(),
                    null,
                    false,
                    new ControllerDeploymentRules.Helm(chartLength, c.get("values"), o),
                    List.of());
        }
        return ControllerDeploymentRules.validate(cd.metadata(), cd.type(), config != null, null, List.of());
    }

    private static String textOrNull(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    @Override
    public List<FieldError> validateUpdate(ControllerDeployment cd, ControllerDeployment old) {
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validateUpdate(cd.metadata(), old.metadata(), FieldPath.of("metadata")));
        errs.addAll(validate(cd));
        return errs;
    }
}

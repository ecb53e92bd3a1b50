package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.core.v1beta1.ExposureClass;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;

/** {@code ValidateExposureClass}: a DNS-label handler of at most 34 characters; handler and scheduling immutable. */
public final class ExposureClassValidator implements Validator<ExposureClass> {

    /** istio-ingress-handler-{handler}--{zone} must stay a valid namespace name. */
    static final int MAX_HANDLER_LENGTH = 34;

    @Override
    public List<FieldError> validate(ExposureClass ec) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                ec.metadata(), false, NameRules.DNS_LABEL_NAME, FieldPath.of("metadata")));
        String handler = CoreRules.text(ec.handler());
        // Gardener reports the object's name as the bad value of handler errors
        String name = ec.metadata() == null ? "" : CoreRules.text(ec.metadata().name());
        for (String msg : NameRules.dns1123Label(handler)) {
            errs.add(FieldError.invalid("handler", name, msg));
        }
        if (handler.length() > MAX_HANDLER_LENGTH) {
            errs.add(FieldError.invalid("handler", name, "exposure class handler is restricted to 34 characters"));
        }
        if (ec.scheduling() != null) {
            if (ec.scheduling().seedSelector() != null) {
                errs.addAll(NameRules.labelSelector(
                        ec.scheduling().seedSelector().labelSelector(), FieldPath.of("scheduling", "seedSelector")));
            }
            errs.addAll(
                    CoreRules.tolerations(ec.scheduling().tolerations(), FieldPath.of("scheduling", "tolerations")));
        }
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(ExposureClass ec, ExposureClass old) {
        List<FieldError> errs = new ArrayList<>();
        // as Gardener, the old value is reported
        errs.addAll(CoreRules.immutable(old.handler(), ec.handler(), FieldPath.of("handler")));
        errs.addAll(CoreRules.immutable(old.scheduling(), ec.scheduling(), FieldPath.of("scheduling")));
        errs.addAll(validate(ec));
        return errs;
    }
}

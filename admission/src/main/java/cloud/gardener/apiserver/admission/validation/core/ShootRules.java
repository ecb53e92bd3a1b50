package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.NameFormats;
import java.util.ArrayList;
import java.util.List;

/** Small rules shared by the Shoot validation classes ({@code validateDNS1123Label} and friends). */
final class ShootRules {

    static final String WORKERLESS = "this field should not be set for workerless Shoot clusters";

    private ShootRules() {}

    static List<FieldError> dns1123Label(String value, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        for (String msg : NameFormats.dns1123Label(value)) {
            errs.add(FieldError.invalid(path.toString(), value, msg));
        }
        return errs;
    }

    static List<FieldError> dns1123Subdomain(String value, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        for (String msg : NameFormats.dns1123Subdomain(value)) {
            errs.add(FieldError.invalid(path.toString(), value, msg));
        }
        return errs;
    }
}

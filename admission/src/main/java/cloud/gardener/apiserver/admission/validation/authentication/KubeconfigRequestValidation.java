package cloud.gardener.apiserver.admission.validation.authentication;

import cloud.gardener.apiserver.api.validation.FieldError;
import java.util.ArrayList;
import java.util.List;

/**
 * Static validation of the shoot kubeconfig requests ({@code AdminKubeconfigRequest},
 * {@code ViewerKubeconfigRequest}), as Gardener's {@code ValidateKubeconfigRequest}: the requested validity is at
 * least ten minutes and at most {@code math.MaxUint32} seconds. Both kinds share the one field, so the rule takes
 * it rather than either record.
 */
public final class KubeconfigRequestValidation {

    static final String FIELD = "spec.expirationSeconds";
    static final long MIN_SECONDS = 10 * 60;
    static final long MAX_SECONDS = 0xFFFF_FFFFL;

    private KubeconfigRequestValidation() {}

    /**
     * Validates a kubeconfig request's expiration.
     *
     * @param expirationSeconds the defaulted {@code spec.expirationSeconds} ({@code null} counts as 0, as in Go)
     */
    public static List<FieldError> validate(Long expirationSeconds) {
        long seconds = expirationSeconds == null ? 0 : expirationSeconds;
        List<FieldError> errs = new ArrayList<>();
        if (seconds < MIN_SECONDS) {
            errs.add(FieldError.invalid(FIELD, seconds, "may not specify a duration less than 10 minutes"));
        }
        if (seconds > MAX_SECONDS) {
            errs.add(FieldError.tooLong(FIELD, seconds, MAX_SECONDS));
        }
        return errs;
    }
}

package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.api.validation.FieldError;
import java.util.List;

/**
 * The checks of a {@code gardener.cloud/operation} annotation's context, which Gardener words alike for Shoots and
 * Gardens: each refusal is Forbidden at the annotation's path, and a credentials rotation starts only when it is not
 * under way (no phase, or Completed) and completes only from Prepared.
 *
 * @param errs where the refusals go
 * @param path the annotation's path
 */
public record RotationRules(List<FieldError> errs, String path) {

    private static final String COMPLETED = "Completed";
    private static final String PREPARED = "Prepared";

    public void forbidIf(boolean condition, String detail) {
        if (condition) {
            errs.add(FieldError.forbidden(path, detail));
        }
    }

    /** Refuses to start {@code rotation} while the one at {@code .status.credentials.rotation.<field>} is under way. */
    public void requireCompleted(String rotation, String field, String phase) {
        forbidIf(
                started(phase),
                "cannot start " + rotation + " if .status.credentials.rotation." + field + ".phase is not 'Completed'");
    }

    /** Refuses to complete {@code rotation} unless {@code .status.credentials.rotation.<field>.phase} is Prepared. */
    public void requirePrepared(String rotation, String field, String phase) {
        requirePrepared(true, rotation, field, phase);
    }

    /** As {@link #requirePrepared(String, String, String)}, where {@code applies}. */
    public void requirePrepared(boolean applies, String rotation, String field, String phase) {
        forbidIf(
                applies && !PREPARED.equals(phase),
                "cannot complete " + rotation + " if .status.credentials.rotation." + field
                        + ".phase is not 'Prepared'");
    }

    /** A rotation that has a phase other than Completed is under way. */
    public static boolean started(String phase) {
        return !phase.isEmpty() && !COMPLETED.equals(phase);
    }
}

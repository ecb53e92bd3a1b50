package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.admission.GoBool;
import cloud.gardener.apiserver.api.core.v1beta1.LastError;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Gardener's {@code ValidateForceDeletion}: the {@code confirmation.gardener.cloud/force-deletion} annotation may be
 * set only on a shoot in deletion whose last errors carry a code that allows it, and stays once set.
 */
final class ShootForceDeletion {

    static final String ANNOTATION = "confirmation.gardener.cloud/force-deletion";
    /** {@code errorCodesAllowingForceDeletion}, sorted as {@code sets.List} prints them. */
    private static final List<String> ALLOWING_CODES = List.of(
            "ERR_CLEANUP_CLUSTER_RESOURCES",
            "ERR_CONFIGURATION_PROBLEM",
            "ERR_INFRA_DEPENDENCIES",
            "ERR_INFRA_UNAUTHENTICATED",
            "ERR_INFRA_UNAUTHORIZED");
    /** What {@code strconv.ParseBool} reads as true. */
    private ShootForceDeletion() {}

    /** @param old the stored shoot, or null on creation */
    static List<FieldError> validate(Shoot shoot, Shoot old) {
        String path = FieldPath.of("metadata", "annotations").key(ANNOTATION).toString();
        boolean needs = needsForceDeletion(shoot);
        boolean oldNeeds = old != null && needsForceDeletion(old);
        if (!needs && oldNeeds) {
            return List.of(FieldError.forbidden(path, "force-deletion annotation cannot be removed once set"));
        }
        if (!needs || oldNeeds) {
            return List.of();
        }
        List<FieldError> errs = new ArrayList<>();
        if (ShootValidator.meta(shoot).deletionTimestamp() == null) {
            errs.add(FieldError.forbidden(
                    path, "force-deletion annotation cannot be set when Shoot deletionTimestamp " + "is nil"));
        }
        List<LastError> lastErrors = shoot.status() == null || shoot.status().lastErrors() == null
                ? List.of()
                : shoot.status().lastErrors();
        boolean allowed = lastErrors.stream()
                .anyMatch(e -> e.codes() != null
                        && e.codes().stream().anyMatch(code -> code != null && ALLOWING_CODES.contains(code)));
        if (!allowed) {
            errs.add(FieldError.forbidden(
                    path,
                    "force-deletion annotation cannot be set when Shoot status does not "
                            + "contain one of these error codes: [" + String.join(" ", ALLOWING_CODES) + "]"));
        }
        return errs;
    }

    private static boolean needsForceDeletion(Shoot shoot) {
        Map<String, String> annotations = ShootValidator.meta(shoot).annotations();
        String value = annotations == null ? null : annotations.get(ANNOTATION);
        return GoBool.isTrue(value);
    }
}

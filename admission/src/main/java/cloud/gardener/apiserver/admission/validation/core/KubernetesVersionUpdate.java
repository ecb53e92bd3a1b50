package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.List;
import org.semver4j.Semver;

/** Gardener's {@code ValidateKubernetesVersionUpdate}, shared by Shoots and Gardens. */
public final class KubernetesVersionUpdate {

    private KubernetesVersionUpdate() {}

    /** No downgrade and, unless {@code skipMinorAllowed}, no skipped minor version; an unset new version is invalid. */
    public static List<FieldError> validate(
            String version, String oldVersion, boolean skipMinorAllowed, FieldPath path) {
        if (version == null || version.isEmpty()) {
            return List.of(FieldError.invalid(
                    path.toString(), "", "cannot validate kubernetes version upgrade because it is unset"));
        }
        return validateSet(version, oldVersion == null ? "" : oldVersion, skipMinorAllowed, path);
    }

    /** The comparisons alone, for callers that judged empty versions themselves. */
    static List<FieldError> validateSet(String version, String oldVersion, boolean skipMinorAllowed, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        try {
            if (GoSemver.compareVersions(version, "<", oldVersion)) {
                errs.add(FieldError.forbidden(path.toString(), "kubernetes version downgrade is not supported"));
            }
        } catch (IllegalArgumentException e) {
            errs.add(FieldError.invalid(path.toString(), version, e.getMessage()));
        }
        if (!skipMinorAllowed) {
            Semver old;
            try {
                old = GoSemver.newVersion(oldVersion);
            } catch (IllegalArgumentException e) {
                errs.add(FieldError.invalid(path.toString(), oldVersion, e.getMessage()));
                return errs; // Go would dereference a nil version here
            }
            try {
                if (GoSemver.compareVersions(
                        version, ">=", GoSemver.incMinor(GoSemver.incMinor(old)).toString())) {
                    errs.add(FieldError.forbidden(
                            path.toString(), "kubernetes version upgrade cannot skip a minor version"));
                }
            } catch (IllegalArgumentException e) {
                errs.add(FieldError.invalid(path.toString(), version, e.getMessage()));
            }
        }
        return errs;
    }

    /** {@code versionutils.CompareVersions(version, "~", minor)} for each of {@code minors}: whether one matches. */
    public static boolean matchesAnyMinor(String version, List<String> minors) {
        for (String minor : minors) {
            try {
                if (GoSemver.compareVersions(version, "~", minor)) {
                    return true;
                }
            } catch (IllegalArgumentException e) {
                return false;
            }
        }
        return false;
    }

    /** {@code versionutils.ConstraintK8sLess1xy.CheckVersion(version)}; false when the version does not parse. */
    public static boolean below(String version, int major, int minor) {
        return GoSemver.below(version, major, minor);
    }
}

package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.api.core.v1beta1.KubeSchedulerConfig;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.List;

/** Gardener's {@code validateKubeScheduler}. */
public final class KubeSchedulerRules {

    private static final List<String> PROFILES = List.of("balanced", "bin-packing");

    private KubeSchedulerRules() {}

    public static List<FieldError> validate(KubeSchedulerConfig scheduler, String version, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (scheduler == null) {
            return errs;
        }
        if (scheduler.profile() != null && !PROFILES.contains(scheduler.profile())) {
            errs.add(FieldError.notSupported(path.child("profile").toString(), scheduler.profile(), PROFILES));
        }
        String vols = scheduler.kubeMaxPDVols();
        if (vols != null) {
            String at = path.child("kubeMaxPDVols").toString();
            if (GoSemver.atLeast(version, 1, 35)) {
                errs.add(FieldError.forbidden(
                        at, "for Kubernetes version >= 1.35, kubeMaxPDVols field is no longer " + "supported"));
            } else {
                String problem = atoiProblem(vols);
                if (problem != null) {
                    errs.add(FieldError.invalid(at, vols, "conversion error: " + problem));
                } else if (Long.parseLong(vols.startsWith("+") ? vols.substring(1) : vols) < 1) {
                    errs.add(FieldError.invalid(at, vols, "must be positive"));
                }
            }
        }
        errs.addAll(KubeControllerManagerRules.featureGates(scheduler.kubernetesConfig(), version, path));
        return errs;
    }

    /** Go's {@code strconv.Atoi} error text, or null when the text is a 64-bit integer. */
    private static String atoiProblem(String s) {
        String digits = s.startsWith("+") || s.startsWith("-") ? s.substring(1) : s;
        if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit)) {
            return "strconv.Atoi: parsing \"" + s + "\": invalid syntax";
        }
        try {
            Long.parseLong(s.startsWith("+") ? digits : s);
            return null;
        } catch (NumberFormatException e) {
            return "strconv.Atoi: parsing \"" + s + "\": value out of range";
        }
    }
}

package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.AccessRestriction;
import cloud.gardener.apiserver.api.core.v1beta1.AccessRestrictionWithOptions;
import cloud.gardener.apiserver.api.core.v1beta1.Region;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.validation.FieldError;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** {@code validateAccessRestrictions} and {@code validateControlPlaneZones}: where a shoot may run. */
final class Placement {

    private Placement() {}

    static List<FieldError> accessRestrictions(Review r) {
        List<AccessRestrictionWithOptions> restrictions =
                CoreRules.list(r.spec().accessRestrictions());
        Set<String> names = names(restrictions);
        if (names.equals(names(CoreRules.list(r.oldSpec().accessRestrictions())))) {
            return List.of();
        }
        String region = CoreRules.text(r.spec().region());
        Region found = r.profile().regions() == null
                ? null
                : r.profile().regions().stream()
                        .filter(x -> x.name().equals(region))
                        .findFirst()
                        .orElse(null);
        if (found == null) {
            return List.of(FieldError.invalid("spec.region", region, "region not present in CloudProfile"));
        }
        Set<String> valid = new LinkedHashSet<>();
        for (AccessRestriction a :
                found.accessRestrictions() == null ? List.<AccessRestriction>of() : found.accessRestrictions()) {
            valid.add(a.name());
        }
        List<FieldError> errs = new ArrayList<>();
        for (int i = 0; i < restrictions.size(); i++) {
            String name = name(restrictions.get(i));
            if (!valid.contains(name)) {
                errs.add(FieldError.notSupported("spec.accessRestrictions[" + i + "]", name, List.copyOf(valid)));
            }
        }
        if (r.seed() != null) {
            Set<String> seedSupports = new HashSet<>();
            if (r.seed().spec().accessRestrictions() != null) {
                r.seed().spec().accessRestrictions().forEach(a -> seedSupports.add(a.name()));
            }
            for (int i = 0; i < restrictions.size(); i++) {
                String name = name(restrictions.get(i));
                if (!seedSupports.contains(name)) {
                    errs.add(FieldError.forbidden(
                            "spec.accessRestrictions[" + i + "]",
                            "access restriction \"" + name + "\" is not supported by the seed"));
                }
            }
        }
        return errs;
    }

    static List<FieldError> controlPlaneZones(Review r) {
        List<String> zones = controlPlaneZones(r.spec());
        if (zones.isEmpty()) {
            return List.of();
        }
        List<String> oldZones = controlPlaneZones(r.oldSpec());
        if (oldZones.isEmpty()
                && (r.profile().controlPlane() == null
                        || !r.profile().controlPlane().allowZonePinning())) {
            return List.of(FieldError.forbidden(
                    "spec.controlPlane.zones",
                    "spec.controlPlane.zones can only be set when "
                            + "the CloudProfile has spec.controlPlane.allowZonePinning set to true"));
        }
        if ((zones.equals(oldZones)
                        && Objects.equals(r.spec().region(), r.oldSpec().region()))
                || r.seed() == null) {
            return List.of();
        }
        List<String> seedZones = r.seed().spec().provider().zones() == null
                ? List.of()
                : r.seed().spec().provider().zones();
        List<FieldError> errs = new ArrayList<>();
        for (int i = 0; i < zones.size(); i++) {
            if (!seedZones.contains(zones.get(i))) {
                errs.add(FieldError.invalid(
                        "spec.controlPlane.zones[" + i + "]",
                        zones.get(i),
                        "zone is not available in seed \"" + r.seed().metadata().name() + "\""));
            }
        }
        return errs;
    }

    private static List<String> controlPlaneZones(ShootSpec spec) {
        return spec.controlPlane() == null
                ? List.of()
                : CoreRules.list(spec.controlPlane().zones());
    }

    private static Set<String> names(List<AccessRestrictionWithOptions> restrictions) {
        Set<String> names = new HashSet<>();
        restrictions.forEach(x -> names.add(name(x)));
        return names;
    }

    /** The restriction's name, empty where unset. */
    static String name(AccessRestrictionWithOptions restriction) {
        return restriction.accessRestriction() == null
                ? ""
                : CoreRules.text(restriction.accessRestriction().name());
    }
}

package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import cloud.gardener.apiserver.api.core.v1beta1.AccessRestriction;
import cloud.gardener.apiserver.api.core.v1beta1.Region;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** {@code validateAccessRestrictions} and {@code validateControlPlaneZones}: where a shoot may run. */
final class Placement {

    private Placement() {}

    static List<FieldError> accessRestrictions(Review r) {
        Set<String> names = names(r.spec().path("accessRestrictions"));
        if (names.equals(names(r.oldSpec().path("accessRestrictions")))) {
            return List.of();
        }
        String region = r.spec().path("region").asText("");
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
        JsonNode restrictions = r.spec().path("accessRestrictions");
        for (int i = 0; i < restrictions.size(); i++) {
            String name = restrictions.get(i).path("name").asText("");
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
                String name = restrictions.get(i).path("name").asText("");
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
        List<String> zones =
                ProfileConstraints.strings(r.spec().path("controlPlane").path("zones"));
        if (zones.isEmpty()) {
            return List.of();
        }
        List<String> oldZones =
                ProfileConstraints.strings(r.oldSpec().path("controlPlane").path("zones"));
        if (oldZones.isEmpty()
                && (r.profile().controlPlane() == null
                        || !r.profile().controlPlane().allowZonePinning())) {
            return List.of(FieldError.forbidden(
                    "spec.controlPlane.zones",
                    "spec.controlPlane.zones can only be set when "
                            + "the CloudProfile has spec.controlPlane.allowZonePinning set to true"));
        }
        if ((zones.equals(oldZones)
                        && r.spec().path("region").equals(r.oldSpec().path("region")))
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

    private static Set<String> names(JsonNode restrictions) {
        Set<String> names = new HashSet<>();
        restrictions.forEach(x -> names.add(x.path("name").asText("")));
        return names;
    }
}

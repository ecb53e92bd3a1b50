package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.admission.validation.cidr.Cidr;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.Networking;
import cloud.gardener.apiserver.api.core.v1beta1.NetworkingStatus;
import cloud.gardener.apiserver.api.core.v1beta1.SeedNetworks;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code validateShootNetworks}: the shoot's own networks disjoint; with a seed, pods and services present and,
 * when (re)scheduled, no IPv6 overlap with the seed's networks and no IPv4 overlap with the reserved ranges.
 */
final class Networks {

    private Networks() {}

    static List<FieldError> validate(Review r) {
        List<FieldError> errs = new ArrayList<>();
        Networking networking = r.spec().networking();
        List<String> families = networking == null ? List.of() : CoreRules.list(networking.ipFamilies());
        boolean ipv4 = families.contains("IPv4");
        boolean workerless = ShootTrees.workers(r.spec()).isEmpty();
        String nodes = networking == null ? null : networking.nodes();
        String pods = networking == null ? null : networking.pods();
        String services = networking == null ? null : networking.services();
        if (ipv4) {
            if (pods != null && services != null && Cidr.intersect(pods, services)) {
                errs.add(FieldError.invalid(
                        "spec.networking.services",
                        services,
                        "shoot pod network intersects with shoot service network"));
            }
            if (pods != null && nodes != null && Cidr.intersect(pods, nodes)) {
                errs.add(FieldError.invalid(
                        "spec.networking.pods", pods, "shoot pod network intersects with shoot node network"));
            }
            if (services != null && nodes != null && Cidr.intersect(services, nodes)) {
                errs.add(FieldError.invalid(
                        "spec.networking.services",
                        services,
                        "shoot service network intersects with shoot node network"));
            }
        }
        if (r.seed() == null) {
            return errs;
        }
        if (pods == null && !workerless && ipv4) {
            errs.add(FieldError.required("spec.networking.pods", "pods is required"));
        }
        if (services == null && (ipv4 || (workerless && families.contains("IPv6")))) {
            errs.add(FieldError.required("spec.networking.services", "services is required"));
        }
        if (ipv4 && !Objects.equals(r.seedName(), r.oldSeedName())) {
            SeedNetworks seed = r.seed().spec().networks();
            errs.addAll(overlapWithSeed(
                    "spec.networking.nodes", nodes == null ? List.of() : List.of(nodes), "node", false, seed));
            errs.addAll(overlapWithSeed(
                    "spec.networking.services",
                    services == null ? List.of() : List.of(services),
                    "service",
                    false,
                    seed));
            errs.addAll(overlapWithSeed(
                    "spec.networking.pods", pods == null ? List.of() : List.of(pods), "pod", false, seed));
            NetworkingStatus status = r.status() == null ? null : r.status().networking();
            if (status != null && (status.nodes() != null || status.pods() != null || status.services() != null)) {
                errs.addAll(overlapWithSeed(
                        "status.networking.nodes", CoreRules.list(status.nodes()), "node", false, seed));
                errs.addAll(overlapWithSeed(
                        "status.networking.services", CoreRules.list(status.services()), "service", true, seed));
                errs.addAll(overlapWithSeed(
                        "status.networking.pods", CoreRules.list(status.pods()), "pod", !workerless, seed));
            }
        }
        return errs;
    }

    /** {@code validateOverlapWithSeed}. */
    private static List<FieldError> overlapWithSeed(
            String path, List<String> networks, String type, boolean required, SeedNetworks seed) {
        List<FieldError> errs = new ArrayList<>();
        for (String network : networks) {
            Cidr cidr = Cidr.of(network, fieldPath(path));
            if (cidr.parsed() && cidr.isIPv6()) {
                if (Cidr.intersect(seed.services(), network)) {
                    errs.add(FieldError.invalid(
                            path, network, "shoot " + type + " network intersects with seed service network"));
                }
                if (Cidr.intersect(seed.pods(), network)) {
                    errs.add(FieldError.invalid(
                            path, network, "shoot " + type + " network intersects with seed pod network"));
                }
                if (seed.nodes() != null && Cidr.intersect(seed.nodes(), network)) {
                    errs.add(FieldError.invalid(
                            path, network, "shoot " + type + " network intersects with seed node network"));
                }
            }
            errs.addAll(Cidr.validateNotReserved(cidr, type));
        }
        if (networks.isEmpty() && required) {
            errs.add(FieldError.required(path, type + "s is required"));
        }
        return errs;
    }

    private static FieldPath fieldPath(String dotted) {
        String[] parts = dotted.split("\\.", -1);
        return FieldPath.of(parts[0], java.util.Arrays.copyOfRange(parts, 1, parts.length));
    }
}

package cloud.gardener.apiserver.admission.plugins.shoot.mutator;

import cloud.gardener.apiserver.admission.plugins.shoot.MachineImageDefaults;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.admission.validation.core.GoSemver;
import cloud.gardener.apiserver.admission.validation.core.MachineCapabilities;
import cloud.gardener.apiserver.admission.validation.core.VersionLifecycle;
import cloud.gardener.apiserver.api.core.v1beta1.CapabilityDefinition;
import cloud.gardener.apiserver.api.core.v1beta1.ExpirableVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import cloud.gardener.apiserver.api.core.v1beta1.ShootMachineImage;
import cloud.gardener.apiserver.api.validation.FieldError;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.semver4j.Semver;

/**
 * The ShootMutator's version defaulting: a Kubernetes version given as major or major.minor (or not at all) becomes
 * the latest supported version of the CloudProfile that matches; a worker's machine image becomes the CloudProfile's
 * latest fitting version of the named (or first fitting) image.
 */
final class VersionDefaulting {

    private static final BigInteger UINT64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    /** A defaulted value or the error that stopped it; both null means "leave as is". */
    record Result<T>(T value, FieldError error) {}

    private final Instant now;

    VersionDefaulting(Instant now) {
        this.now = now;
    }

    /** {@code defaultKubernetesVersion}. */
    Result<String> kubernetesVersion(List<ExpirableVersion> constraints, String shootVersion, String path) {
        String[] parts = shootVersion.split("\\.", -1);
        if (parts.length == 3) {
            return new Result<>(null, null);
        }
        Long major = null;
        Long minor = null;
        if (parts.length == 2 && !parts[1].isEmpty()) {
            minor = parseUint(parts[1]);
            if (minor == null) {
                return new Result<>(null, FieldError.invalid(path, parts[1], "must be a semantic version"));
            }
        }
        if (parts.length >= 1 && !parts[0].isEmpty()) {
            major = parseUint(parts[0]);
            if (major == null) {
                return new Result<>(null, FieldError.invalid(path, parts[0], "must be a semantic version"));
            }
        }
        Semver latest = null;
        for (ExpirableVersion c : constraints == null ? List.<ExpirableVersion>of() : constraints) {
            if (!VersionLifecycle.isSupported(c, now)) {
                continue;
            }
            Semver v = GoSemver.parse(c.version());
            if (v == null || (major != null && v.getMajor() != major) || (minor != null && v.getMinor() != minor)) {
                continue;
            }
            if (latest == null || v.isGreaterThan(latest)) {
                latest = v;
            }
        }
        if (latest != null) {
            return new Result<>(
                    latest.getMajor() + "." + latest.getMinor() + "." + latest.getPatch()
                            + (latest.getPreRelease().isEmpty() ? "" : "-" + String.join(".", latest.getPreRelease())),
                    null);
        }
        return new Result<>(
                null,
                FieldError.invalid(
                        path,
                        shootVersion,
                        "couldn't find a suitable version for "
                                + shootVersion
                                + ". Suitable versions have a non-expired expiration date and are no 'preview' versions. "
                                + "'Preview'-classified versions have to be selected explicitly"));
    }

    /**
     * {@code getDefaultMachineImage}: the image to use for a worker without one of its own (old) image.
     *
     * @param image the worker's image, or null
     * @return the defaulted image, or neither image nor error when the worker's image stays as it is
     */
    Result<ShootMachineImage> machineImage(
            List<MachineImage> machineImages,
            ShootMachineImage image,
            String arch,
            MachineType machineType,
            List<CapabilityDefinition> defs,
            boolean inPlace,
            String path) {
        String name = image == null ? "" : CoreRules.text(image.name());
        String version = image == null ? "" : CoreRules.text(image.version());
        String reference = image == null ? "" : name + "@" + version;
        if (machineImages == null || machineImages.isEmpty()) {
            return new Result<>(
                    null,
                    FieldError.invalid(
                            path,
                            reference,
                            "the cloud profile does not contain any machine image - cannot create shoot cluster"));
        }
        MachineImage chosen = null;
        if (!name.isEmpty()) {
            for (MachineImage mi : machineImages) {
                if (mi.name().equals(name)) {
                    chosen = mi;
                    break;
                }
            }
            if (chosen == null) {
                return new Result<>(null, FieldError.invalid(path, name, "image is not supported"));
            }
            for (MachineImageVersion v : versions(chosen)) {
                if (v.expirableVersion().version().equals(version)) {
                    return new Result<>(null, null);
                }
            }
        } else {
            outer:
            for (MachineImage mi : machineImages) {
                for (MachineImageVersion v : versions(mi)) {
                    if (MachineCapabilities.imageVersionArchitectures(v, defs).contains(arch)
                            || (machineType != null
                                    && MachineCapabilities.supportedByFlavors(
                                            machineType.capabilities(), v.capabilityFlavors(), defs))) {
                        chosen = mi;
                        break outer;
                    }
                }
            }
            if (chosen == null) {
                return new Result<>(
                        null,
                        FieldError.invalid(
                                path,
                                reference,
                                "no valid machine image found that supports architecture `" + arch + "`"));
            }
        }
        Long major = null;
        Long minor = null;
        if (image != null) {
            String[] parts = (version.startsWith("v") ? version.substring(1) : version).split("\\.", -1);
            if (parts.length == 3) {
                return new Result<>(null, null);
            }
            if (parts.length == 2 && !parts[1].isEmpty()) {
                minor = parseUint(parts[1]);
                if (minor == null) {
                    return new Result<>(null, FieldError.invalid(path, version, semanticPartError(parts[1])));
                }
            }
            if (parts.length >= 1 && !parts[0].isEmpty()) {
                major = parseUint(parts[0]);
                if (major == null) {
                    return new Result<>(null, FieldError.invalid(path, version, semanticPartError(parts[0])));
                }
            }
        }
        List<MachineImageVersion> valid = new ArrayList<>();
        for (MachineImageVersion v : versions(chosen)) {
            if (!MachineCapabilities.imageVersionArchitectures(v, defs).contains(arch)) {
                continue;
            }
            if (machineType != null
                    && !MachineCapabilities.supportedByFlavors(
                            machineType.capabilities(), v.capabilityFlavors(), defs)) {
                continue;
            }
            if (inPlace && (v.inPlaceUpdates() == null || !v.inPlaceUpdates().supported())) {
                continue;
            }
            Semver parsed = GoSemver.parse(v.expirableVersion().version());
            if (parsed == null
                    || (major != null && parsed.getMajor() != major)
                    || (minor != null && parsed.getMinor() != minor)) {
                continue;
            }
            valid.add(v);
        }
        MachineImageVersion latest;
        try {
            latest = MachineImageDefaults.latest(valid, true, now);
        } catch (IllegalArgumentException e) {
            return new Result<>(
                    null,
                    FieldError.invalid(
                            path,
                            reference,
                            "failed to determine latest machine image from cloud profile: " + e.getMessage()));
        }
        return new Result<>(
                new ShootMachineImage(
                        chosen.name(),
                        image == null ? null : image.providerConfig(),
                        latest.expirableVersion().version()),
                null);
    }

    private static List<MachineImageVersion> versions(MachineImage image) {
        return image.versions() == null ? List.of() : image.versions();
    }

    private static String semanticPartError(String part) {
        return part + " must be a semantic version: strconv.ParseUint: parsing \"" + part + "\": "
                + (part.chars().allMatch(Character::isDigit) ? "value out of range" : "invalid syntax");
    }

    /** {@code strconv.ParseUint(s, 10, 0)}, or null when it fails. */
    private static Long parseUint(String s) {
        if (s.isEmpty() || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return null;
        }
        BigInteger n = new BigInteger(s);
        return n.compareTo(UINT64_MAX) > 0 || n.bitLength() > 63 ? null : n.longValue();
    }
}

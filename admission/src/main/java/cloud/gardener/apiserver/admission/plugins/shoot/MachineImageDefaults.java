package cloud.gardener.apiserver.admission.plugins.shoot;

import cloud.gardener.apiserver.admission.validation.core.GoSemver;
import cloud.gardener.apiserver.admission.validation.core.VersionLifecycle;
import cloud.gardener.apiserver.api.core.v1beta1.ExpirableVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.semver4j.Semver;

/** Gardener's {@code DetermineLatestMachineImageVersion} and {@code DetermineLatestExpirableVersion}. */
public final class MachineImageDefaults {

    private MachineImageDefaults() {}

    /**
     * The latest version, preferring a non-deprecated one; preview versions left out when asked.
     *
     * @throws IllegalArgumentException with Gardener's message when there is none or a version does not parse
     */
    public static MachineImageVersion latest(List<MachineImageVersion> versions, boolean filterPreview, Instant now) {
        Semver latest = null;
        Semver latestNonDeprecated = null;
        MachineImageVersion latestVersion = null;
        MachineImageVersion latestNonDeprecatedVersion = null;
        for (MachineImageVersion version : versions) {
            ExpirableVersion ev = version.expirableVersion();
            Semver v = GoSemver.parse(ev.version());
            if (v == null) {
                throw new IllegalArgumentException(
                        "error while parsing expirable version '" + ev.version() + "': invalid semantic version");
            }
            if (filterPreview && VersionLifecycle.isPreview(ev, now)) {
                continue;
            }
            if (latest == null || v.isGreaterThan(latest)) {
                latest = v;
                latestVersion = version;
            }
            if (!VersionLifecycle.isDeprecated(ev, now)
                    && (latestNonDeprecated == null || v.isGreaterThan(latestNonDeprecated))) {
                latestNonDeprecated = v;
                latestNonDeprecatedVersion = version;
            }
        }
        if (latestVersion == null) {
            throw new IllegalArgumentException("unable to determine latest expirable version");
        }
        return Optional.ofNullable(latestNonDeprecatedVersion).orElse(latestVersion);
    }
}

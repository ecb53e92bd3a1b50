package cloud.gardener.apiserver.admission.plugins.shoot;

import cloud.gardener.apiserver.api.core.v1beta1.ExpirableVersion;
import java.time.Instant;

/**
 * Gardener's {@code CurrentLifecycleClassification} and its predicates for the typed {@link ExpirableVersion} the
 * Shoot plugins read, answered by the one implementation of static validation
 * ({@link cloud.gardener.apiserver.admission.validation.core.VersionLifecycle}).
 */
public final class VersionLifecycle {

    private VersionLifecycle() {}

    /** The version's classification at {@code now}. */
    public static String classification(ExpirableVersion version, Instant now) {
        return cloud.gardener.apiserver.admission.validation.core.VersionLifecycle.classification(version, now);
    }

    public static boolean isActive(ExpirableVersion version, Instant now) {
        return cloud.gardener.apiserver.admission.validation.core.VersionLifecycle.isActive(version, now);
    }

    public static boolean isExpired(ExpirableVersion version, Instant now) {
        return cloud.gardener.apiserver.admission.validation.core.VersionLifecycle.isExpired(version, now);
    }

    public static boolean isSupported(ExpirableVersion version, Instant now) {
        return cloud.gardener.apiserver.admission.validation.core.VersionLifecycle.SUPPORTED.equals(
                classification(version, now));
    }

    public static boolean isPreview(ExpirableVersion version, Instant now) {
        return cloud.gardener.apiserver.admission.validation.core.VersionLifecycle.PREVIEW.equals(
                classification(version, now));
    }

    public static boolean isDeprecated(ExpirableVersion version, Instant now) {
        return cloud.gardener.apiserver.admission.validation.core.VersionLifecycle.DEPRECATED.equals(
                classification(version, now));
    }
}

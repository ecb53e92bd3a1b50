package cloud.gardener.apiserver.admission.plugins.shoot;

import cloud.gardener.apiserver.api.core.v1beta1.ExpirableVersion;
import cloud.gardener.apiserver.api.core.v1beta1.LifecycleStage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Gardener's {@code CurrentLifecycleClassification} and the predicates on it: the legacy classification and
 * expiration date become lifecycle stages; the last stage that has started counts; no stage means supported.
 */
public final class VersionLifecycle {

    public static final String PREVIEW = "preview";
    public static final String SUPPORTED = "supported";
    public static final String DEPRECATED = "deprecated";
    public static final String EXPIRED = "expired";
    public static final String UNAVAILABLE = "unavailable";

    private VersionLifecycle() {
    }

    /** The version's classification at {@code now}. */
    public static String classification(ExpirableVersion version, Instant now) {
        List<LifecycleStage> stages = version.lifecycle() == null ? new ArrayList<>() : new ArrayList<>(version.lifecycle());
        if (stages.isEmpty() && (version.classification() != null || version.expirationDate() != null)) {
            stages.add(new LifecycleStage(version.classification() == null ? SUPPORTED : version.classification(), null));
            if (version.expirationDate() != null) {
                stages.add(new LifecycleStage(EXPIRED, version.expirationDate()));
            }
        }
        if (stages.isEmpty()) {
            return SUPPORTED;
        }
        String current = UNAVAILABLE;
        for (LifecycleStage stage : stages) {
            Instant start = stage.startTime() == null ? Instant.parse("0001-01-01T00:00:00Z") : stage.startTime().instant();
            if (start.isBefore(now)) {
                current = stage.classification();
            }
        }
        return current;
    }

    public static boolean isActive(ExpirableVersion version, Instant now) {
        String c = classification(version, now);
        return !EXPIRED.equals(c) && !UNAVAILABLE.equals(c);
    }

    public static boolean isExpired(ExpirableVersion version, Instant now) {
        return EXPIRED.equals(classification(version, now));
    }

    public static boolean isSupported(ExpirableVersion version, Instant now) {
        return SUPPORTED.equals(classification(version, now));
    }

    public static boolean isPreview(ExpirableVersion version, Instant now) {
        return PREVIEW.equals(classification(version, now));
    }

    public static boolean isDeprecated(ExpirableVersion version, Instant now) {
        return DEPRECATED.equals(classification(version, now));
    }
}

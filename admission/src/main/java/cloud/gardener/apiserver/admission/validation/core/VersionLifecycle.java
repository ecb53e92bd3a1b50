package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.api.core.v1beta1.ExpirableVersion;
import cloud.gardener.apiserver.api.core.v1beta1.LifecycleStage;
import cloud.gardener.apiserver.api.model.values.Time;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * Where a CloudProfile version stands now (Gardener's {@code CurrentLifecycleClassification}): its lifecycle
 * stages, or the legacy {@code classification} and {@code expirationDate} read as stages; no stage means
 * supported; before the first stage starts a version is unavailable.
 */
public final class VersionLifecycle {

    public static final String PREVIEW = "preview";
    public static final String SUPPORTED = "supported";
    public static final String DEPRECATED = "deprecated";
    public static final String EXPIRED = "expired";
    public static final String UNAVAILABLE = "unavailable";

    private VersionLifecycle() {}

    /** The classification of an {@code ExpirableVersion} (or a machine image version, which inlines one) at {@code now}. */
    public static String classification(JsonNode version, Instant now) {
        JsonNode lifecycle = version.path("lifecycle");
        String legacyClassification = version.path("classification").asText(null);
        Instant expiration = time(version.path("expirationDate"));
        if (lifecycle.isEmpty() && (legacyClassification != null || version.hasNonNull("expirationDate"))) {
            // the deprecated fields as stages: the classification from the beginning, expired from the expiration date
            String current = legacyClassification == null ? SUPPORTED : legacyClassification;
            return expiration != null && expiration.isBefore(now) ? EXPIRED : current;
        }
        if (lifecycle.isEmpty()) {
            return SUPPORTED;
        }
        String current = UNAVAILABLE;
        for (JsonNode stage : lifecycle) {
            Instant start = time(stage.path("startTime"));
            if (start == null || start.isBefore(now)) {
                current = stage.path("classification").asText();
            }
        }
        return current;
    }

    /** {@link #classification(JsonNode, Instant)} of the typed version, read as it is (no JSON made). */
    public static String classification(ExpirableVersion version, Instant now) {
        List<LifecycleStage> lifecycle = version.lifecycle() == null ? List.of() : version.lifecycle();
        Time expiration = version.expirationDate();
        if (lifecycle.isEmpty() && (version.classification() != null || expiration != null)) {
            String current = version.classification() == null ? SUPPORTED : version.classification();
            return expiration != null && expiration.instant().isBefore(now) ? EXPIRED : current;
        }
        if (lifecycle.isEmpty()) {
            return SUPPORTED;
        }
        String current = UNAVAILABLE;
        for (LifecycleStage stage : lifecycle) {
            Time start = stage.startTime();
            if (start == null || start.instant().isBefore(now)) {
                current = stage.classification() == null ? "" : stage.classification();
            }
        }
        return current;
    }

    public static boolean isExpired(ExpirableVersion version, Instant now) {
        return EXPIRED.equals(classification(version, now));
    }

    /** Neither expired nor unavailable. */
    public static boolean isActive(ExpirableVersion version, Instant now) {
        String current = classification(version, now);
        return !EXPIRED.equals(current) && !UNAVAILABLE.equals(current);
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

    /** A metav1.Time in JSON, or null when absent. */
    static Instant time(JsonNode value) {
        if (!value.isTextual()) {
            return null;
        }
        try {
            return Instant.parse(value.asText());
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}

package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.api.json.JsonTrees;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** {@code CurrentLifecycleClassification} of an ExpirableVersion tree (legacy fields become lifecycle stages). */
public final class VersionLifecycle {

    private record Stage(String classification, Instant start) {}

    private VersionLifecycle() {}

    public static String currentClassification(JsonNode version, Instant now) {
        List<Stage> lifecycle = new ArrayList<>();
        version.path("lifecycle")
                .forEach(s -> lifecycle.add(new Stage(JsonTrees.text(s, "classification"), start(s.get("startTime")))));
        if (lifecycle.isEmpty() && (version.hasNonNull("classification") || version.hasNonNull("expirationDate"))) {
            String classification = JsonTrees.text(version, "classification");
            lifecycle.add(new Stage(
                    classification.isEmpty() ? "supported" : classification, Instant.EPOCH.minusSeconds(1L << 40)));
            if (version.hasNonNull("expirationDate")) {
                lifecycle.add(new Stage("expired", start(version.get("expirationDate"))));
            }
        }
        if (lifecycle.isEmpty()) {
            return "supported";
        }
        String current = "unavailable";
        for (Stage stage : lifecycle) {
            if (stage.start().isBefore(now)) {
                current = stage.classification();
            }
        }
        return current;
    }

    public static boolean isExpired(JsonNode version, Instant now) {
        return "expired".equals(currentClassification(version, now));
    }

    /** A missing start time is Go's zero time, before every real one. */
    private static Instant start(JsonNode time) {
        return time == null || time.isNull() ? Instant.EPOCH.minusSeconds(1L << 40) : Instant.parse(time.asText());
    }
}

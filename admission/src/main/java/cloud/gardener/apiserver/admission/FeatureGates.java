package cloud.gardener.apiserver.admission;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * gardener-apiserver's feature gates ({@code pkg/apiserver/features}, v1.150) as the {@code --feature-gates} flag sets
 * them: each gate known with its default; plugins ask {@link #enabled(String)}.
 *
 * @param overrides the gates set explicitly, by name
 */
public record FeatureGates(Map<String, Boolean> overrides) {

    public static final String LIVE_CONTROL_PLANE_MIGRATION = "LiveControlPlaneMigration";

    /** The gates gardener-apiserver registers, with their defaults (none of them is locked). */
    private static final Map<String, Boolean> DEFAULTS = Map.of(
            "InPlaceNodeUpdates",
            false,
            "CloudProfileCapabilities",
            true,
            LIVE_CONTROL_PLANE_MIGRATION,
            false,
            "VersionClassificationLifecycle",
            false,
            "DisableNginxIngressInShoot",
            false);

    /** The gates whose state this server acts on; the others are accepted as Gardener accepts them, at their default. */
    private static final Set<String> HONOURED = Set.of(LIVE_CONTROL_PLANE_MIGRATION);

    public FeatureGates {
        overrides = Map.copyOf(overrides);
        for (String name : overrides.keySet()) {
            if (!DEFAULTS.containsKey(name)) {
                throw new IllegalArgumentException("unrecognized feature gate: " + name);
            }
        }
    }

    public static FeatureGates defaults() {
        return new FeatureGates(Map.of());
    }

    /**
     * The flag's value as component-base's {@code featureGate.Set}: comma-separated {@code Name=bool} pairs; an
     * unknown name or a value that is not a Go bool is an error with its wording.
     */
    public static FeatureGates parse(List<String> pairs) {
        Map<String, Boolean> parsed = new LinkedHashMap<>();
        for (String raw : pairs) {
            String pair = raw.trim();
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = (eq < 0 ? pair : pair.substring(0, eq)).trim();
            if (eq < 0) {
                throw new IllegalArgumentException("missing bool value for " + name);
            }
            String value = pair.substring(eq + 1).trim();
            Boolean b = GoBool.parse(value);
            if (b == null) {
                throw new IllegalArgumentException("invalid value of " + name + "=" + value
                        + ", err: strconv.ParseBool: " + "parsing \"" + value + "\": invalid syntax");
            }
            parsed.put(name, b);
        }
        return new FeatureGates(parsed);
    }

    public boolean enabled(String name) {
        Boolean set = overrides.get(name);
        if (set != null) {
            return set;
        }
        Boolean known = DEFAULTS.get(name);
        if (known == null) {
            throw new IllegalArgumentException("feature \"" + name + "\" is not registered in FeatureGate");
        }
        return known;
    }

    /** The gates set away from their default that this server does not act on yet (by name), to warn about. */
    public List<String> setButNotHonoured() {
        return overrides.entrySet().stream()
                .filter(e -> !HONOURED.contains(e.getKey()) && !e.getValue().equals(DEFAULTS.get(e.getKey())))
                .map(Map.Entry::getKey)
                .sorted()
                .toList();
    }

    /** Every gate with its state, by name (for logs). */
    public Map<String, Boolean> all() {
        Map<String, Boolean> all = new TreeMap<>(DEFAULTS);
        all.putAll(overrides);
        return all;
    }
}

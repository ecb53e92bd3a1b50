package cloud.gardener.apiserver.storage.value;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Chooses a key's transformer by key prefix, the longest configured prefix winning; keys under no
 * prefix get none (their values are stored as they are). Prefixes should end in {@code /} so that
 * {@code .../secrets/} never covers {@code .../secretsfoo/}.
 */
public final class KeyPrefixTransformers implements Function<String, Transformer> {

    private final Map<String, Transformer> byPrefix;
    private final List<Map.Entry<String, Transformer>> longestFirst;

    public KeyPrefixTransformers(Map<String, Transformer> byPrefix) {
        this.byPrefix = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byPrefix));
        this.longestFirst = this.byPrefix.entrySet().stream()
                .sorted(Comparator.comparingInt(
                                (Map.Entry<String, Transformer> e) -> e.getKey().length())
                        .reversed())
                .toList();
    }

    /** The transformer for {@code key}, or null when no prefix covers it. */
    @Override
    public Transformer apply(String key) {
        for (Map.Entry<String, Transformer> e : longestFirst) {
            if (key.startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        return null;
    }

    public Map<String, Transformer> prefixes() {
        return byPrefix;
    }
}

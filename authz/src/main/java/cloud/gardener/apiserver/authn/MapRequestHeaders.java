package cloud.gardener.apiserver.authn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** {@link RequestHeaders} over a map keyed by lower-cased names. */
record MapRequestHeaders(Map<String, List<String>> byLowerCaseName) implements RequestHeaders {

    static final MapRequestHeaders EMPTY = new MapRequestHeaders(Map.of());

    static MapRequestHeaders copyOf(Map<String, List<String>> headers) {
        Map<String, List<String>> merged = new LinkedHashMap<>();
        headers.forEach((name, values) -> merged.computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                .addAll(values == null ? List.of() : values));
        Map<String, List<String>> frozen = new LinkedHashMap<>();
        merged.forEach((name, values) -> frozen.put(name, List.copyOf(values)));
        return new MapRequestHeaders(java.util.Collections.unmodifiableMap(frozen));
    }

    @Override
    public List<String> getAll(String name) {
        return byLowerCaseName.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }

    @Override
    public Set<String> names() {
        return byLowerCaseName.keySet();
    }
}

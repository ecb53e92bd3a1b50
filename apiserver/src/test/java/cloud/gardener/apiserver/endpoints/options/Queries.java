package cloud.gardener.apiserver.endpoints.options;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test helper: "a=b&c=d" to a query map (no URL decoding). */
final class Queries {

    private Queries() {}

    static Map<String, List<String>> of(String q) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (q == null || q.isEmpty()) {
            return out;
        }
        for (String pair : q.split("&", -1)) {
            int eq = pair.indexOf('=');
            out.computeIfAbsent(eq < 0 ? pair : pair.substring(0, eq), k -> new ArrayList<>())
                    .add(eq < 0 ? "" : pair.substring(eq + 1));
        }
        return out;
    }
}

package cloud.gardener.apiserver.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The values of every round, by key (e.g. {@code create.etcd}); a warm-up round's sink keeps nothing. */
final class Results {

    private final Map<String, List<Double>> values = new LinkedHashMap<>();
    private final boolean keep;

    private Results(boolean keep) {
        this.keep = keep;
    }

    static Results recording() {
        return new Results(true);
    }

    static Results discarding() {
        return new Results(false);
    }

    void record(String key, double value) {
        if (keep) {
            values.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
        }
    }

    /** One value per round, in round order; empty when the key was never measured. */
    List<Double> get(String key) {
        return values.getOrDefault(key, List.of());
    }
}

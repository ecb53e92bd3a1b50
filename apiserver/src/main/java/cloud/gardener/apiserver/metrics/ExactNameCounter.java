package cloud.gardener.apiserver.metrics;

import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.UnknownSnapshot;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * A counter whose series keeps its name exactly, for the few upstream counters without the {@code _total} suffix
 * ({@code authentication_attempts}, {@code authenticated_user_requests},
 * {@code apiserver_admission_webhook_rejection_count}): the Prometheus client appends {@code _total} to every
 * counter it writes, and Gardener's ServiceMonitor keeps these by their exact names. Exposed untyped; counting is a
 * lock-free {@link LongAdder} per label set.
 */
public final class ExactNameCounter implements Collector {

    private final String name;
    private final String help;
    private final String[] labelNames;
    private final Map<List<String>, LongAdder> children = new ConcurrentHashMap<>();

    private ExactNameCounter(String name, String help, String... labelNames) {
        this.name = name;
        this.help = help;
        this.labelNames = labelNames.clone();
    }

    static ExactNameCounter register(PrometheusRegistry registry, String name, String help, String... labelNames) {
        ExactNameCounter counter = new ExactNameCounter(name, help, labelNames);
        registry.register(counter);
        return counter;
    }

    /** Adds one to the series of these label values, in the order of the label names. */
    public void inc(String... labelValues) {
        series(labelValues).increment();
    }

    /**
     * The count of the series of these label values, made (at 0) if it is not yet: for callers that keep it and
     * count without a look-up.
     */
    LongAdder series(String... labelValues) {
        if (labelValues.length != labelNames.length) {
            throw new IllegalArgumentException(name + " takes " + labelNames.length + " label values");
        }
        List<String> key = Arrays.asList(labelValues.clone());
        LongAdder adder = children.get(key);
        if (adder == null) {
            adder = children.computeIfAbsent(key, k -> new LongAdder());
        }
        return adder;
    }

    /** The current count of one series (0 when it was never incremented). */
    public long get(String... labelValues) {
        LongAdder adder = children.get(Arrays.asList(labelValues));
        return adder == null ? 0 : adder.sum();
    }

    @Override
    public MetricSnapshot collect() {
        UnknownSnapshot.Builder snapshot = UnknownSnapshot.builder().name(name).help(help);
        children.forEach((values, adder) -> snapshot.dataPoint(UnknownSnapshot.UnknownDataPointSnapshot.builder()
                .labels(Labels.of(labelNames, values.toArray(new String[0])))
                .value((double) adder.sum())
                .build()));
        return snapshot.build();
    }

    @Override
    public String getPrometheusName() {
        return name;
    }
}

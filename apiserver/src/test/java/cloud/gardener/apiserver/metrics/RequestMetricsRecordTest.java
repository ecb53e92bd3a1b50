package cloud.gardener.apiserver.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What one recorded request adds to each series, also when its label set's data points were made by an earlier
 * request: the counter of its code, the latency histogram, the response size (GET and LIST only) and terminations.
 */
class RequestMetricsRecordTest {

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final RequestMetrics metrics = new RequestMetrics(registry);

    private static RequestInfo configMap(String verb, String name) {
        return new RequestInfo(
                true,
                "/api/v1/namespaces/default/configmaps" + (name.isEmpty() ? "" : "/" + name),
                verb,
                "api",
                "",
                "v1",
                "default",
                "configmaps",
                "",
                name,
                List.of(),
                "",
                "");
    }

    @Test
    void everyRequestIsCountedUnderItsCodeAndLabelsWhoseDataPointsAreKept() {
        RequestInfo get = configMap("get", "cm");
        metrics.record(get, "GET", null, List.of(), 200, 8192, 2_000_000, false);
        metrics.record(get, "GET", null, List.of(), 404, 200, 1_000_000, false);
        metrics.record(get, "GET", null, List.of(), 200, 8192, 3_000_000, false);
        metrics.record(get, "GET", null, List.of(), 504, 300, 9_000_000, true);
        metrics.record(configMap("create", ""), "POST", null, List.of("All"), 201, 100, 1_000_000, false);
        metrics.record(configMap("create", ""), "POST", null, List.of(), 201, 100, 1_000_000, false);

        Map<String, String> getLabels = Map.of("verb", "GET", "resource", "configmaps", "scope", "resource");
        assertThat(counter("apiserver_request", with(getLabels, "code", "200"))).isEqualTo(2);
        assertThat(counter("apiserver_request", with(getLabels, "code", "404"))).isEqualTo(1);
        assertThat(counter("apiserver_request", with(getLabels, "code", "504"))).isEqualTo(1);
        assertThat(histogramCount("apiserver_request_duration_seconds", getLabels))
                .isEqualTo(4);
        assertThat(histogramSum("apiserver_request_duration_seconds", getLabels))
                .isCloseTo(0.015, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(histogramCount("apiserver_response_sizes", getLabels)).isEqualTo(4);
        assertThat(histogramSum("apiserver_response_sizes", getLabels)).isEqualTo(8192 + 200 + 8192 + 300);
        assertThat(counter("apiserver_request_terminations", with(getLabels, "code", "504")))
                .isEqualTo(1);
        assertThat(points("apiserver_request_terminations")).hasSize(1);

        Map<String, String> create = Map.of("verb", "POST", "resource", "configmaps", "code", "201");
        assertThat(counter("apiserver_request", with(create, "dry_run", "All"))).isEqualTo(1);
        assertThat(counter("apiserver_request", with(create, "dry_run", ""))).isEqualTo(1);
        // no response sizes but for GET and LIST
        assertThat(points("apiserver_response_sizes")).hasSize(1);
        assertThat(points("apiserver_request")).hasSize(5);
    }

    @Test
    void recordingARequestOfAKnownLabelSetAllocatesNoKeyNorLabels() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        RequestInfo get = configMap("get", "cm");
        List<String> noDryRun = List.of();
        for (int i = 0; i < 300_000; i++) {
            metrics.record(get, "GET", null, noDryRun, 200, 8192, 2_000_000, false);
        }
        int requests = 10_000;
        long before = threads.getThreadAllocatedBytes(thread);
        for (int i = 0; i < requests; i++) {
            metrics.record(get, "GET", null, noDryRun, 200, 8192, 2_000_000, false);
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        // the label set's data points are looked up with the thread's probe key: no key, no labels per request (the
        // 64 B they took). What remains is the Prometheus client's: its exemplar sampler's capturing lambda per
        // observation.
        assertThat(allocated / requests).isLessThanOrEqualTo(32);
    }

    private static Map<String, String> with(Map<String, String> labels, String name, String value) {
        Map<String, String> out = new HashMap<>(labels);
        out.put(name, value);
        return out;
    }

    private List<DataPointSnapshot> points(String name) {
        for (MetricSnapshot snapshot : registry.scrape()) {
            if (snapshot.getMetadata().getPrometheusName().equals(name)) {
                return List.copyOf(snapshot.getDataPoints());
            }
        }
        throw new AssertionError("no metric " + name);
    }

    /** The one data point whose labels include all of {@code labels}. */
    private DataPointSnapshot point(String name, Map<String, String> labels) {
        List<DataPointSnapshot> matching = points(name).stream()
                .filter(point -> matches(point.getLabels(), labels))
                .toList();
        assertThat(matching).as(name + " " + labels).hasSize(1);
        return matching.get(0);
    }

    private static boolean matches(Labels labels, Map<String, String> wanted) {
        return wanted.entrySet().stream().allMatch(e -> e.getValue().equals(labels.get(e.getKey())));
    }

    private double counter(String name, Map<String, String> labels) {
        return ((CounterSnapshot.CounterDataPointSnapshot) point(name, labels)).getValue();
    }

    private long histogramCount(String name, Map<String, String> labels) {
        return ((HistogramSnapshot.HistogramDataPointSnapshot) point(name, labels)).getCount();
    }

    private double histogramSum(String name, Map<String, String> labels) {
        return ((HistogramSnapshot.HistogramDataPointSnapshot) point(name, labels)).getSum();
    }
}

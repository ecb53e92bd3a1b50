package cloud.gardener.apiserver.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.TestClient;
import io.prometheus.metrics.expositionformats.generated.com_google_protobuf_4_33_0.Metrics;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * One scrape of {@code /metrics} in the protobuf format, parsed with the Prometheus client's own generated parser,
 * and the values of its series looked up by exact label sets.
 */
public final class Scrape {

    private static final String PROTOBUF =
            "application/vnd.google.protobuf; proto=io.prometheus.client.MetricFamily; encoding=delimited";

    private final Map<String, Metrics.MetricFamily> families;

    private Scrape(Map<String, Metrics.MetricFamily> families) {
        this.families = families;
    }

    public static Scrape of(TestClient client) {
        HttpResponse<byte[]> response = client.getBytes("/metrics", Map.of("Accept", PROTOBUF));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/vnd.google.protobuf"));
        return parse(response.body());
    }

    /** The {@code Accept} header a scrape in the protobuf format sends. */
    public static String accept() {
        return PROTOBUF;
    }

    /** A body in the delimited protobuf format. */
    public static Scrape parse(byte[] body) {
        Map<String, Metrics.MetricFamily> families = new HashMap<>();
        try (InputStream in = new ByteArrayInputStream(body)) {
            Metrics.MetricFamily family;
            while ((family = Metrics.MetricFamily.parseDelimitedFrom(in)) != null) {
                families.put(family.getName(), family);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Scrape(families);
    }

    /** Scrapes until {@code done} holds (recording may trail the response the client saw) or 10 s have passed. */
    public static Scrape until(TestClient client, Predicate<Scrape> done) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        Scrape scrape = of(client);
        while (!done.test(scrape) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            scrape = of(client);
        }
        return scrape;
    }

    public Map<String, Metrics.MetricFamily> families() {
        return families;
    }

    /** The metric of a family whose labels are exactly these, or null. */
    public Metrics.Metric metric(String name, Map<String, String> labels) {
        Metrics.MetricFamily family = families.get(name);
        if (family == null) {
            return null;
        }
        for (Metrics.Metric metric : family.getMetricList()) {
            Map<String, String> actual = new HashMap<>();
            metric.getLabelList().forEach(pair -> actual.put(pair.getName(), pair.getValue()));
            if (actual.equals(labels)) {
                return metric;
            }
        }
        return null;
    }

    /** A counter's value; 0 when the series is not there. */
    public double counter(String name, Map<String, String> labels) {
        Metrics.Metric metric = metric(name, labels);
        return metric == null ? 0 : metric.getCounter().getValue();
    }

    /** An untyped series' value (the counters kept without {@code _total}); 0 when it is not there. */
    public double untyped(String name, Map<String, String> labels) {
        Metrics.Metric metric = metric(name, labels);
        return metric == null ? 0 : metric.getUntyped().getValue();
    }

    /** A gauge's value; -1 when the series is not there. */
    public double gauge(String name, Map<String, String> labels) {
        Metrics.Metric metric = metric(name, labels);
        return metric == null ? -1 : metric.getGauge().getValue();
    }

    /** A histogram that must be there. */
    public Metrics.Histogram histogram(String name, Map<String, String> labels) {
        Metrics.Metric metric = metric(name, labels);
        assertThat(metric).as(name + labels + " in " + families.get(name)).isNotNull();
        return metric.getHistogram();
    }

    /** A histogram's sample count; 0 when it is not there. */
    public long histogramCount(String name, Map<String, String> labels) {
        Metrics.Metric metric = metric(name, labels);
        return metric == null ? 0 : metric.getHistogram().getSampleCount();
    }
}

package cloud.gardener.apiserver.metrics;

import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import io.netty.util.concurrent.FastThreadLocal;
import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.datapoints.GaugeDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * k8s.io/apiserver's request metrics (pkg/endpoints/metrics/metrics.go) with its label values: the verb as
 * {@code MonitorRequest} reports it (GET of a collection is LIST, {@code ?watch} is WATCH, an apply patch is
 * APPLY), {@code dry_run}, group, version, resource, subresource, scope and component. The counters and histograms
 * are the client's lock-free ones; recording happens once per request, when its response ends.
 */
public final class RequestMetrics {

    /** Upstream's component label for requests served by the API server itself. */
    static final String COMPONENT = "apiserver";

    /** The request kinds of the in-flight gauges. */
    public enum Kind {
        READ_ONLY("readOnly"),
        MUTATING("mutating");

        private final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    private static final Set<String> VALID_VERBS = Set.of(
            "APPLY",
            "CONNECT",
            "CREATE",
            "DELETE",
            "DELETECOLLECTION",
            "GET",
            "LIST",
            "PATCH",
            "POST",
            "PROXY",
            "PUT",
            "UPDATE",
            "WATCH",
            "WATCHLIST");
    /** The health endpoints upstream instruments with their path as the subresource and no component. */
    private static final Set<String> HEALTH_PATHS = Set.of("/healthz", "/livez", "/readyz");

    private static final String APPLY_PATCH = "application/apply-patch+yaml";

    private final Counter requests;
    private final Histogram latencies;
    private final Histogram responseSizes;
    private final Counter terminations;
    private final GaugeDataPoint readOnlyInFlight;
    private final GaugeDataPoint mutatingInFlight;
    private final Map<SeriesKey, Series> series = new ConcurrentHashMap<>();

    RequestMetrics(PrometheusRegistry registry) {
        requests = Counter.builder()
                .withoutExemplars()
                .name("apiserver_request_total")
                .help("Counter of apiserver requests broken out for each verb, dry run value, group, version, "
                        + "resource, scope, component, and HTTP response code.")
                .labelNames(
                        "verb", "dry_run", "group", "version", "resource", "subresource", "scope", "component", "code")
                .register(registry);
        latencies = Histogram.builder()
                .withoutExemplars()
                .name("apiserver_request_duration_seconds")
                .help("Response latency distribution in seconds for each verb, dry run value, group, version, "
                        + "resource, subresource, scope and component.")
                .labelNames("verb", "dry_run", "group", "version", "resource", "subresource", "scope", "component")
                .classicOnly()
                .classicUpperBounds(Buckets.REQUEST_DURATION)
                .register(registry);
        responseSizes = Histogram.builder()
                .withoutExemplars()
                .name("apiserver_response_sizes")
                .help("Response size distribution in bytes for each group, version, verb, resource, subresource, "
                        + "scope and component.")
                .labelNames("verb", "group", "version", "resource", "subresource", "scope", "component")
                .classicOnly()
                .classicUpperBounds(Buckets.exponential(1000, 10.0, 8))
                .register(registry);
        terminations = Counter.builder()
                .withoutExemplars()
                .name("apiserver_request_terminations_total")
                .help("Number of requests which apiserver terminated in self-defense.")
                .labelNames("verb", "group", "version", "resource", "subresource", "scope", "component", "code")
                .register(registry);
        Gauge inFlight = Gauge.builder()
                .name("apiserver_current_inflight_requests")
                .help("Maximal number of currently used inflight request limit of this apiserver per request kind "
                        + "in last second.")
                .labelNames("request_kind")
                .register(registry);
        readOnlyInFlight = inFlight.labelValues(Kind.READ_ONLY.label);
        mutatingInFlight = inFlight.labelValues(Kind.MUTATING.label);
        Gauge inQueue = Gauge.builder()
                .name("apiserver_current_inqueue_requests")
                .help("Maximal number of queued requests in this apiserver per request kind in last second.")
                .labelNames("request_kind")
                .register(registry);
        // the max-in-flight filter refuses at once and never queues
        for (Kind kind : Kind.values()) {
            inQueue.labelValues(kind.label).set(0);
        }
    }

    /** A request of this kind took (+1) or gave back (-1) an in-flight slot. */
    public void inFlight(Kind kind, int delta) {
        (kind == Kind.READ_ONLY ? readOnlyInFlight : mutatingInFlight).inc(delta);
    }

    /**
     * Records one answered request.
     *
     * @param info the request info (never null: recording starts after it is parsed)
     * @param method the HTTP method
     * @param contentType the request's Content-Type header, or null
     * @param dryRun the {@code dryRun} query values
     * @param terminated whether the server refused or cut the request in self-defense (429, 504)
     */
    public void record(
            RequestInfo info,
            String method,
            String contentType,
            List<String> dryRun,
            int code,
            long responseBytes,
            long elapsedNanos,
            boolean terminated) {
        record(series(info, method, contentType, dryRun(dryRun)), code, responseBytes, elapsedNanos, terminated);
    }

    /** Where a request's answer is recorded once known ({@link #recorder}). */
    @FunctionalInterface
    public interface Recorder {
        void record(int code, long responseBytes, long elapsedNanos, boolean terminated);
    }

    /**
     * Records a request of these labels when called: the series looked up now, so that a request that lasts (a watch)
     * keeps only it until its end. Arguments as {@link #record}'s.
     */
    public Recorder recorder(RequestInfo info, String method, String contentType, List<String> dryRun) {
        Series points = series(info, method, contentType, dryRun(dryRun));
        return (code, responseBytes, elapsedNanos, terminated) ->
                record(points, code, responseBytes, elapsedNanos, terminated);
    }

    private void record(Series points, int code, long responseBytes, long elapsedNanos, boolean terminated) {
        points.requests(code).inc();
        points.latency.observe(elapsedNanos / 1e9);
        if (points.responseSize != null) {
            points.responseSize.observe((double) responseBytes);
        }
        if (terminated) {
            Labels labels = points.labels;
            terminations
                    .labelValues(
                            labels.verb,
                            labels.group,
                            labels.version,
                            labels.resource,
                            labels.subresource,
                            labels.scope,
                            labels.component,
                            Integer.toString(code))
                    .inc();
        }
    }

    /**
     * The data points of one label set, made on its first request. Looked up with this thread's probe key: a
     * request allocates nothing here once its label set is known.
     */
    private Series series(RequestInfo info, String method, String contentType, String dryRunLabel) {
        SeriesKey probe = PROBES.get();
        probe.set(info, method, contentType, dryRunLabel);
        Series known = series.get(probe);
        return known != null ? known : series.computeIfAbsent(probe.copy(), k -> new Series(k.labels(), k.dryRun));
    }

    /**
     * Each event loop's probe key ({@link #series}): set, looked up, never stored. Netty's thread local: an event
     * loop's thread finds it by index, where a JDK {@code ThreadLocal} hashes into the thread's map on every request.
     */
    private static final FastThreadLocal<SeriesKey> PROBES = new FastThreadLocal<>() {
        @Override
        protected SeriesKey initialValue() {
            return new SeriesKey();
        }
    };

    /**
     * What a request's data points are kept by: its labels but the code. Mutable only as a thread's probe: the keys
     * in the map are copies, never changed.
     */
    private static final class SeriesKey {

        private String verb = "";
        private String dryRun = "";
        private String group = "";
        private String version = "";
        private String resource = "";
        private String subresource = "";
        private String scope = "";
        private String component = "";
        private int hash;

        /** The labels of one request, as {@link Labels#of} makes them. */
        void set(RequestInfo info, String method, String contentType, String dryRunLabel) {
            scope = cleanScope(info);
            verb = reportedVerb(info, method, contentType, scope);
            dryRun = dryRunLabel;
            if (info.isResourceRequest()) {
                group = info.apiGroup();
                version = info.apiVersion();
                resource = info.resource();
                subresource = info.subresource();
                component = COMPONENT;
            } else {
                group = "";
                version = "";
                resource = "";
                boolean health = HEALTH_PATHS.contains(info.path());
                subresource = health ? info.path() : "";
                component = health ? "" : COMPONENT;
            }
            int h = Objects.hashCode(verb);
            h = 31 * h + Objects.hashCode(dryRun);
            h = 31 * h + Objects.hashCode(group);
            h = 31 * h + Objects.hashCode(version);
            h = 31 * h + Objects.hashCode(resource);
            h = 31 * h + Objects.hashCode(subresource);
            h = 31 * h + Objects.hashCode(scope);
            h = 31 * h + Objects.hashCode(component);
            hash = h;
        }

        SeriesKey copy() {
            SeriesKey copy = new SeriesKey();
            copy.verb = verb;
            copy.dryRun = dryRun;
            copy.group = group;
            copy.version = version;
            copy.resource = resource;
            copy.subresource = subresource;
            copy.scope = scope;
            copy.component = component;
            copy.hash = hash;
            return copy;
        }

        Labels labels() {
            return new Labels(verb, group, version, resource, subresource, scope, component);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof SeriesKey k
                    && hash == k.hash
                    && Objects.equals(verb, k.verb)
                    && Objects.equals(dryRun, k.dryRun)
                    && Objects.equals(group, k.group)
                    && Objects.equals(version, k.version)
                    && Objects.equals(resource, k.resource)
                    && Objects.equals(subresource, k.subresource)
                    && Objects.equals(scope, k.scope)
                    && Objects.equals(component, k.component);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /**
     * One label set's data points: {@code labelValues} builds a label list and looks it up on every call, three
     * times per request. Bounded as the metrics themselves are: one per label set the series already hold.
     */
    private final class Series {

        final Labels labels;
        final String dryRun;
        final DistributionDataPoint latency;
        /** Null unless the verb is GET or LIST, the only ones whose response sizes upstream records. */
        final DistributionDataPoint responseSize;
        /** The request counters by code, appended to as codes appear (a request's few codes: a linear search). */
        private volatile CodePoints byCode = new CodePoints(new int[0], new CounterDataPoint[0]);

        Series(Labels labels, String dryRun) {
            this.labels = labels;
            this.dryRun = dryRun;
            latency = latencies.labelValues(
                    labels.verb,
                    dryRun,
                    labels.group,
                    labels.version,
                    labels.resource,
                    labels.subresource,
                    labels.scope,
                    labels.component);
            responseSize = "GET".equals(labels.verb) || "LIST".equals(labels.verb)
                    ? responseSizes.labelValues(
                            labels.verb,
                            labels.group,
                            labels.version,
                            labels.resource,
                            labels.subresource,
                            labels.scope,
                            labels.component)
                    : null;
        }

        CounterDataPoint requests(int code) {
            CounterDataPoint point = byCode.find(code);
            return point != null ? point : added(code);
        }

        private synchronized CounterDataPoint added(int code) {
            CodePoints known = byCode;
            CounterDataPoint point = known.find(code);
            if (point == null) {
                point = requests.labelValues(
                        labels.verb,
                        dryRun,
                        labels.group,
                        labels.version,
                        labels.resource,
                        labels.subresource,
                        labels.scope,
                        labels.component,
                        Integer.toString(code));
                byCode = known.with(code, point);
            }
            return point;
        }
    }

    /** Counters by code, never changed once made (a new code makes a new one). */
    private static final class CodePoints {

        private final int[] codes;
        private final CounterDataPoint[] points;

        CodePoints(int[] codes, CounterDataPoint[] points) {
            this.codes = codes;
            this.points = points;
        }

        CounterDataPoint find(int code) {
            for (int i = 0; i < codes.length; i++) {
                if (codes[i] == code) {
                    return points[i];
                }
            }
            return null;
        }

        CodePoints with(int code, CounterDataPoint point) {
            int[] moreCodes = Arrays.copyOf(codes, codes.length + 1);
            CounterDataPoint[] morePoints = Arrays.copyOf(points, points.length + 1);
            moreCodes[codes.length] = code;
            morePoints[points.length] = point;
            return new CodePoints(moreCodes, morePoints);
        }
    }

    /** The label values one request is recorded under. */
    record Labels(
            String verb,
            String group,
            String version,
            String resource,
            String subresource,
            String scope,
            String component) {

        static Labels of(RequestInfo info, String method, String contentType) {
            SeriesKey key = new SeriesKey();
            key.set(info, method, contentType, "");
            return key.labels();
        }
    }

    /** Upstream's {@code CleanScope}. */
    static String cleanScope(RequestInfo info) {
        if (!info.name().isEmpty() || "create".equals(info.verb())) {
            return "resource";
        }
        if (!info.namespace().isEmpty()) {
            return "namespace";
        }
        return info.isResourceRequest() ? "cluster" : "";
    }

    /** Upstream's {@code CanonicalVerb} then {@code cleanVerb}. */
    static String reportedVerb(RequestInfo info, String method, String contentType, String scope) {
        String verb = method.toUpperCase(Locale.ROOT);
        if ("GET".equals(verb) || "HEAD".equals(verb)) {
            verb = !scope.isEmpty() && !"resource".equals(scope) ? "LIST" : "GET";
        }
        if (info.isResourceRequest() && "watch".equals(info.verb())) {
            return "WATCH";
        }
        if ("PATCH".equals(verb) && contentType != null && APPLY_PATCH.equals(mediaType(contentType))) {
            return "APPLY";
        }
        return VALID_VERBS.contains(verb) ? verb : "OTHER";
    }

    /** Upstream's {@code cleanDryRun}: the values sorted and joined, or {@code invalid}. */
    static String dryRun(List<String> values) {
        if (values.isEmpty()) {
            return "";
        }
        for (String value : values) {
            if (!"All".equals(value)) {
                return "invalid";
            }
        }
        List<String> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return String.join(",", sorted);
    }

    private static String mediaType(String contentType) {
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon))
                .trim()
                .toLowerCase(Locale.ROOT);
    }
}

package cloud.gardener.apiserver.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.registry.WatchCacheSettings;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import io.prometheus.metrics.expositionformats.generated.com_google_protobuf_4_33_0.Metrics;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code /metrics} after a known sequence of requests: kube-apiserver's series with its label values, read back
 * through the Prometheus client's own protobuf parser; and who may read it.
 */
@Tag("integration")
class MetricsEndpointTest {

    /**
     * Without the watch cache, so that every read is a storage read the storage metrics count (with it, consistent
     * lists on etcd are the cache's after a keys-only check, counted in the cache's metrics).
     */
    @RegisterExtension
    static final ApiServerExtension SERVER =
            new ApiServerExtension(config -> config.watchCache(WatchCacheSettings.disabled()));

    private static final String EXPOSURE_CLASSES = "/apis/core.gardener.cloud/v1beta1/exposureclasses";

    private static TestClient monitoring;

    @BeforeAll
    static void knownSequence() {
        monitoring = SERVER.client("prometheus", List.of("system:monitoring"));
        TestClient admin = SERVER.admin();
        assertThat(admin.post(EXPOSURE_CLASSES, exposureClass("internet")).status())
                .isEqualTo(201);
        assertThat(admin.post(EXPOSURE_CLASSES + "?dryRun=All", exposureClass("dry"))
                        .status())
                .isEqualTo(201);
        assertThat(admin.get(EXPOSURE_CLASSES + "/internet").status()).isEqualTo(200);
        assertThat(admin.get(EXPOSURE_CLASSES).status()).isEqualTo(200);
        assertThat(admin.get(EXPOSURE_CLASSES + "/missing").status()).isEqualTo(404);
        assertThat(admin.patch(
                                EXPOSURE_CLASSES + "/applied?fieldManager=metrics-test",
                                "application/apply-patch+yaml",
                                exposureClass("applied"))
                        .status())
                .isEqualTo(201);
        // a watch with its initial events (two objects), ended by the server after a second
        try (Stream<String> events = admin.openStream(EXPOSURE_CLASSES + "?watch=true&timeoutSeconds=1", Map.of())
                .body()) {
            assertThat(events.count()).isEqualTo(2);
        }
        // everyone may read exposure classes; deleting one is for operators
        assertThat(SERVER.client("alice", List.of())
                        .delete(EXPOSURE_CLASSES + "/internet")
                        .status())
                .isEqualTo(403);
    }

    @Test
    void requestsAreCountedWithUpstreamLabels() {
        Scrape families =
                scrapeUntil(f -> f.counter("apiserver_request_total", resource("WATCH", "cluster", "200")) == 1
                        && f.counter("apiserver_request_total", resource("DELETE", "resource", "403")) == 1);

        assertThat(families.counter("apiserver_request_total", resource("POST", "resource", "201")))
                .isEqualTo(1);
        Map<String, String> dryRunCreate = resource("POST", "resource", "201");
        dryRunCreate.put("dry_run", "All");
        assertThat(families.counter("apiserver_request_total", dryRunCreate)).isEqualTo(1);
        assertThat(families.counter("apiserver_request_total", resource("GET", "resource", "200")))
                .isEqualTo(1);
        assertThat(families.counter("apiserver_request_total", resource("GET", "resource", "404")))
                .isEqualTo(1);
        assertThat(families.counter("apiserver_request_total", resource("LIST", "cluster", "200")))
                .isEqualTo(1);
        assertThat(families.counter("apiserver_request_total", resource("APPLY", "resource", "201")))
                .isEqualTo(1);

        Map<String, String> getLabels = resource("GET", "resource", null);
        assertThat(families.histogramCount("apiserver_request_duration_seconds", getLabels))
                .isEqualTo(2);
        Metrics.Histogram duration = families.histogram("apiserver_request_duration_seconds", getLabels);
        assertThat(duration.getBucketList())
                .extracting(Metrics.Bucket::getUpperBound)
                .containsExactly(
                        0.005,
                        0.025,
                        0.05,
                        0.1,
                        0.2,
                        0.4,
                        0.6,
                        0.8,
                        1.0,
                        1.25,
                        1.5,
                        2.0,
                        3.0,
                        4.0,
                        5.0,
                        6.0,
                        8.0,
                        10.0,
                        15.0,
                        20.0,
                        30.0,
                        45.0,
                        60.0,
                        Double.POSITIVE_INFINITY);
        Map<String, String> sizeLabels = resource("LIST", "cluster", null);
        sizeLabels.remove("dry_run");
        Metrics.Histogram sizes = families.histogram("apiserver_response_sizes", sizeLabels);
        assertThat(sizes.getSampleCount()).isEqualTo(1);
        assertThat(sizes.getSampleSum()).isPositive();
        assertThat(sizes.getBucketList())
                .extracting(Metrics.Bucket::getUpperBound)
                .containsExactly(1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, Double.POSITIVE_INFINITY);
    }

    @Test
    void storageRoundTripsAreTimedPerResource() {
        Scrape families = scrape(monitoring);
        String type = "exposureclasses.core.gardener.cloud";
        assertThat(families.histogramCount(
                        "etcd_request_duration_seconds", Map.of("operation", "create", "type", type)))
                .isEqualTo(2);
        assertThat(families.histogramCount("etcd_request_duration_seconds", Map.of("operation", "get", "type", type)))
                .isGreaterThanOrEqualTo(2);
        assertThat(families.histogramCount("etcd_request_duration_seconds", Map.of("operation", "list", "type", type)))
                .isGreaterThanOrEqualTo(2);
        // the list returned one object (the applied one came later), the watch's initial list two
        assertThat(families.counter("apiserver_storage_list_returned_objects_total", Map.of("resource", type)))
                .isGreaterThanOrEqualTo(3);
        assertThat(families.counter("apiserver_storage_list_total", Map.of("resource", type)))
                .isGreaterThanOrEqualTo(2);
        // counted when the server started, before the test made any
        assertThat(families.gauge("apiserver_storage_objects", Map.of("resource", type)))
                .isZero();
    }

    @Test
    void admissionIsTimedPerPluginAndPhase() {
        Scrape families = scrape(monitoring);
        // two creates and one apply that created: each ran both phases
        assertThat(families.histogramCount(
                        "apiserver_admission_step_admission_duration_seconds",
                        Map.of("type", "admit", "operation", "CREATE", "rejected", "false")))
                .isGreaterThanOrEqualTo(3);
        assertThat(families.histogramCount(
                        "apiserver_admission_step_admission_duration_seconds",
                        Map.of("type", "validate", "operation", "CREATE", "rejected", "false")))
                .isGreaterThanOrEqualTo(3);
        assertThat(families.families()
                        .get("apiserver_admission_controller_admission_duration_seconds")
                        .getMetricList())
                .isNotEmpty();
    }

    @Test
    void watchesAreCounted() {
        Scrape families = scrapeUntil(f -> f.gauge(
                        "apiserver_registered_watchers",
                        Map.of("group", "core.gardener.cloud", "version", "v1beta1", "kind", "ExposureClass"))
                == 0);
        Map<String, String> gvr =
                Map.of("group", "core.gardener.cloud", "version", "v1beta1", "resource", "exposureclasses");
        assertThat(families.counter("apiserver_watch_events_total", gvr)).isEqualTo(2);
        assertThat(families.histogramCount("apiserver_watch_events_sizes", gvr)).isEqualTo(2);
        assertThat(families.counter(
                        "apiserver_init_events_total", Map.of("resource", "exposureclasses.core.gardener.cloud")))
                .isEqualTo(2);
    }

    @Test
    void authenticationAndInFlightAreReported() {
        Scrape families = scrape(monitoring);
        assertThat(families.untyped("authentication_attempts", Map.of("result", "success")))
                .isGreaterThanOrEqualTo(8);
        assertThat(families.untyped("authenticated_user_requests", Map.of("username", "other")))
                .isGreaterThanOrEqualTo(8);
        assertThat(families.gauge("apiserver_current_inflight_requests", Map.of("request_kind", "mutating")))
                .isZero();
        assertThat(families.gauge("apiserver_current_inqueue_requests", Map.of("request_kind", "readOnly")))
                .isZero();
        assertThat(families.families()).containsKeys("jvm_memory_used_bytes", "process_cpu_seconds_total");
    }

    @Test
    void theTextFormatKeepsUpstreamNames() {
        TestClient.Response text = monitoring.get("/metrics");
        assertThat(text.status()).isEqualTo(200);
        assertThat(text.header("Content-Type")).startsWith("text/plain; version=0.0.4");
        assertThat(text.body())
                .contains("# TYPE apiserver_request_total counter\n")
                .contains("# TYPE apiserver_request_duration_seconds histogram\n")
                .contains("\nauthentication_attempts{result=\"success\"} ")
                .doesNotContain("authentication_attempts_total")
                .containsPattern("\napiserver_request_total\\{code=\"403\",component=\"apiserver\",dry_run=\"\","
                        + "group=\"core.gardener.cloud\",resource=\"exposureclasses\",scope=\"resource\","
                        + "subresource=\"\",verb=\"DELETE\",version=\"v1beta1\"} 1(\\.0)?\n");
    }

    @Test
    void onlyMonitoringAndMastersMayRead() {
        assertThat(SERVER.anonymous().get("/metrics").status()).isEqualTo(403);
        assertThat(SERVER.client("alice", List.of("system:authenticated"))
                        .get("/metrics")
                        .status())
                .isEqualTo(403);
        assertThat(monitoring.get("/metrics").status()).isEqualTo(200);
        assertThat(SERVER.admin().get("/metrics").status()).isEqualTo(200);
        // a non-resource request refused by authorization is counted with its code
        Map<String, String> refused = new HashMap<>(Map.of(
                "verb",
                "GET",
                "dry_run",
                "",
                "group",
                "",
                "version",
                "",
                "resource",
                "",
                "subresource",
                "",
                "scope",
                "",
                "component",
                "apiserver",
                "code",
                "403"));
        assertThat(scrapeUntil(f -> f.counter("apiserver_request_total", refused) >= 2)
                        .counter("apiserver_request_total", refused))
                .isGreaterThanOrEqualTo(2);
    }

    private static Map<String, Object> exposureClass(String name) {
        return Map.of(
                "apiVersion",
                "core.gardener.cloud/v1beta1",
                "kind",
                "ExposureClass",
                "metadata",
                Map.of("name", name),
                "handler",
                "internet-config");
    }

    /** The labels of a request for exposure classes; code null for the histograms, which have none. */
    private static Map<String, String> resource(String verb, String scope, String code) {
        Map<String, String> labels = new LinkedHashMap<>(Map.of(
                "verb",
                verb,
                "dry_run",
                "",
                "group",
                "core.gardener.cloud",
                "version",
                "v1beta1",
                "resource",
                "exposureclasses",
                "subresource",
                "",
                "scope",
                scope,
                "component",
                "apiserver"));
        if (code != null) {
            labels.put("code", code);
        }
        return labels;
    }

    private static Scrape scrapeUntil(Predicate<Scrape> done) {
        return Scrape.until(monitoring, done);
    }

    private static Scrape scrape(TestClient client) {
        return Scrape.of(client);
    }
}

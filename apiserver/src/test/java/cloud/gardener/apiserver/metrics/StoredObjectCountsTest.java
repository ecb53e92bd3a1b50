package cloud.gardener.apiserver.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** apiserver_storage_objects counts what storage holds under each resource's prefix. */
@Tag("integration")
class StoredObjectCountsTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    @Test
    void eachResourceIsCountedInStorage() throws Exception {
        String root = "/stored-object-counts-test/";
        for (int i = 0; i < 3; i++) {
            SERVER.storage()
                    .create(root + "things/thing-" + i, "{}".getBytes(StandardCharsets.UTF_8))
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(10, TimeUnit.SECONDS);
        }
        ServerMetrics metrics = ServerMetrics.unserved();
        StoredObjectCounts counts = new StoredObjectCounts(
                SERVER.vertx(),
                SERVER.storage(),
                Map.of("things.example.com", root + "things/", "none.example.com", root + "none/"),
                metrics.storage());

        counts.countAll().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);

        assertThat(objects(metrics, "things.example.com")).isEqualTo(3);
        assertThat(objects(metrics, "none.example.com")).isZero();
    }

    private static double objects(ServerMetrics metrics, String resource) {
        for (MetricSnapshot snapshot : metrics.registry().scrape()) {
            if (snapshot instanceof GaugeSnapshot gauge
                    && gauge.getMetadata().getPrometheusName().equals("apiserver_storage_objects")) {
                for (GaugeSnapshot.GaugeDataPointSnapshot point : gauge.getDataPoints()) {
                    if (resource.equals(point.getLabels().get("resource"))) {
                        return point.getValue();
                    }
                }
            }
        }
        return Double.NaN;
    }
}

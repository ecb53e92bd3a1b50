package cloud.gardener.apiserver.metrics;

import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.datapoints.GaugeDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/** k8s.io/apiserver's watch metrics: registered watchers, events sent and their sizes, initial events. */
public final class WatchMetrics {

    private final Gauge registered;
    private final Counter events;
    private final Histogram sizes;
    private final Counter initEvents;

    WatchMetrics(PrometheusRegistry registry) {
        registered = Gauge.builder()
                .name("apiserver_registered_watchers")
                .help("Number of currently registered watchers for a given resources")
                .labelNames("group", "version", "kind")
                .register(registry);
        events = Counter.builder()
                .withoutExemplars()
                .name("apiserver_watch_events_total")
                .help("Number of events sent in watch clients")
                .labelNames("group", "version", "resource")
                .register(registry);
        sizes = Histogram.builder()
                .withoutExemplars()
                .name("apiserver_watch_events_sizes")
                .help("Watch event size distribution in bytes")
                .labelNames("group", "version", "resource")
                .classicOnly()
                .classicUpperBounds(Buckets.exponential(1024, 2.0, 8))
                .register(registry);
        initEvents = Counter.builder()
                .withoutExemplars()
                .name("apiserver_init_events_total")
                .help("Counter of init events processed in watch cache broken by resource type.")
                .labelNames("resource")
                .register(registry);
    }

    /**
     * The series one watch records into, resolved once when it opens.
     *
     * @param groupResource upstream's {@code resource} label of the init events: {@code shoots.core.gardener.cloud}
     */
    public Watcher watcher(String group, String version, String kind, String resource, String groupResource) {
        return new Watcher(
                registered.labelValues(group, version, kind),
                events.labelValues(group, version, resource),
                sizes.labelValues(group, version, resource),
                initEvents.labelValues(groupResource));
    }

    /** One watch's series. */
    public static final class Watcher {
        private final GaugeDataPoint registered;
        private final CounterDataPoint events;
        private final DistributionDataPoint sizes;
        private final CounterDataPoint initEvents;

        private Watcher(
                GaugeDataPoint registered,
                CounterDataPoint events,
                DistributionDataPoint sizes,
                CounterDataPoint initEvents) {
            this.registered = registered;
            this.events = events;
            this.sizes = sizes;
            this.initEvents = initEvents;
        }

        public void opened() {
            registered.inc();
        }

        public void closed() {
            registered.dec();
        }

        /** An event of this many bytes was written to the client. */
        public void sent(int bytes) {
            events.inc();
            sizes.observe(bytes);
        }

        /** An event of the initial state (the objects that existed when the watch began). */
        public void initEvent() {
            initEvents.inc();
        }
    }
}

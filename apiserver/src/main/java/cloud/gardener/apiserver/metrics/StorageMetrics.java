package cloud.gardener.apiserver.metrics;

import cloud.gardener.apiserver.storage.cache.WatchCacheObserver;
import cloud.gardener.apiserver.storage.value.TransformationObserver;
import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.GaugeDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * k8s.io/apiserver's storage metrics: etcd request latencies, stored object counts, list work, value transformation
 * (encryption at rest), and the watch cache's series (k8s.io/apiserver pkg/storage/cacher/metrics), fed by each
 * resource's {@link #watchCache(String, String) observer}.
 */
public final class StorageMetrics {

    private static final String TRANSFORMED = "OK";

    private final Histogram etcdRequests;
    private final Gauge objects;
    private final Counter listTotal;
    private final Counter listFetched;
    private final Counter listEvaluated;
    private final Counter listReturned;
    private final Counter cacheList;
    private final Counter cacheListFetched;
    private final Counter cacheListReturned;
    private final Gauge cacheCapacity;
    private final Counter cacheCapacityIncrease;
    private final Counter cacheCapacityDecrease;
    private final Counter cacheEventsReceived;
    private final Counter cacheEventsDispatched;
    private final Counter cacheInitializations;
    private final Counter cacheTerminatedWatchers;
    private final Gauge cacheResourceVersion;
    private final Histogram transformationDuration;
    private final Counter transformationOperations;

    StorageMetrics(PrometheusRegistry registry) {
        etcdRequests = Histogram.builder()
                .withoutExemplars()
                .name("etcd_request_duration_seconds")
                .help("Etcd request latency in seconds for each operation and object type.")
                .labelNames("operation", "type")
                .classicOnly()
                .classicUpperBounds(Buckets.REQUEST_DURATION)
                .register(registry);
        objects = Gauge.builder()
                .name("apiserver_storage_objects")
                .help("Number of stored objects at the time of last check split by kind.")
                .labelNames("resource")
                .register(registry);
        listTotal = Counter.builder()
                .withoutExemplars()
                .name("apiserver_storage_list_total")
                .help("Number of LIST requests served from storage")
                .labelNames("resource")
                .register(registry);
        listFetched = Counter.builder()
                .withoutExemplars()
                .name("apiserver_storage_list_fetched_objects_total")
                .help("Number of objects read from storage in the course of serving a LIST request")
                .labelNames("resource")
                .register(registry);
        listEvaluated = Counter.builder()
                .withoutExemplars()
                .name("apiserver_storage_list_evaluated_objects_total")
                .help("Number of objects tested in the course of serving a LIST request from storage")
                .labelNames("resource")
                .register(registry);
        listReturned = Counter.builder()
                .withoutExemplars()
                .name("apiserver_storage_list_returned_objects_total")
                .help("Number of objects returned for a LIST request from storage")
                .labelNames("resource")
                .register(registry);
        cacheList = Counter.builder()
                .withoutExemplars()
                .name("apiserver_cache_list_total")
                .help("Number of LIST requests served from watch cache")
                .labelNames("resource_prefix", "index")
                .register(registry);
        cacheListFetched = Counter.builder()
                .withoutExemplars()
                .name("apiserver_cache_list_fetched_objects_total")
                .help("Number of objects read from watch cache in the course of serving a LIST request")
                .labelNames("resource_prefix", "index")
                .register(registry);
        cacheListReturned = Counter.builder()
                .withoutExemplars()
                .name("apiserver_cache_list_returned_objects_total")
                .help("Number of objects returned for a LIST request from watch cache")
                .labelNames("resource_prefix")
                .register(registry);
        cacheCapacity = Gauge.builder()
                .name("watch_cache_capacity")
                .help("Total capacity of watch cache broken by resource type.")
                .labelNames("resource")
                .register(registry);
        cacheCapacityIncrease = Counter.builder()
                .withoutExemplars()
                .name("watch_cache_capacity_increase_total")
                .help("Total number of watch cache capacity increase events broken by resource type.")
                .labelNames("resource")
                .register(registry);
        cacheCapacityDecrease = Counter.builder()
                .withoutExemplars()
                .name("watch_cache_capacity_decrease_total")
                .help("Total number of watch cache capacity decrease events broken by resource type.")
                .labelNames("resource")
                .register(registry);
        cacheEventsReceived = Counter.builder()
                .withoutExemplars()
                .name("apiserver_watch_cache_events_received_total")
                .help("Counter of events received in watch cache broken by resource type.")
                .labelNames("resource")
                .register(registry);
        cacheEventsDispatched = Counter.builder()
                .withoutExemplars()
                .name("apiserver_watch_cache_events_dispatched_total")
                .help("Counter of events dispatched in watch cache broken by resource type.")
                .labelNames("resource")
                .register(registry);
        cacheInitializations = Counter.builder()
                .withoutExemplars()
                .name("apiserver_watch_cache_initializations_total")
                .help("Counter of watch cache initializations broken by resource type.")
                .labelNames("resource")
                .register(registry);
        cacheTerminatedWatchers = Counter.builder()
                .withoutExemplars()
                .name("apiserver_terminated_watchers_total")
                .help("Counter of watchers closed due to unresponsiveness broken by resource type.")
                .labelNames("resource")
                .register(registry);
        cacheResourceVersion = Gauge.builder()
                .name("apiserver_watch_cache_resource_version")
                .help("Current resource version of watch cache broken by resource type.")
                .labelNames("resource")
                .register(registry);
        transformationDuration = Histogram.builder()
                .withoutExemplars()
                .name("apiserver_storage_transformation_duration_seconds")
                .help("Latencies in seconds of value transformation operations.")
                .labelNames("transformation_type", "transformer_prefix")
                .classicOnly()
                .classicUpperBounds(Buckets.exponential(5e-6, 2, 25))
                .register(registry);
        transformationOperations = Counter.builder()
                .withoutExemplars()
                .name("apiserver_storage_transformation_operations_total")
                .help("Total number of transformations. Successful transformation will have a status 'OK' and a "
                        + "varied status string when the transformation fails. The status, resource, and "
                        + "transformation_type fields can be used for alerting purposes. For example, you can "
                        + "monitor for encryption/decryption failures using the transformation_type (e.g., "
                        + "from_storage for decryption and to_storage for encryption). Additionally, these fields "
                        + "can be used to ensure that the correct transformers are applied to each resource.")
                .labelNames("resource", "transformation_type", "transformer_prefix", "status")
                .register(registry);
    }

    /**
     * One storage round trip.
     *
     * @param operation upstream's operation names: {@code get}, {@code list}, {@code create}, {@code update},
     *     {@code delete}, {@code listWithCount}
     * @param type the group resource, {@code shoots.core.gardener.cloud}
     */
    public void etcdRequest(String operation, String type, long elapsedNanos) {
        etcdRequests.labelValues(operation, type).observe(elapsedNanos / 1e9);
    }

    /** The number of objects of a resource last counted in storage. */
    public void objects(String resource, long count) {
        objects.labelValues(resource).set((double) count);
    }

    /** One LIST served from storage: objects read, tested against the selectors, and returned. */
    public void listed(String resource, long fetched, long evaluated, long returned) {
        listTotal.labelValues(resource).inc();
        listFetched.labelValues(resource).inc(fetched);
        listEvaluated.labelValues(resource).inc(evaluated);
        listReturned.labelValues(resource).inc(returned);
    }

    /**
     * The observer of one resource's watch cache.
     *
     * @param resourcePrefix upstream's {@code resource_prefix}: the resource's key prefix below {@code --etcd-prefix},
     *     {@code /core.gardener.cloud/shoots}
     * @param resource the group resource, {@code shoots.core.gardener.cloud}
     */
    public WatchCacheObserver watchCache(String resourcePrefix, String resource) {
        CounterDataPoint lists = cacheList.labelValues(resourcePrefix, "");
        CounterDataPoint fetched = cacheListFetched.labelValues(resourcePrefix, "");
        CounterDataPoint returnedObjects = cacheListReturned.labelValues(resourcePrefix);
        GaugeDataPoint capacity = cacheCapacity.labelValues(resource);
        CounterDataPoint increases = cacheCapacityIncrease.labelValues(resource);
        CounterDataPoint decreases = cacheCapacityDecrease.labelValues(resource);
        CounterDataPoint received = cacheEventsReceived.labelValues(resource);
        CounterDataPoint dispatched = cacheEventsDispatched.labelValues(resource);
        CounterDataPoint initializations = cacheInitializations.labelValues(resource);
        CounterDataPoint terminated = cacheTerminatedWatchers.labelValues(resource);
        GaugeDataPoint revision = cacheResourceVersion.labelValues(resource);
        return new WatchCacheObserver() {
            @Override
            public void listServed(String index, long fetchedObjects, long returned) {
                if (index.isEmpty()) {
                    lists.inc();
                    fetched.inc(fetchedObjects);
                } else {
                    cacheList.labelValues(resourcePrefix, index).inc();
                    cacheListFetched.labelValues(resourcePrefix, index).inc(fetchedObjects);
                }
                returnedObjects.inc(returned);
            }

            @Override
            public void capacityChanged(int from, int to) {
                capacity.set(to);
                if (from != 0) {
                    (to > from ? increases : decreases).inc();
                }
            }

            @Override
            public void eventReceived() {
                received.inc();
            }

            @Override
            public void eventDispatched(int watchers) {
                dispatched.inc();
            }

            @Override
            public void initialized(long rev) {
                initializations.inc();
            }

            @Override
            public void watchersTerminated(int count) {
                terminated.inc(count);
            }

            @Override
            public void revision(long rev) {
                revision.set((double) rev);
            }
        };
    }

    /**
     * The observer of one resource's value transformations (encryption at rest), as upstream's
     * {@code RecordTransformation}: every transformation counted, the successful ones timed.
     *
     * @param resource the group resource, {@code secrets}, {@code internalsecrets.core.gardener.cloud}
     */
    public TransformationObserver transformations(String resource) {
        return (type, prefix, status, elapsedNanos) -> {
            transformationOperations.labelValues(resource, type, prefix, status).inc();
            if (TRANSFORMED.equals(status)) {
                transformationDuration.labelValues(type, prefix).observe(elapsedNanos / 1e9);
            }
        };
    }
}

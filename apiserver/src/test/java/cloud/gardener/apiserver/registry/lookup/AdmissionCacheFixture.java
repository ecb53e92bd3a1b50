package cloud.gardener.apiserver.registry.lookup;

import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.await;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.admission.validation.core.ShootWarnings;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.registry.EmbeddedStoreExtension;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ObservedStorage;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.StoreReads;
import cloud.gardener.apiserver.registry.WatchCacheSettings;
import java.util.Map;

/**
 * The admission cache over an embedded store's registry, as the server builds it: its resources read through the watch
 * caches the settings give, the others followed by a list and watch of the admission cache's own.
 */
final class AdmissionCacheFixture {

    static final String PREFIX = "/registry";

    final ObservedStorage storage;
    final StoreReads reads;
    final Registry registry;
    final ObjectCache cache;

    AdmissionCacheFixture(EmbeddedStoreExtension embeddedStore, WatchCacheSettings settings) {
        storage = embeddedStore.storage();
        ResourceRegistry resources = ResourceRegistry.standard(true);
        reads = new StoreReads(resources, storage, PREFIX, null, embeddedStore.vertx(), settings);
        registry = new Registry(reads, self -> AdmissionChain.empty(), ShootWarnings.DEFAULT_ROTATION_INTERVAL);
        cache = new ObjectCache(
                embeddedStore.vertx(), reads.reader(storage), AdmissionCacheScope.resources(resources, PREFIX));
    }

    /**
     * The two sources a parameterised test runs against: {@code resource} (as "projects.core.gardener.cloud") read
     * through its watch cache, or without one, followed by the admission cache's own watch.
     */
    static WatchCacheSettings watchCached(boolean watchCached, String resource) {
        return new WatchCacheSettings(true, 100, watchCached ? Map.of() : Map.of(resource, 0), true);
    }

    GenericStore store(String group, String resource) {
        return registry.store(group, resource).orElseThrow();
    }

    /** Fills the watch caches, then the admission cache. */
    void sync() throws Exception {
        if (reads.cache() != null) {
            await(reads.cache().start());
        }
        await(cache.start());
    }

    void close() {
        cache.close();
        if (reads.cache() != null) {
            reads.cache().closeCaches();
        }
    }
}

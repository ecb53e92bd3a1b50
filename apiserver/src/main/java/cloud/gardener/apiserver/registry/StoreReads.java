package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.metrics.MeteredStorage;
import cloud.gardener.apiserver.metrics.StorageMetrics;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StoreReader;
import cloud.gardener.apiserver.storage.cache.CachedStorage;
import cloud.gardener.apiserver.storage.cache.WatchCacheConfig;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The port to the stored objects that exists before the registry: every stored resource's {@link ResourceReads} and
 * the storage its store writes to. The admission chain reads through it (lookups, policy parameters), so the chain
 * can be built first and the {@link Registry} on top of both; nothing here admits or writes.
 */
public final class StoreReads {

    /** The resources that have a store of their own, in the resource registry's order. */
    private final List<ResourceType> stored = new ArrayList<>();

    private final Map<String, ResourceReads> reads = new LinkedHashMap<>();
    /**
     * {@link #reads} by group, then plural: {@link #of(String, String)} is asked several times per admitted request
     * (every lookup), and a map of maps finds the reads without building and hashing a {@code group/plural} key.
     */
    private final Map<String, Map<String, ResourceReads>> byGroup = new HashMap<>();

    private final Map<String, Storage> storages = new LinkedHashMap<>();
    /** The watch caches the reads go through, or null when no resource is cached. */
    private final CachedStorage cache;

    /** @param metrics where each resource's storage round trips are recorded, or null to record none */
    public StoreReads(ResourceRegistry resources, Storage storage, String prefix, StorageMetrics metrics) {
        this(resources, storage, prefix, metrics, null, WatchCacheSettings.disabled());
    }

    /**
     * With a watch cache for each resource {@code caching} selects, above the metering (its list and watch of the
     * store are metered as any) and above {@code storage}'s value transformation (it holds decrypted bytes).
     * {@link #cache()} must be started.
     */
    public StoreReads(
            ResourceRegistry resources,
            Storage storage,
            String prefix,
            StorageMetrics metrics,
            Vertx vertx,
            WatchCacheSettings caching) {
        Map<String, WatchCacheConfig> cached = new LinkedHashMap<>();
        Map<String, Storage> sources = new LinkedHashMap<>();
        Map<String, ResourceType> cachedTypes = new LinkedHashMap<>();
        for (ResourceType type : resources.resources()) {
            if (!type.stored() || isEventsV1(type)) {
                continue;
            }
            Storage typed = metrics == null
                    ? storage
                    : new MeteredStorage(storage, type.groupResource().toString(), metrics);
            ResourceKeys keys = ResourceKeys.of(prefix, type);
            stored.add(type);
            storages.put(id(type), typed);
            ResourceReads direct = new ResourceReads(type, keys, typed);
            reads.put(id(type), direct);
            if (caching.cached(type)) {
                WatchCacheConfig config = WatchCacheConfig.defaults()
                        .withAttributes(direct::cachedAttributes, ResourceReads.indexedFields(type))
                        .withAttributeWork(CpuWork::run);
                if (metrics != null) {
                    String resourcePrefix =
                            keys.all().substring(prefix.length(), keys.all().length() - 1);
                    config = config.withObserver(metrics.watchCache(
                            resourcePrefix, type.groupResource().toString()));
                }
                cached.put(keys.all(), config);
                sources.put(keys.all(), typed);
                cachedTypes.put(keys.all(), type);
            }
        }
        cache = cached.isEmpty()
                ? null
                : new CachedStorage(vertx, storage, cached, caching.progressOrdered(), sources::get);
        cachedTypes.forEach((keyPrefix, type) ->
                reads.put(id(type), new ResourceReads(type, ResourceKeys.of(prefix, type), cache)));
        // events.k8s.io/v1 events are core/v1's (not a collection of their own)
        Optional<ResourceType> eventsV1 = resources.findGroupResource(StandardResources.K8S_EVENTS, "events");
        ResourceReads core = reads.get("/events");
        if (eventsV1.isPresent() && core != null) {
            reads.put(id(eventsV1.get()), core.as(eventsV1.get()));
        }
        for (ResourceReads r : reads.values()) {
            byGroup.computeIfAbsent(r.type().group(), g -> new HashMap<>())
                    .put(r.type().plural(), r);
        }
    }

    /** The watch caches, or null when no resource is cached; started and closed by the server. */
    public CachedStorage cache() {
        return cache;
    }

    /**
     * What reads every stored object: the watch caches for the cached resources' prefixes, the store for everything
     * else (a prefix spanning resources, an uncached resource).
     */
    public StoreReader reader(Storage storage) {
        return cache != null ? cache : storage;
    }

    static boolean isEventsV1(ResourceType type) {
        return StandardResources.K8S_EVENTS.equals(type.group()) && "events".equals(type.plural());
    }

    private static String id(ResourceType type) {
        return type.group() + "/" + type.plural();
    }

    /** The reads of a served resource, also of one served over another's objects; empty when it is not stored. */
    public Optional<ResourceReads> of(String groupName, String plural) {
        Map<String, ResourceReads> group = byGroup.get(groupName);
        return Optional.ofNullable(group == null ? null : group.get(plural));
    }

    /** The resources with a store of their own. */
    List<ResourceType> stored() {
        return stored;
    }

    ResourceReads of(ResourceType type) {
        return reads.get(id(type));
    }

    /** Where the store of {@code type} writes (metered as its reads are). */
    Storage storage(ResourceType type) {
        return storages.get(id(type));
    }
}

package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.admission.validation.core.ShootWarnings;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.metrics.StorageMetrics;
import cloud.gardener.apiserver.registry.events.EventConversion;
import cloud.gardener.apiserver.registry.events.EventStrategy;
import cloud.gardener.apiserver.registry.gardener.ControllerDeploymentConversion;
import cloud.gardener.apiserver.storage.Storage;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** One {@link GenericStore} per served resource, all on one storage. */
public final class Registry {

    private final Map<String, GenericStore> stores = new LinkedHashMap<>();
    /** Stores serving another resource's objects under their own names; not in {@link #all()}. */
    private final Map<String, GenericStore> aliases = new LinkedHashMap<>();

    private final AdmissionChain admission;
    private final StoreReads reads;

    public Registry(ResourceRegistry resources, Storage storage, String prefix, AdmissionChain admission) {
        this(resources, storage, prefix, admission, ShootWarnings.DEFAULT_ROTATION_INTERVAL);
    }

    /** @param credentialsRotationInterval {@code --shoot-credentials-rotation-interval}, for the Shoot warnings */
    public Registry(
            ResourceRegistry resources,
            Storage storage,
            String prefix,
            AdmissionChain admission,
            Duration credentialsRotationInterval) {
        this(resources, storage, prefix, admission, credentialsRotationInterval, null);
    }

    /** @param metrics where each resource's storage round trips are recorded, or null to record none */
    public Registry(
            ResourceRegistry resources,
            Storage storage,
            String prefix,
            AdmissionChain admission,
            Duration credentialsRotationInterval,
            StorageMetrics metrics) {
        this(new StoreReads(resources, storage, prefix, metrics), self -> admission, credentialsRotationInterval);
    }

    /**
     * The stores over the reads that exist before them, with the admission chain built for this registry: the chain
     * may hold the registry (a plugin's dry-run create goes through the stores and so through the chain again, as
     * Gardener's plugins send theirs to their own server). The chain is built once, here, and the registry is only
     * used by it while serving, never while being built.
     */
    public Registry(
            StoreReads reads, Function<Registry, AdmissionChain> admissionFor, Duration credentialsRotationInterval) {
        this.reads = reads;
        this.admission = admissionFor.apply(this);
        for (ResourceType type : reads.stored()) {
            ResourceStrategy strategy = strategyFor(type, credentialsRotationInterval);
            stores.put(
                    id(type),
                    new GenericStore(
                            reads.of(type),
                            reads.storage(type),
                            ModelStrategy.wrap(type, strategy),
                            admission,
                            conversionFor(type)));
        }
        reads.of(StandardResources.K8S_EVENTS, "events").ifPresent(this::addEventsV1);
    }

    /** events.k8s.io/v1 events are core/v1's, converted (not a collection of their own). */
    private void addEventsV1(ResourceReads eventsV1) {
        GenericStore core = stores.get("/events");
        if (core != null) {
            aliases.put(
                    id(eventsV1.type()),
                    GenericStore.over(
                            core,
                            eventsV1.type(),
                            ModelStrategy.wrap(core.type(), new EventStrategy(true)),
                            new EventConversion()));
        }
    }

    /** The reads the stores serve with (they existed before the registry). */
    public StoreReads reads() {
        return reads;
    }

    /** The admission chain every write of these stores passes, also for writes that store nothing. */
    public AdmissionChain admission() {
        return admission;
    }

    private static String id(ResourceType type) {
        return type.group() + "/" + type.plural();
    }

    /** The kind's strategy from {@link Strategies}, keyed by its definition. */
    static ResourceStrategy strategyFor(ResourceType type, Duration credentialsRotationInterval) {
        return Strategies.of(type, credentialsRotationInterval);
    }

    /** Kinds served in more than one version keep one storage version (Gardener: ControllerDeployment in v1). */
    static VersionConversion conversionFor(ResourceType type) {
        return Kinds.CONTROLLER_DEPLOYMENT.groupResource().equals(type.groupResource())
                ? new ControllerDeploymentConversion()
                : VersionConversion.IDENTITY;
    }

    public GenericStore store(ResourceType type) {
        GenericStore store = stores.getOrDefault(id(type), aliases.get(id(type)));
        if (store == null) {
            throw ApiException.resourceNotFound();
        }
        return store;
    }

    public Optional<GenericStore> store(String group, String plural) {
        return Optional.ofNullable(stores.getOrDefault(group + "/" + plural, aliases.get(group + "/" + plural)));
    }

    public Iterable<GenericStore> all() {
        return stores.values();
    }
}

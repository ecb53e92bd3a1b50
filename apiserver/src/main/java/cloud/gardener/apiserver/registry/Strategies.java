package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.resource.KindDefinition;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.RuleClasses;
import cloud.gardener.apiserver.registry.events.EventStrategy;
import cloud.gardener.apiserver.registry.gardener.ShootStrategy;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The strategy of each kind, found by its name from the kind's definition ({@code ExposureClassStrategy} for
 * ExposureClass, see {@link RuleClasses}) and made by its no-argument constructor. A kind without one gets
 * {@link ResourceStrategy#DEFAULT}, or, in the core group, {@link ResourceStrategy#WITHOUT_GENERATION}
 * (kube-apiserver's configmaps).
 */
final class Strategies {

    /** Not private, for the test that no strategy is misnamed. */
    static final RuleClasses RULES = new RuleClasses(
            ResourceStrategy.class,
            "Strategy",
            List.of("cloud.gardener.apiserver.registry.gardener", "cloud.gardener.apiserver.registry.core"));

    /**
     * Strategies made otherwise: the Shoot's warns about old credentials by the server's rotation interval, and
     * core/v1 events share theirs with events.k8s.io (the registry gives those theirs).
     */
    private static final Map<KindDefinition<?>, Function<Duration, ResourceStrategy>> CONFIGURED =
            Map.of(Kinds.SHOOT, ShootStrategy::new, Kinds.EVENT, interval -> new EventStrategy(false));

    private static final Map<KindDefinition<?>, Supplier<ResourceStrategy>> BY_KIND = index();

    private Strategies() {}

    private static Map<KindDefinition<?>, Supplier<ResourceStrategy>> index() {
        Map<KindDefinition<?>, Supplier<ResourceStrategy>> map = new HashMap<>();
        for (KindDefinition<?> definition : Kinds.ALL) {
            if (!CONFIGURED.containsKey(definition)) {
                RULES.of(definition)
                        .map(rule -> RULES.constructor(rule))
                        .ifPresent(
                                strategy -> map.put(definition, () -> (ResourceStrategy) RuleClasses.create(strategy)));
            }
        }
        return Map.copyOf(map);
    }

    /** @param credentialsRotationInterval {@code --shoot-credentials-rotation-interval}, for the Shoot warnings */
    static ResourceStrategy of(ResourceType type, Duration credentialsRotationInterval) {
        Optional<KindDefinition<?>> definition = Kinds.of(type);
        Optional<ResourceStrategy> configured =
                definition.map(CONFIGURED::get).map(strategy -> strategy.apply(credentialsRotationInterval));
        return configured
                .or(() -> definition.map(BY_KIND::get).map(Supplier::get))
                .orElse(type.group().isEmpty() ? ResourceStrategy.WITHOUT_GENERATION : ResourceStrategy.DEFAULT);
    }
}

package cloud.gardener.apiserver.endpoints.tables;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.KindDefinition;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.RuleClasses;
import cloud.gardener.apiserver.endpoints.tables.gardener.CrdTable;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Which table each kind gets: the one lookup behind {@link TableConvertor#defaultFor}. A kind's table is found by its
 * name from the kind's definition ({@code ExposureClassTable} for ExposureClass, see {@link RuleClasses}) and made by
 * its constructor taking the clock its cells are computed against.
 */
public final class TableConvertors {

    /** Not private, for the test that no table is misnamed. */
    static final RuleClasses RULES = new RuleClasses(
            TableConvertor.class,
            "Table",
            List.of(
                    "cloud.gardener.apiserver.endpoints.tables.gardener",
                    "cloud.gardener.apiserver.endpoints.tables.core"));

    /** The kinds that are CustomResourceDefinitions in Gardener get the columns of their CRDs. */
    private static final Map<KindDefinition<?>, Function<Clock, TableConvertor>> CONFIGURED =
            Map.of(Kinds.GARDEN, CrdTable::gardens, Kinds.EXTENSION, CrdTable::extensions);

    private static final Map<KindDefinition<?>, Function<Clock, TableConvertor>> BY_KIND = index();

    private TableConvertors() {}

    private static Map<KindDefinition<?>, Function<Clock, TableConvertor>> index() {
        Map<KindDefinition<?>, Function<Clock, TableConvertor>> map = new HashMap<>(CONFIGURED);
        for (KindDefinition<?> definition : Kinds.ALL) {
            if (!CONFIGURED.containsKey(definition)) {
                RULES.of(definition)
                        .map(rule -> RULES.constructor(rule, Clock.class))
                        .ifPresent(table ->
                                map.put(definition, clock -> (TableConvertor) RuleClasses.create(table, clock)));
            }
        }
        return Map.copyOf(map);
    }

    /** The resource's table, cells computed against {@code clock}; the default table for resources not listed. */
    public static TableConvertor forResource(GroupResource resource, Clock clock) {
        return Kinds.of(resource)
                .map(BY_KIND::get)
                .map(table -> table.apply(clock))
                .orElse(DefaultTableConvertor.INSTANCE);
    }

    /** The resources with a table of their own. */
    public static Set<GroupResource> resources() {
        return BY_KIND.keySet().stream().map(KindDefinition::groupResource).collect(Collectors.toUnmodifiableSet());
    }
}

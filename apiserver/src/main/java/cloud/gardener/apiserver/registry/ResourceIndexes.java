package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.admission.ObjectIndex;
import cloud.gardener.apiserver.admission.plugins.support.Projects;
import cloud.gardener.apiserver.admission.plugins.support.SecretIndexes;
import cloud.gardener.apiserver.admission.plugins.support.ShootIndexes;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.ResourceType;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The indexes admission keeps of a resource's objects ({@code ObjectCache#candidates}), declared here once for both
 * their readers: a watch cache's attribute pass, which reads their terms in the same pass over each stored value as
 * the selectable fields ({@link ResourceReads#cachedAttributes}), and the admission cache, which files keys under
 * them. All of a resource's indexes share one term index: each term is qualified by its index's name.
 *
 * @param indexes the resource's indexes, each named uniquely among them
 */
public record ResourceIndexes(List<ObjectIndex> indexes) {

    public static final ResourceIndexes NONE = new ResourceIndexes(List.of());

    public ResourceIndexes {
        indexes = List.copyOf(indexes);
    }

    /** The indexes kept of {@code type}'s objects (add a resource's indexes here). */
    public static ResourceIndexes of(ResourceType type) {
        if (Kinds.SHOOT.groupResource().equals(type.groupResource())) {
            return new ResourceIndexes(ShootIndexes.ALL);
        }
        if (Kinds.SECRET.groupResource().equals(type.groupResource())) {
            return new ResourceIndexes(SecretIndexes.INDEXES);
        }
        return Kinds.PROJECT.groupResource().equals(type.groupResource())
                ? new ResourceIndexes(Projects.INDEXES)
                : NONE;
    }

    public boolean isEmpty() {
        return indexes.isEmpty();
    }

    /** The paths every index reads, once each. */
    public List<String> paths() {
        Set<String> paths = new LinkedHashSet<>();
        indexes.forEach(i -> paths.addAll(i.paths()));
        return List.copyOf(paths);
    }

    /** The qualified terms every index files the object under, from a view holding at least {@link #paths}. */
    public Set<String> terms(JsonNode view) {
        if (indexes.isEmpty()) {
            return Set.of();
        }
        Set<String> terms = new HashSet<>();
        for (ObjectIndex index : indexes) {
            for (String term : index.terms(view)) {
                terms.add(qualified(index, term));
            }
        }
        return terms;
    }

    /** The qualified terms a lookup of {@code value} in {@code index} reads. */
    public static Set<String> queryTerms(ObjectIndex index, String value) {
        Set<String> terms = new HashSet<>();
        for (String term : index.queryTerms(value)) {
            terms.add(qualified(index, term));
        }
        return terms;
    }

    private static String qualified(ObjectIndex index, String term) {
        // a name is unique among a resource's indexes; the first NUL ends it
        return index.name() + '\0' + term;
    }
}

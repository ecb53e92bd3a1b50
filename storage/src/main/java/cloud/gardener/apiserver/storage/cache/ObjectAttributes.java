package cloud.gardener.apiserver.storage.cache;

import java.util.Map;
import java.util.Set;

/**
 * What the watch cache reads of an object once per stored version, with the extractor the API layer gives it: what
 * selectors look at (its labels and selectable fields: {@code metadata.name}, {@code metadata.namespace},
 * {@code spec.seedName}, ...), so a list with a selector never decodes an object, and the terms the resource's
 * {@link TermIndex}es file it under, so an index never reads the value again.
 *
 * @param labels the object's labels
 * @param fields field path to value, for the fields the resource can be selected by
 * @param terms  the terms the object is filed under in the indexes following the cache ({@link WatchCache#follow})
 */
public record ObjectAttributes(Map<String, String> labels, Map<String, String> fields, Set<String> terms) {

    /** For caches without an extractor. */
    public static final ObjectAttributes NONE = new ObjectAttributes(Map.of(), Map.of());

    public ObjectAttributes {
        labels = Map.copyOf(labels);
        fields = Map.copyOf(fields);
        terms = Set.copyOf(terms);
    }

    /** Of a resource without term indexes. */
    public ObjectAttributes(Map<String, String> labels, Map<String, String> fields) {
        this(labels, fields, Set.of());
    }
}

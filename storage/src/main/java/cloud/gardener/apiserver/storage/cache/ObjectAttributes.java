package cloud.gardener.apiserver.storage.cache;

import java.util.Map;

/**
 * What selectors look at in an object: its labels and its selectable fields ({@code metadata.name},
 * {@code metadata.namespace}, {@code spec.seedName}, ...). The watch cache computes them once per stored
 * version with the extractor the API layer gives it, so a list with a selector never decodes an object.
 *
 * @param labels the object's labels
 * @param fields field path to value, for the fields the resource can be selected by
 */
public record ObjectAttributes(Map<String, String> labels, Map<String, String> fields) {

    /** For caches without an extractor. */
    public static final ObjectAttributes NONE = new ObjectAttributes(Map.of(), Map.of());

    public ObjectAttributes {
        labels = Map.copyOf(labels);
        fields = Map.copyOf(fields);
    }
}

package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.selection.FieldSelector;
import cloud.gardener.apiserver.api.selection.LabelSelector;
import cloud.gardener.apiserver.storage.cache.ObjectAttributes;
import java.util.Optional;

/**
 * A list's selectors in the form a watch cache answers without decoding objects: labels and selectable fields
 * matched against each object's {@link ObjectAttributes}, and an equality term the cache may have an index for.
 *
 * @param labels   the label selector
 * @param fields   the field selector
 * @param itemName the name a request for one item (a watch or list of {@code .../name}) pins, or ""
 */
public record ListSelection(LabelSelector labels, FieldSelector fields, String itemName) {

    public boolean matches(ObjectAttributes attributes) {
        return (labels.isEmpty() || labels.matches(attributes.labels()))
                && (fields.isEmpty() || fields.matches(attributes.fields()))
                && (itemName.isEmpty() || itemName.equals(attributes.fields().get(FieldSelector.METADATA_NAME)));
    }

    /** An indexed field this selection pins to one value (the first of {@code indexed} it pins), as field=value. */
    public Optional<String[]> indexTerm(ResourceType type, java.util.Set<String> indexed) {
        for (String field : FieldSelector.supportedFields(type)) {
            if (!indexed.contains(field)) {
                continue;
            }
            Optional<String> value = fields.requiresExactMatch(field);
            if (value.isPresent()) {
                return Optional.of(new String[] {field, value.get()});
            }
        }
        return Optional.empty();
    }
}

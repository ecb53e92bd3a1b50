package cloud.gardener.apiserver.api.selection;

import java.util.Map;

/**
 * One term of a field selector: {@code field=value}, {@code field==value} or {@code field!=value}.
 *
 * @param field    the field label, e.g. {@code metadata.name} or {@code spec.seedName}
 * @param operator {@link SelectionOperator#EQUALS} or {@link SelectionOperator#NOT_EQUALS}
 * @param value    the unescaped value
 */
public record FieldRequirement(String field, SelectionOperator operator, String value) {

    /** A missing field reads as the empty string, as {@code fields.Set.Get} does. */
    public boolean matches(Map<String, String> fields) {
        String actual = fields.getOrDefault(field, "");
        return operator == SelectionOperator.NOT_EQUALS ? !actual.equals(value) : actual.equals(value);
    }

    /** The term as {@code fields.Selector.String} prints it, the value escaped again. */
    @Override
    public String toString() {
        return field + (operator == SelectionOperator.NOT_EQUALS ? "!=" : "=") + FieldSelector.escapeValue(value);
    }
}

package cloud.gardener.apiserver.api.selection;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.ResourceType;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A parsed field selector ({@code fieldSelector} query parameter) with the syntax of
 * {@code fields.ParseSelector}: comma-separated {@code f=v}, {@code f==v} and {@code f!=v} terms,
 * where {@code \\}, {@code \,} and {@code \=} escape those characters in values. Immutable.
 */
public final class FieldSelector {

    public static final String METADATA_NAME = "metadata.name";
    public static final String METADATA_NAMESPACE = "metadata.namespace";

    private static final FieldSelector EVERYTHING = new FieldSelector(List.of());
    /** Checked in this order at each position, so {@code ==} never leaves a stray {@code =} in the value. */
    private static final List<String> OPERATORS = List.of("!=", "==", "=");

    private final List<FieldRequirement> requirements;

    private FieldSelector(List<FieldRequirement> requirements) {
        this.requirements = List.copyOf(requirements);
    }

    public static FieldSelector everything() {
        return EVERYTHING;
    }

    /**
     * Parses a selector; {@code null} or empty input selects everything. Terms come back sorted by
     * their text, as Go sorts them before parsing.
     *
     * @throws ApiException 400 BadRequest with the Kubernetes parser's message when the syntax is wrong
     */
    public static FieldSelector parse(String selector) {
        if (selector == null || selector.isEmpty()) {
            return EVERYTHING;
        }
        List<String> terms = splitTerms(selector);
        Collections.sort(terms);
        List<FieldRequirement> requirements = new ArrayList<>();
        for (String term : terms) {
            if (term.isEmpty()) {
                continue;
            }
            requirements.add(parseTerm(selector, term));
        }
        return new FieldSelector(requirements);
    }

    /** Splits on commas that are not escaped; escapes stay in the terms. */
    private static List<String> splitTerms(String selector) {
        List<String> terms = new ArrayList<>();
        int start = 0;
        boolean inSlash = false;
        for (int i = 0; i < selector.length(); i++) {
            char c = selector.charAt(i);
            if (inSlash) {
                inSlash = false;
            } else if (c == '\\') {
                inSlash = true;
            } else if (c == ',') {
                terms.add(selector.substring(start, i));
                start = i + 1;
            }
        }
        terms.add(selector.substring(start));
        return terms;
    }

    private static FieldRequirement parseTerm(String selector, String term) {
        for (int i = 0; i < term.length(); i++) {
            for (String op : OPERATORS) {
                if (term.startsWith(op, i)) {
                    String field = term.substring(0, i);
                    String value = unescapeValue(term.substring(i + op.length()));
                    SelectionOperator operator = switch (op) {
                        case "!=" -> SelectionOperator.NOT_EQUALS;
                        case "==" -> SelectionOperator.DOUBLE_EQUALS;
                        default -> SelectionOperator.EQUALS;
                    };
                    return new FieldRequirement(field, operator, value);
                }
            }
        }
        throw ApiException.badRequest("invalid selector: '" + selector + "'; can't understand '" + term + "'");
    }

    /** {@code fields.UnescapeValue}: only {@code \\}, {@code \,} and {@code \=} are escapes; bare {@code ,} and {@code =} are errors. */
    static String unescapeValue(String value) {
        if (value.indexOf('\\') < 0 && value.indexOf(',') < 0 && value.indexOf('=') < 0) {
            return value;
        }
        StringBuilder sb = new StringBuilder(value.length());
        boolean inSlash = false;
        for (int i = 0; i < value.length(); ) {
            int c = value.codePointAt(i);
            i += Character.charCount(c);
            if (inSlash) {
                if (c != '\\' && c != ',' && c != '=') {
                    throw ApiException.badRequest(
                            "invalid field selector: invalid escape sequence: \\" + new String(Character.toChars(c)));
                }
                sb.appendCodePoint(c);
                inSlash = false;
            } else if (c == '\\') {
                inSlash = true;
            } else if (c == ',' || c == '=') {
                // Go formats the rune with %v, i.e. as its number.
                throw ApiException.badRequest("invalid field selector: unescaped character in value: " + c);
            } else {
                sb.appendCodePoint(c);
            }
        }
        if (inSlash) {
            throw ApiException.badRequest("invalid field selector: invalid escape sequence: \\");
        }
        return sb.toString();
    }

    /** {@code fields.EscapeValue}. */
    public static String escapeValue(String value) {
        return value.replace("\\", "\\\\").replace(",", "\\,").replace("=", "\\=");
    }

    public boolean isEmpty() {
        return requirements.isEmpty();
    }

    /** The terms in parse order (sorted by their text). */
    public List<FieldRequirement> requirements() {
        return requirements;
    }

    /** Whether every term holds; a field missing from {@code fields} reads as the empty string. */
    public boolean matches(Map<String, String> fields) {
        for (FieldRequirement requirement : requirements) {
            if (!requirement.matches(fields)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Rejects a selector naming a field the resource does not support, with the message of the field
     * label conversion functions; the first unsupported term (in parse order) is reported.
     *
     * @throws ApiException 400 {@code field label not supported: <field>}
     */
    public void validate(Set<String> supported) {
        for (FieldRequirement requirement : requirements) {
            if (!supported.contains(requirement.field())) {
                throw ApiException.badRequest("field label not supported: " + requirement.field());
            }
        }
    }

    /** The value {@code field} must equal if an equality term pins it. */
    public Optional<String> requiresExactMatch(String field) {
        return requirements.stream()
                .filter(r -> r.field().equals(field) && r.operator().isEquality())
                .map(FieldRequirement::value)
                .findFirst();
    }

    /** The name if this selector is exactly {@code metadata.name=<x>} (one term, {@code =} or {@code ==}). */
    public Optional<String> singleName() {
        if (requirements.size() != 1) {
            return Optional.empty();
        }
        FieldRequirement only = requirements.get(0);
        return only.field().equals(METADATA_NAME) && only.operator().isEquality()
                ? Optional.of(only.value())
                : Optional.empty();
    }

    /**
     * The field labels a resource supports: {@code metadata.name}, {@code metadata.namespace} for
     * namespaced resources, and the resource's own field selectors.
     */
    public static Set<String> supportedFields(ResourceType type) {
        Set<String> fields = new LinkedHashSet<>();
        fields.add(METADATA_NAME);
        if (type.namespaced()) {
            fields.add(METADATA_NAMESPACE);
        }
        fields.addAll(type.fieldSelectors().keySet());
        return Collections.unmodifiableSet(fields);
    }

    /**
     * The selectable field values of an object (the {@code GetAttrs} analog): every supported label
     * mapped to the text at its JSON path, or {@code ""} where the object has none.
     */
    public static Map<String, String> fieldsOf(JsonNode object, ResourceType type) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put(METADATA_NAME, textAt(object, "metadata.name"));
        if (type.namespaced()) {
            fields.put(METADATA_NAMESPACE, textAt(object, "metadata.namespace"));
        }
        type.fieldSelectors().forEach((label, path) -> fields.put(label, textAt(object, path)));
        return fields;
    }

    private static String textAt(JsonNode object, String dottedPath) {
        JsonNode node = object;
        for (String segment : dottedPath.split("\\.", -1)) {
            if (node == null || !node.isObject()) {
                return "";
            }
            node = node.get(segment);
        }
        return node == null || node.isNull() || node.isContainerNode() ? "" : node.asText();
    }

    @Override
    public String toString() {
        return requirements.stream().map(FieldRequirement::toString).collect(Collectors.joining(","));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FieldSelector other && requirements.equals(other.requirements);
    }

    @Override
    public int hashCode() {
        return requirements.hashCode();
    }
}

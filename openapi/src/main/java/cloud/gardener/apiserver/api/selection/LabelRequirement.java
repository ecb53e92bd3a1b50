package cloud.gardener.apiserver.api.selection;

import java.util.List;
import java.util.Map;

/**
 * One term of a label selector. Values are sorted and distinct, as the Go parser keeps them in a set.
 *
 * @param key      the label key
 * @param operator the operator
 * @param values   the values; empty for exists and does-not-exist
 */
public record LabelRequirement(String key, SelectionOperator operator, List<String> values) {

    public LabelRequirement {
        values = List.copyOf(values);
    }

    /** Whether a label set satisfies this term, with the semantics of {@code labels.Requirement.Matches}. */
    public boolean matches(Map<String, String> labels) {
        String actual = labels.get(key);
        boolean has = labels.containsKey(key);
        return switch (operator) {
            case IN, EQUALS, DOUBLE_EQUALS -> has && values.contains(actual);
            case NOT_IN, NOT_EQUALS -> !has || !values.contains(actual);
            case EXISTS -> has;
            case DOES_NOT_EXIST -> !has;
            case GREATER_THAN, LESS_THAN -> has && compareAsIntegers(actual);
        };
    }

    private boolean compareAsIntegers(String actual) {
        if (values.size() != 1) {
            return false;
        }
        try {
            long have = Long.parseLong(actual);
            long want = Long.parseLong(values.get(0));
            return operator == SelectionOperator.GREATER_THAN ? have > want : have < want;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The term as {@code labels.Requirement.String} prints it, e.g. {@code env in (a,b)} or {@code !x}. */
    @Override
    public String toString() {
        String joined = String.join(",", values);
        return switch (operator) {
            case DOES_NOT_EXIST -> "!" + key;
            case EXISTS -> key;
            case EQUALS -> key + "=" + joined;
            case DOUBLE_EQUALS -> key + "==" + joined;
            case NOT_EQUALS -> key + "!=" + joined;
            case IN -> key + " in (" + joined + ")";
            case NOT_IN -> key + " notin (" + joined + ")";
            case GREATER_THAN -> key + ">" + joined;
            case LESS_THAN -> key + "<" + joined;
        };
    }
}

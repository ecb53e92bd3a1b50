package cloud.gardener.apiserver.admission.plugins.support;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;

/**
 * {@code apiequality.Semantic.DeepEqual} on JSON trees: a missing field, {@code null}, an empty list and an
 * empty map are all the same (Go's nil and empty slices and maps compare equal there), and numbers are equal by
 * value (a stored object and a patched one may hold the same integer as different Jackson node types).
 */
public final class SemanticEquality {

    private SemanticEquality() {}

    public static boolean equal(JsonNode a, JsonNode b) {
        boolean aEmpty = isEmpty(a);
        boolean bEmpty = isEmpty(b);
        if (aEmpty || bEmpty) {
            return aEmpty && bEmpty;
        }
        if (a.isObject() && b.isObject()) {
            Set<String> names = new HashSet<>();
            a.fieldNames().forEachRemaining(names::add);
            b.fieldNames().forEachRemaining(names::add);
            return names.stream().allMatch(n -> equal(a.get(n), b.get(n)));
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            Iterator<JsonNode> ai = a.elements();
            Iterator<JsonNode> bi = b.elements();
            while (ai.hasNext()) {
                if (!equal(ai.next(), bi.next())) {
                    return false;
                }
            }
            return true;
        }
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return a.equals(b);
    }

    private static boolean isEmpty(JsonNode n) {
        return n == null || n.isNull() || n.isMissingNode() || ((n.isArray() || n.isObject()) && n.isEmpty());
    }
}

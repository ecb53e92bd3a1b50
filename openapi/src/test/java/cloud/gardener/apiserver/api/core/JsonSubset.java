package cloud.gardener.apiserver.api.core;

import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.model.values.Quantity;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Whether one JSON tree contains every key and value of another: what a round trip through the typed model must
 * keep of a manifest. Scalars may differ only by Go's canonical re-formatting of quantities, durations and times
 * ({@code 2} and {@code "2"}, {@code 20m} and {@code 20m0s}); a null, an empty list or an empty object in the
 * manifest may be absent (Go decodes them as nil or empty, which omitempty leaves out).
 */
public final class JsonSubset {

    private JsonSubset() {}

    /** The paths where {@code actual} lacks or differs from something in {@code expected}, with both values. */
    public static List<String> missing(JsonNode expected, JsonNode actual) {
        List<String> problems = new ArrayList<>();
        compare(expected, actual, "", problems);
        return problems;
    }

    private static void compare(JsonNode expected, JsonNode actual, String path, List<String> problems) {
        if (expected.isNull()) {
            if (actual != null && !actual.isNull() && !isEmpty(actual)) {
                problems.add(path + ": expected null but was " + actual);
            }
            return;
        }
        if (actual == null || actual.isMissingNode()) {
            if (expected.isContainerNode() && expected.isEmpty()) {
                return;
            }
            problems.add(path + ": missing (expected " + expected + ")");
            return;
        }
        if (expected.isObject()) {
            if (!actual.isObject()) {
                problems.add(path + ": expected an object but was " + actual);
                return;
            }
            Iterator<Map.Entry<String, JsonNode>> fields = expected.properties().iterator();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> e = fields.next();
                compare(e.getValue(), actual.get(e.getKey()), path + "." + e.getKey(), problems);
            }
        } else if (expected.isArray()) {
            if (!actual.isArray() || actual.size() != expected.size()) {
                problems.add(path + ": expected " + expected + " but was " + actual);
                return;
            }
            for (int i = 0; i < expected.size(); i++) {
                compare(expected.get(i), actual.get(i), path + "[" + i + "]", problems);
            }
        } else if (!sameScalar(expected, actual)) {
            problems.add(path + ": expected " + expected + " but was " + actual);
        }
    }

    private static boolean isEmpty(JsonNode n) {
        return (n.isContainerNode() && n.isEmpty())
                || (n.isTextual() && n.textValue().isEmpty())
                || (n.isBoolean() && !n.booleanValue())
                || (n.isNumber() && n.doubleValue() == 0);
    }

    private static boolean sameScalar(JsonNode expected, JsonNode actual) {
        if (expected.equals(actual)) {
            return true;
        }
        if (expected.isNumber() && actual.isNumber()) {
            return expected.decimalValue().compareTo(actual.decimalValue()) == 0;
        }
        if (!actual.isTextual() || !(expected.isTextual() || expected.isNumber())) {
            return false;
        }
        String e = expected.asText();
        String a = actual.textValue();
        return equalAs(() -> Quantity.parse(e).equals(Quantity.parse(a)))
                || equalAs(() -> Duration.parse(e).equals(Duration.parse(a)))
                || equalAs(() -> OffsetDateTime.parse(e)
                        .toInstant()
                        .equals(OffsetDateTime.parse(a).toInstant()));
    }

    private static boolean equalAs(java.util.function.BooleanSupplier comparison) {
        try {
            return comparison.getAsBoolean();
        } catch (RuntimeException notThatKind) {
            return false;
        }
    }
}

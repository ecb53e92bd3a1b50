package cloud.gardener.apiserver.endpoints.patch;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * JSON values seen as the Go values {@code strategicpatch} works on (decoded with preserved ints:
 * {@code map[string]interface{}}, {@code []interface{}}, {@code string}, {@code bool}, {@code int64},
 * {@code float64}, {@code nil}): their type names, Go's {@code ==}, and the {@code fmt} spellings its error
 * messages use.
 */
final class GoValues {

    static final String MAP = "map[string]interface {}";
    static final String SLICE = "[]interface {}";
    /** {@code reflect.TypeOf(nil)} printed with {@code %s}. */
    static final String NIL = "%!s(<nil>)";

    private GoValues() {}

    /** The Go type name ({@code reflect.TypeOf(v).String()}), or {@link #NIL} for null. */
    static String typeName(JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            return NIL;
        }
        if (v.isObject()) {
            return MAP;
        }
        if (v.isArray()) {
            return SLICE;
        }
        if (v.isTextual()) {
            return "string";
        }
        if (v.isBoolean()) {
            return "bool";
        }
        if (v.isNumber()) {
            return isInt(v) ? "int64" : "float64";
        }
        return v.getNodeType().name().toLowerCase(Locale.ROOT);
    }

    /** Go's {@code ==} on two decoded scalars: same dynamic type and value ({@code 1} and {@code 1.0} differ). */
    static boolean equal(JsonNode a, JsonNode b) {
        boolean aNil = a == null || a.isNull() || a.isMissingNode();
        boolean bNil = b == null || b.isNull() || b.isMissingNode();
        if (aNil || bNil) {
            return aNil && bNil;
        }
        if (a.isNumber() && b.isNumber()) {
            if (isInt(a) != isInt(b)) {
                return false;
            }
            return isInt(a) ? a.bigIntegerValue().equals(b.bigIntegerValue()) : a.doubleValue() == b.doubleValue();
        }
        return a.equals(b);
    }

    /** An integral JSON number that fits int64 (what {@code UnmarshalCaseSensitivePreserveInts} keeps as int64). */
    private static boolean isInt(JsonNode v) {
        return v.isIntegralNumber() && v.canConvertToLong();
    }

    /** {@code fmt.Sprintf("%v", v)}. */
    static String v(JsonNode v) {
        StringBuilder out = new StringBuilder();
        format(out, v, false);
        return out.toString();
    }

    /** {@code fmt.Sprintf("%s", v)}: strings as they are, other scalars as {@code %!s(type=value)}. */
    static String s(JsonNode v) {
        StringBuilder out = new StringBuilder();
        format(out, v, true);
        return out.toString();
    }

    /** {@code fmt.Sprint(lists)} of several slices: {@code [[a b] [c]]}. */
    static String v(List<JsonNode> lists) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < lists.size(); i++) {
            if (i > 0) {
                out.append(' ');
            }
            JsonNode list = lists.get(i);
            if (list == null) {
                out.append("[]");
            } else {
                format(out, list, false);
            }
        }
        return out.append(']').toString();
    }

    private static void format(StringBuilder out, JsonNode v, boolean verbS) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            out.append(verbS ? NIL : "<nil>");
        } else if (v.isObject()) {
            List<String> keys = new ArrayList<>();
            v.fieldNames().forEachRemaining(keys::add);
            keys.sort(null); // fmt prints maps with sorted keys
            out.append("map[");
            for (int i = 0; i < keys.size(); i++) {
                if (i > 0) {
                    out.append(' ');
                }
                out.append(keys.get(i)).append(':');
                format(out, v.get(keys.get(i)), verbS);
            }
            out.append(']');
        } else if (v.isArray()) {
            out.append('[');
            Iterator<JsonNode> it = v.elements();
            boolean first = true;
            while (it.hasNext()) {
                if (!first) {
                    out.append(' ');
                }
                first = false;
                format(out, it.next(), verbS);
            }
            out.append(']');
        } else if (v.isTextual()) {
            out.append(v.textValue());
        } else {
            String text = v.isNumber() && !isInt(v) ? formatFloat(v.doubleValue()) : v.asText();
            out.append(verbS ? "%!s(" + typeName(v) + "=" + text + ")" : text);
        }
    }

    /** {@code %v} of a float64: shortest digits, exponent form when the exponent is below -4 or at least 6
     * ({@code %g} with the shortest precision, so {@code 1e+06}). */
    static String formatFloat(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "+Inf" : "-Inf";
        }
        if (d == 0) {
            return (1 / d < 0) ? "-0" : "0";
        }
        BigDecimal exact = new BigDecimal(Double.toString(d)).stripTrailingZeros();
        String digits = exact.unscaledValue().abs().toString();
        int exp = digits.length() - 1 - exact.scale();
        String sign = d < 0 ? "-" : "";
        if (exp < -4 || exp >= 6) {
            String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            int e = Math.abs(exp);
            return sign + mantissa + "e" + (exp < 0 ? "-" : "+") + (e < 10 ? "0" + e : Integer.toString(e));
        }
        return sign + exact.abs().toPlainString();
    }
}

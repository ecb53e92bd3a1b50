package cloud.gardener.apiserver.api.json;

import cloud.gardener.apiserver.api.validation.GoQuote;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/** Go's {@code %#v} of decoded YAML values and {@code FormatFloat(f, 'g', -1, 32)}, for go-yaml's messages and keys. */
final class GoSyntax {

    private GoSyntax() {}

    static String of(Object value) {
        if (value == null) {
            return "<nil>";
        }
        if (value instanceof String s) {
            return GoQuote.quote(s);
        }
        if (value instanceof BigInteger i) {
            return "0x" + i.toString(16);
        }
        if (value instanceof Double d) {
            return float64(d);
        }
        if (value instanceof Map<?, ?> map) {
            StringBuilder b = new StringBuilder("map[interface {}]interface {}{");
            String sep = "";
            for (Map.Entry<?, ?> e : map.entrySet()) {
                b.append(sep).append(of(e.getKey())).append(':').append(of(e.getValue()));
                sep = ", ";
            }
            return b.append('}').toString();
        }
        if (value instanceof List<?> list) {
            StringBuilder b = new StringBuilder("[]interface {}{");
            String sep = "";
            for (Object item : list) {
                b.append(sep).append(of(item));
                sep = ", ";
            }
            return b.append('}').toString();
        }
        return value.toString();
    }

    private static String float64(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "+Inf" : "-Inf";
        }
        return formatG(new BigDecimal(Double.toString(d)));
    }

    /** A float map key as sigs.k8s.io/yaml writes it: float32 precision, YAML's words for the specials. */
    static String float32Key(double d) {
        if (Double.isNaN(d)) {
            return ".nan";
        }
        float f = (float) d;
        if (Float.isInfinite(f)) {
            return f > 0 ? ".inf" : "-.inf";
        }
        return formatG(new BigDecimal(Float.toString(f)));
    }

    /** Go's %g with the shortest digits: exponent form below 1e-4 and from 1e21 (precision 6 decides). */
    private static String formatG(BigDecimal value) {
        if (value.signum() == 0) {
            return value.toString().startsWith("-") ? "-0" : "0";
        }
        BigDecimal v = value.stripTrailingZeros();
        String sign = v.signum() < 0 ? "-" : "";
        String digits = v.unscaledValue().abs().toString();
        int exp = digits.length() - v.scale() - 1;
        if (exp < -4 || exp >= 6) {
            String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            String e = Integer.toString(Math.abs(exp));
            return sign + mantissa + "e" + (exp < 0 ? "-" : "+") + (e.length() < 2 ? "0" + e : e);
        }
        return sign + v.abs().toPlainString();
    }
}

package cloud.gardener.apiserver.endpoints.options;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.validation.GoQuote;
import java.util.List;
import java.util.Map;

/** The meta/v1 parameter codec's conversions of query values: first value wins, Go's integer and bool rules. */
final class QueryParams {

    private QueryParams() {}

    static String first(Map<String, List<String>> query, String key) {
        List<String> values = query.get(key);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    static List<String> all(Map<String, List<String>> query, String key) {
        List<String> values = query.get(key);
        return values == null ? List.of() : values;
    }

    /** {@code Convert_Slice_string_To_bool}: only absence, {@code 0} and {@code false} (any case) are false. */
    static boolean bool(Map<String, List<String>> query, String key) {
        String v = first(query, key);
        return v != null && !v.equals("0") && !v.equalsIgnoreCase("false");
    }

    /** {@code Convert_Slice_string_To_Pointer_bool}: null when absent. */
    static Boolean optionalBool(Map<String, List<String>> query, String key) {
        return first(query, key) == null ? null : bool(query, key);
    }

    /** {@code Convert_Slice_string_To_Pointer_int64}; a bad value is 400 with Go's {@code strconv} message. */
    static Long optionalInt64(Map<String, List<String>> query, String key) {
        String v = first(query, key);
        return v == null ? null : parseInt64(v);
    }

    static long parseInt64(String v) {
        try {
            // Go's ParseInt takes an optional sign and decimal digits only
            if (v.isEmpty() || !v.matches("[+-]?[0-9]+")) {
                throw new NumberFormatException();
            }
            return Long.parseLong(v.startsWith("+") ? v.substring(1) : v);
        } catch (NumberFormatException e) {
            boolean range = v.matches("[+-]?[0-9]+");
            throw ApiException.badRequest("strconv.ParseInt: parsing " + GoQuote.quote(v) + ": "
                    + (range ? "value out of range" : "invalid syntax"));
        }
    }
}

package cloud.gardener.apiserver.endpoints.options;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.validation.GoQuote;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Go durations and the request deadlines built from them ({@code ?timeout=}, watch {@code timeoutSeconds}). */
public final class Timeouts {

    /** The start of the 400 message for an unparsable {@code timeout} parameter. */
    public static final String INVALID_TIMEOUT = "invalid timeout specified in the request URL";

    private static final BigInteger MAX_NANOS = BigInteger.valueOf(Long.MAX_VALUE);

    private Timeouts() {}

    /**
     * Go's {@code time.ParseDuration}: an optional sign, then one or more decimal numbers (fractions allowed)
     * each with a unit {@code ns}, {@code us}/{@code µs}/{@code μs}, {@code ms}, {@code s}, {@code m}, {@code h}
     * ({@code 1h30m}, {@code -1.5h}, {@code 500ms}); {@code 0} needs no unit.
     *
     * @throws IllegalArgumentException with Go's message, e.g. {@code time: invalid duration "abc"}
     */
    public static Duration parseGoDuration(String s) {
        String orig = s;
        boolean neg = false;
        if (!s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+')) {
            neg = s.charAt(0) == '-';
            s = s.substring(1);
        }
        if (s.equals("0")) {
            return Duration.ZERO;
        }
        if (s.isEmpty()) {
            throw invalid(orig);
        }
        BigInteger total = BigInteger.ZERO;
        while (!s.isEmpty()) {
            char c0 = s.charAt(0);
            if (!(c0 == '.' || (c0 >= '0' && c0 <= '9'))) {
                throw invalid(orig);
            }
            int i = 0;
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
            }
            String whole = s.substring(0, i);
            String frac = "";
            if (i < s.length() && s.charAt(i) == '.') {
                int j = i + 1;
                while (j < s.length() && s.charAt(j) >= '0' && s.charAt(j) <= '9') {
                    j++;
                }
                frac = s.substring(i + 1, j);
                i = j;
            }
            if (whole.isEmpty() && frac.isEmpty()) {
                throw invalid(orig);
            }
            int u = i;
            while (u < s.length() && s.charAt(u) != '.' && !(s.charAt(u) >= '0' && s.charAt(u) <= '9')) {
                u++;
            }
            String unit = s.substring(i, u);
            if (unit.isEmpty()) {
                throw new IllegalArgumentException("time: missing unit in duration " + GoQuote.quote(orig));
            }
            long unitNanos = switch (unit) {
                case "ns" -> 1L;
                case "us", "\u00b5s", "\u03bcs" -> 1_000L;
                case "ms" -> 1_000_000L;
                case "s" -> 1_000_000_000L;
                case "m" -> 60_000_000_000L;
                case "h" -> 3_600_000_000_000L;
                default ->
                    throw new IllegalArgumentException(
                            "time: unknown unit " + GoQuote.quote(unit) + " in duration " + GoQuote.quote(orig));
            };
            BigInteger value = whole.isEmpty() ? BigInteger.ZERO : new BigInteger(whole);
            BigInteger nanos = value.multiply(BigInteger.valueOf(unitNanos));
            if (!frac.isEmpty()) {
                // Go truncates the fractional part towards zero at nanosecond precision
                BigInteger scale = BigInteger.TEN.pow(frac.length());
                nanos = nanos.add(new BigInteger(frac)
                        .multiply(BigInteger.valueOf(unitNanos))
                        .divide(scale));
            }
            total = total.add(nanos);
            if (total.compareTo(MAX_NANOS) > 0) {
                throw invalid(orig);
            }
            s = s.substring(u);
        }
        return Duration.ofNanos(neg ? -total.longValueExact() : total.longValueExact());
    }

    /**
     * The deadline of a non-long-running request: {@code ?timeout=} when it is positive and below the server
     * maximum, else the maximum.
     *
     * @param maximum the server's {@code --request-timeout} (60s by default)
     * @throws ApiException 400 {@code invalid timeout specified in the request URL - time: invalid duration "x"}
     */
    public static Duration requestTimeout(Map<String, List<String>> query, Duration maximum) {
        String value = QueryParams.first(query, "timeout");
        if (value == null || value.isEmpty()) {
            return maximum;
        }
        Duration requested;
        try {
            requested = parseGoDuration(value);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(INVALID_TIMEOUT + " - " + e.getMessage());
        }
        return !requested.isNegative() && !requested.isZero() && requested.compareTo(maximum) < 0 ? requested : maximum;
    }

    /**
     * The lifetime of a watch: {@code timeoutSeconds} when positive, else random in
     * [{@code minRequestTimeout}, 2×{@code minRequestTimeout}) (1800s by default).
     */
    public static Duration watchTimeout(Long timeoutSeconds, Duration minRequestTimeout, Random random) {
        if (timeoutSeconds != null && timeoutSeconds != 0) {
            return Duration.ofSeconds(timeoutSeconds);
        }
        if (minRequestTimeout.isZero() || minRequestTimeout.isNegative()) {
            return Duration.ZERO;
        }
        return Duration.ofNanos((long) (minRequestTimeout.toNanos() * (random.nextDouble() + 1.0)));
    }

    private static IllegalArgumentException invalid(String orig) {
        return new IllegalArgumentException("time: invalid duration " + GoQuote.quote(orig));
    }
}

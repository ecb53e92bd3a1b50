package cloud.gardener.apiserver.api.model.values;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * A length of time in nanoseconds, as {@code metav1.Duration}: JSON is a string in Go's
 * {@code time.Duration} syntax ({@code "1h30m0s"}), parsed by Go's {@code time.ParseDuration} rules and
 * printed as Go's {@code Duration.String()}.
 *
 * <p>A final class rather than a record on purpose: the model codec reads every record as a Go struct.
 */
public final class Duration implements Comparable<Duration> {

    public static final Duration ZERO = new Duration(0);

    private static final long NANOSECOND = 1;
    private static final long MICROSECOND = 1_000;
    private static final long MILLISECOND = 1_000_000;
    private static final long SECOND = 1_000_000_000;
    private static final long MINUTE = 60 * SECOND;
    private static final long HOUR = 60 * MINUTE;
    /** 1<<63 as an unsigned value: the largest magnitude Go accepts (for negative durations). */
    private static final long TWO_POW_63 = Long.MIN_VALUE;

    private final long nanos;

    private Duration(long nanos) {
        this.nanos = nanos;
    }

    /** The length in nanoseconds (Go's int64 {@code time.Duration}). */
    public long nanos() {
        return nanos;
    }

    /** Go's zero value (prints {@code "0s"}). */
    public static Duration zero() {
        return ZERO;
    }

    public static Duration ofNanos(long nanos) {
        return new Duration(nanos);
    }

    public static Duration ofSeconds(long seconds) {
        return new Duration(Math.multiplyExact(seconds, SECOND));
    }

    public static Duration ofMinutes(long minutes) {
        return new Duration(Math.multiplyExact(minutes, MINUTE));
    }

    public static Duration ofHours(long hours) {
        return new Duration(Math.multiplyExact(hours, HOUR));
    }

    /** Converts a {@link java.time.Duration}; throws {@link ArithmeticException} beyond Go's ±292 years. */
    public static Duration of(java.time.Duration duration) {
        return new Duration(duration.toNanos());
    }

    public java.time.Duration toJavaDuration() {
        return java.time.Duration.ofNanos(nanos);
    }

    /** Whole milliseconds, truncated towards zero (Go's {@code Milliseconds}). */
    public long toMillis() {
        return nanos / MILLISECOND;
    }

    /** Whole seconds, truncated towards zero. */
    public long toSeconds() {
        return nanos / SECOND;
    }

    public boolean isNegative() {
        return nanos < 0;
    }

    /**
     * Parses a duration as Go's {@code time.ParseDuration}: a possibly signed sequence of decimal numbers,
     * each with optional fraction and a unit suffix ({@code ns}, {@code us}/{@code µs}/{@code μs}, {@code ms},
     * {@code s}, {@code m}, {@code h}), e.g. {@code "300ms"}, {@code "-1.5h"}, {@code "2h45m"}, or {@code "0"}.
     *
     * @throws IllegalArgumentException with Go's error text, e.g. {@code time: invalid duration "x"}
     */
    public static Duration parse(String s) {
        Objects.requireNonNull(s, "s");
        String orig = s;
        int i = 0;
        int end = s.length();
        boolean negative = false;
        if (i < end && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        if (end - i == 1 && s.charAt(i) == '0') {
            return ZERO;
        }
        if (i == end) {
            throw invalid(orig);
        }
        long total = 0; // unsigned
        while (i < end) {
            char c = s.charAt(i);
            if (!(c == '.' || GoText.isAsciiDigit(c))) {
                throw invalid(orig);
            }
            // integer part [0-9]*
            int start = i;
            long v = 0; // unsigned, at most 1<<63
            while (i < end && GoText.isAsciiDigit(s.charAt(i))) {
                if (Long.compareUnsigned(v, Long.divideUnsigned(TWO_POW_63, 10)) > 0) {
                    throw invalid(orig);
                }
                v = v * 10 + (s.charAt(i) - '0');
                if (Long.compareUnsigned(v, TWO_POW_63) > 0) {
                    throw invalid(orig);
                }
                i++;
            }
            boolean pre = i != start;
            // fraction (\.[0-9]*)? : stops gaining precision instead of failing on overflow
            long f = 0;
            double scale = 1;
            boolean post = false;
            if (i < end && s.charAt(i) == '.') {
                i++;
                int fracStart = i;
                boolean overflow = false;
                while (i < end && GoText.isAsciiDigit(s.charAt(i))) {
                    if (!overflow) {
                        if (Long.compareUnsigned(f, Long.MAX_VALUE / 10) > 0) {
                            overflow = true;
                        } else {
                            long y = f * 10 + (s.charAt(i) - '0');
                            if (Long.compareUnsigned(y, TWO_POW_63) > 0) {
                                overflow = true;
                            } else {
                                f = y;
                                scale *= 10;
                            }
                        }
                    }
                    i++;
                }
                post = i != fracStart;
            }
            if (!pre && !post) {
                throw invalid(orig);
            }
            int unitStart = i;
            while (i < end && s.charAt(i) != '.' && !GoText.isAsciiDigit(s.charAt(i))) {
                i++;
            }
            if (i == unitStart) {
                throw new IllegalArgumentException("time: missing unit in duration " + GoText.quote(orig));
            }
            String u = s.substring(unitStart, i);
            long unit = unit(u);
            if (unit == 0) {
                throw new IllegalArgumentException(
                        "time: unknown unit " + GoText.quote(u) + " in duration " + GoText.quote(orig));
            }
            if (Long.compareUnsigned(v, Long.divideUnsigned(TWO_POW_63, unit)) > 0) {
                throw invalid(orig);
            }
            v *= unit;
            if (f != 0) {
                // Go computes the fraction in float64 ("nanosecond accurate for fractions of hours"); so do we.
                v += (long) (unsignedToDouble(f) * ((double) unit / scale));
                if (Long.compareUnsigned(v, TWO_POW_63) > 0) {
                    throw invalid(orig);
                }
            }
            total += v;
            if (Long.compareUnsigned(total, TWO_POW_63) > 0) {
                throw invalid(orig);
            }
        }
        if (negative) {
            return new Duration(-total);
        }
        if (Long.compareUnsigned(total, Long.MAX_VALUE) > 0) {
            throw invalid(orig);
        }
        return new Duration(total);
    }

    /** For tree-based codecs: decodes a JSON value as {@code metav1.Duration.UnmarshalJSON} does. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static Duration fromJson(JsonNode node) {
        if (node.isTextual()) {
            return parse(node.textValue());
        }
        if (node.isNull()) {
            return parse(""); // Go unmarshals null into "" and then fails to parse it
        }
        throw GoText.cannotUnmarshal(node, "string");
    }

    private static long unit(String u) {
        return switch (u) {
            case "ns" -> NANOSECOND;
            case "us", "\u00b5s", "\u03bcs" -> MICROSECOND;
            case "ms" -> MILLISECOND;
            case "s" -> SECOND;
            case "m" -> MINUTE;
            case "h" -> HOUR;
            default -> 0;
        };
    }

    private static double unsignedToDouble(long v) {
        return v >= 0 ? (double) v : ((double) (v >>> 1)) * 2.0 + (v & 1);
    }

    private static IllegalArgumentException invalid(String orig) {
        return new IllegalArgumentException("time: invalid duration " + GoText.quote(orig));
    }

    /** Go's {@code Duration.String()}: {@code "72h3m0.5s"}, {@code "1.5ms"}, {@code "0s"}. */
    @JsonValue
    @Override
    public String toString() {
        boolean negative = nanos < 0;
        long u = negative ? -nanos : nanos; // unsigned magnitude; -MIN_VALUE stays 1<<63
        StringBuilder reversed = new StringBuilder(32);
        if (Long.compareUnsigned(u, SECOND) < 0) {
            if (u == 0) {
                return "0s";
            }
            int precision;
            reversed.append('s');
            if (u < MICROSECOND) {
                precision = 0;
                reversed.append('n');
            } else if (u < MILLISECOND) {
                precision = 3;
                reversed.append('\u00b5');
            } else {
                precision = 6;
                reversed.append('m');
            }
            u = appendFraction(reversed, u, precision);
            appendInt(reversed, u);
        } else {
            reversed.append('s');
            u = appendFraction(reversed, u, 9);
            appendInt(reversed, Long.remainderUnsigned(u, 60));
            u = Long.divideUnsigned(u, 60);
            if (u > 0) {
                reversed.append('m');
                appendInt(reversed, u % 60);
                u /= 60;
                if (u > 0) {
                    reversed.append('h');
                    appendInt(reversed, u);
                }
            }
        }
        if (negative) {
            reversed.append('-');
        }
        return reversed.reverse().toString();
    }

    /** Appends (reversed) the fraction v/10^precision without trailing zeros; returns the integer part. */
    private static long appendFraction(StringBuilder reversed, long v, int precision) {
        boolean print = false;
        for (int i = 0; i < precision; i++) {
            long digit = Long.remainderUnsigned(v, 10);
            print = print || digit != 0;
            if (print) {
                reversed.append((char) ('0' + digit));
            }
            v = Long.divideUnsigned(v, 10);
        }
        if (print) {
            reversed.append('.');
        }
        return v;
    }

    private static void appendInt(StringBuilder reversed, long v) {
        if (v == 0) {
            reversed.append('0');
            return;
        }
        while (v != 0) {
            reversed.append((char) ('0' + Long.remainderUnsigned(v, 10)));
            v = Long.divideUnsigned(v, 10);
        }
    }

    @Override
    public int compareTo(Duration other) {
        return Long.compare(nanos, other.nanos);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Duration other && nanos == other.nanos;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(nanos);
    }
}

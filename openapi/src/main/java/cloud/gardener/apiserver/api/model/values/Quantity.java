package cloud.gardener.apiserver.api.model.values;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.node.TreeTraversingParser;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A Kubernetes resource quantity ({@code k8s.io/apimachinery/pkg/api/resource.Quantity}): a fixed-point
 * number with the suffix family it was written in.
 *
 * <p>Parsing follows Go's grammar and rounding: values are rounded up (away from zero) to whole nano
 * units, BinarySI values are capped at 2^63-1, and a BinarySI value between 0 and 1 becomes DecimalSI.
 * {@link #toString()} is exactly what Go prints: the input itself where Go keeps it (an int64-sized
 * value already in a canonical-looking shape, e.g. {@code "100M"}, {@code "1e3"}, {@code "1Ki"} - Go
 * keeps such input verbatim, even {@code "+1Ki"} or {@code "1.234k"}), otherwise the canonical form
 * ({@code "1.5Gi"} prints {@code "1536Mi"}, {@code "0.1"} prints {@code "100m"}).
 *
 * <p>Equality is numeric, as Go's {@code Quantity.Equal}: {@code 1Ki} equals {@code 1024}.
 */
@JsonDeserialize(using = Quantity.Deserializer.class)
public final class Quantity implements Comparable<Quantity> {

    static final String FORMAT_WRONG =
            "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
    static final String NUMERIC = "unable to parse numeric part of quantity";
    static final String SUFFIX = "unable to parse quantity's suffix";

    /** Zero, as Go's zero-value Quantity prints it ({@code "0"}). */
    public static final Quantity ZERO = new Quantity(BigDecimal.ZERO, QuantityFormat.DECIMAL_SI, "0");

    private static final BigDecimal MAX_INT64 = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final BigDecimal PLUS_1024 = BigDecimal.valueOf(1024);
    private static final BigDecimal MINUS_1024 = BigDecimal.valueOf(-1024);
    private static final BigDecimal NANO = BigDecimal.valueOf(1, 9);
    private static final BigInteger B1024 = BigInteger.valueOf(1024);
    private static final String SUFFIX_CHARS = "eEinumkKMGTP";

    private final BigDecimal amount;
    private final QuantityFormat format;
    private final String text;

    private Quantity(BigDecimal amount, QuantityFormat format, String keptText) {
        this.amount = amount.signum() == 0 ? BigDecimal.ZERO : amount;
        this.format = format;
        this.text = keptText != null ? keptText : canonical(this.amount, format);
    }

    /**
     * A JSON string's quantity, as {@code Quantity.UnmarshalJSON} reads it (surrounding spaces trimmed): what the
     * deserializer does with a string, for tree-based codecs that read one without a parser.
     *
     * @throws IllegalArgumentException with Go's error text when {@code text} is not a quantity
     */
    public static Quantity fromJsonText(String text) {
        return parse(GoText.trimSpace(text));
    }

    /**
     * Parses a quantity as Go's {@code resource.ParseQuantity} does.
     *
     * @throws IllegalArgumentException with Go's error text when {@code str} is not a quantity
     */
    public static Quantity parse(String str) {
        Objects.requireNonNull(str, "str");
        if (str.isEmpty()) {
            throw new IllegalArgumentException(FORMAT_WRONG);
        }
        if (str.equals("0")) {
            return new Quantity(BigDecimal.ZERO, QuantityFormat.DECIMAL_SI, "0");
        }
        Scan scan = scan(str);
        Suffix suffix = Suffix.interpret(scan.suffix());
        if (suffix == null) {
            throw new IllegalArgumentException(SUFFIX);
        }
        Quantity small = parseSmall(str, scan, suffix);
        return small != null ? small : parseLarge(scan, suffix);
    }

    /** Go's zero value, printed {@code "0"}. */
    public static Quantity zero() {
        return ZERO;
    }

    /** A quantity of {@code value} units (Go's {@code NewQuantity}). */
    public static Quantity of(long value, QuantityFormat format) {
        return new Quantity(BigDecimal.valueOf(value), Objects.requireNonNull(format, "format"), null);
    }

    /** A quantity of {@code value / 1000} units (Go's {@code NewMilliQuantity}). */
    public static Quantity ofMilli(long value, QuantityFormat format) {
        return new Quantity(BigDecimal.valueOf(value, 3), Objects.requireNonNull(format, "format"), null);
    }

    /** A DecimalSI quantity of {@code value * 10^scale} units (Go's {@code NewScaledQuantity}). */
    public static Quantity ofScaled(long value, int scale) {
        return ofDecimal(BigDecimal.valueOf(value).scaleByPowerOfTen(scale), QuantityFormat.DECIMAL_SI);
    }

    /** A quantity of the given value, rounded up (away from zero) to whole nano units like parsed values. */
    public static Quantity ofDecimal(BigDecimal value, QuantityFormat format) {
        return new Quantity(roundUpToNano(value), Objects.requireNonNull(format, "format"), null);
    }

    /** For tree-based codecs: decodes a JSON value as Go's {@code Quantity.UnmarshalJSON} does. */
    public static Quantity fromJson(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return ZERO;
        }
        if (node.isTextual()) {
            return parse(GoText.trimSpace(node.textValue()));
        }
        if (node.isNumber()) {
            return parse(GoText.numberText(node));
        }
        // Go hands the raw JSON text (true, {...}, [...]) to the parser, which rejects it this way.
        throw new IllegalArgumentException(FORMAT_WRONG);
    }

    public QuantityFormat format() {
        return format;
    }

    /** The exact value (Go's {@code AsDec}). */
    public BigDecimal toBigDecimal() {
        return amount;
    }

    public boolean isZero() {
        return amount.signum() == 0;
    }

    /** -1, 0 or 1. */
    public int sign() {
        return amount.signum();
    }

    /** The value if it is a whole number that fits a {@code long}. */
    public OptionalLong asLong() {
        if (amount.signum() == 0) {
            return OptionalLong.of(0);
        }
        BigDecimal stripped = amount.stripTrailingZeros();
        if (stripped.scale() > 0 || stripped.precision() - stripped.scale() > 19) {
            return OptionalLong.empty();
        }
        BigInteger whole = stripped.toBigIntegerExact();
        return whole.bitLength() <= 63 ? OptionalLong.of(whole.longValue()) : OptionalLong.empty();
    }

    /** The value rounded up (away from zero) to a whole number (Go's {@code Value}); saturates at the long range. */
    public long value() {
        return scaledValue(0);
    }

    /** {@code value * 1000} rounded up (away from zero) (Go's {@code MilliValue}); saturates at the long range. */
    public long milliValue() {
        return scaledValue(-3);
    }

    /**
     * {@code value / 10^scale} rounded up (away from zero), as Go's {@code ScaledValue}; unlike Go, which
     * overflows silently, results beyond the long range saturate.
     */
    public long scaledValue(int scale) {
        if (amount.signum() == 0) {
            return 0;
        }
        BigDecimal scaled = amount.scaleByPowerOfTen(-scale);
        if (scaled.precision() - scaled.scale() > 19) {
            return saturated(scaled.signum());
        }
        BigInteger whole = scaled.setScale(0, RoundingMode.UP).toBigInteger();
        return whole.bitLength() <= 63 ? whole.longValue() : saturated(whole.signum());
    }

    /** The value as a double, possibly losing precision. */
    public double asApproximateDouble() {
        return amount.doubleValue();
    }

    /** Numeric comparison, as Go's {@code Cmp}. */
    @Override
    public int compareTo(Quantity other) {
        return amount.compareTo(other.amount);
    }

    /** Numeric comparison with a whole number, as Go's {@code CmpInt64}. */
    public int compareTo(long other) {
        return amount.compareTo(BigDecimal.valueOf(other));
    }

    /** The sum; a zero receiver takes the other's format, as Go's {@code Add}. */
    public Quantity add(Quantity other) {
        return new Quantity(amount.add(other.amount), isZero() ? other.format : format, null);
    }

    /** The difference; a zero receiver takes the other's format, as Go's {@code Sub}. */
    public Quantity subtract(Quantity other) {
        return new Quantity(amount.subtract(other.amount), isZero() ? other.format : format, null);
    }

    public Quantity negate() {
        return new Quantity(amount.negate(), format, null);
    }

    /** Exactly the string Go prints for this quantity (and puts, quoted, into JSON). */
    @JsonValue
    @Override
    public String toString() {
        return text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Quantity other && amount.compareTo(other.amount) == 0;
    }

    @Override
    public int hashCode() {
        return amount.stripTrailingZeros().hashCode();
    }

    // ---- parsing -------------------------------------------------------------------------------

    /** The pieces of a quantity string: sign, number as written, integer and fraction digits, suffix. */
    private record Scan(boolean positive, String value, String num, String denom, String suffix) {}

    private static Scan scan(String str) {
        boolean positive = true;
        int pos = 0;
        int end = str.length();
        char first = str.charAt(0);
        if (first == '-' || first == '+') {
            positive = first == '+';
            pos++;
        }
        while (true) { // leading zeros; nothing else means zero
            if (pos >= end) {
                return new Scan(positive, "0", "0", "", "");
            }
            if (str.charAt(pos) != '0') {
                break;
            }
            pos++;
        }
        int numEnd = digitsEnd(str, pos);
        if (numEnd >= end) {
            return new Scan(positive, str, str.substring(pos), "", "");
        }
        String num = numEnd == pos ? "0" : str.substring(pos, numEnd);
        pos = numEnd;
        String denom = "";
        if (str.charAt(pos) == '.') {
            pos++;
            int denomEnd = digitsEnd(str, pos);
            if (denomEnd >= end) {
                return new Scan(positive, str, num, str.substring(pos), "");
            }
            denom = str.substring(pos, denomEnd);
            pos = denomEnd;
        }
        String value = str.substring(0, pos);
        int suffixStart = pos;
        while (pos < end && SUFFIX_CHARS.indexOf(str.charAt(pos)) >= 0) {
            pos++;
        }
        if (pos < end && (str.charAt(pos) == '-' || str.charAt(pos) == '+')) {
            pos++;
        }
        if (digitsEnd(str, pos) < end) {
            throw new IllegalArgumentException(FORMAT_WRONG);
        }
        return new Scan(positive, value, num, denom, str.substring(suffixStart));
    }

    private static int digitsEnd(String s, int from) {
        int i = from;
        while (i < s.length() && GoText.isAsciiDigit(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** A suffix read as base^exponent in a format. */
    private record Suffix(int base, int exponent, QuantityFormat format) {

        static Suffix interpret(String s) {
            QuantityFormat dsi = QuantityFormat.DECIMAL_SI;
            QuantityFormat bsi = QuantityFormat.BINARY_SI;
            return switch (s) {
                case "" -> new Suffix(10, 0, dsi);
                case "n" -> new Suffix(10, -9, dsi);
                case "u" -> new Suffix(10, -6, dsi);
                case "m" -> new Suffix(10, -3, dsi);
                case "k" -> new Suffix(10, 3, dsi);
                case "M" -> new Suffix(10, 6, dsi);
                case "G" -> new Suffix(10, 9, dsi);
                case "T" -> new Suffix(10, 12, dsi);
                case "P" -> new Suffix(10, 15, dsi);
                case "E" -> new Suffix(10, 18, dsi);
                case "Ki" -> new Suffix(2, 10, bsi);
                case "Mi" -> new Suffix(2, 20, bsi);
                case "Gi" -> new Suffix(2, 30, bsi);
                case "Ti" -> new Suffix(2, 40, bsi);
                case "Pi" -> new Suffix(2, 50, bsi);
                case "Ei" -> new Suffix(2, 60, bsi);
                default -> exponent(s);
            };
        }

        private static Suffix exponent(String s) {
            if (s.length() < 2 || (s.charAt(0) != 'e' && s.charAt(0) != 'E')) {
                return null;
            }
            try {
                // Go parses an int64 and narrows it to int32 without a check; so do we.
                return new Suffix(10, (int) Long.parseLong(s.substring(1)), QuantityFormat.DECIMAL_EXPONENT);
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }

    /**
     * Go's int64 fast path: it decides both the value and whether Go prints the input verbatim
     * afterwards. Returns null where Go falls back to arbitrary precision.
     */
    private static Quantity parseSmall(String str, Scan scan, Suffix suffix) {
        boolean binary = suffix.format() == QuantityFormat.BINARY_SI;
        int digits = scan.num().length() + scan.denom().length();
        int precision;
        int scale;
        long mantissa = 1;
        if (!binary) {
            scale = suffix.exponent();
            precision = 18 - digits;
        } else if (suffix.exponent() >= 0 && scan.denom().isEmpty()) {
            scale = 0;
            mantissa = 1L << suffix.exponent();
            // 1Mi (2^20) has about 6 decimal digits, hence exponent*3/10 digits of room used by the suffix
            precision = 15 - scan.num().length() - suffix.exponent() * 3 / 10 - 1;
        } else {
            return null;
        }
        if (precision < 0) {
            return null;
        }
        scale -= scan.denom().length();
        if (scale < -9) {
            return null;
        }
        String shifted = scan.num() + scan.denom();
        long digitsValue = Long.parseLong(shifted);
        long result;
        try {
            result = Math.multiplyExact(digitsValue, mantissa);
        } catch (ArithmeticException e) {
            return null;
        }
        if (!scan.positive()) {
            result = -result;
        }
        boolean keepInput = binary
                ? suffix.exponent() % 10 == 0 && (digitsValue & 0x07) != 0
                : scale % 3 == 0 && !shifted.endsWith("000") && shifted.charAt(0) != '0';
        return new Quantity(BigDecimal.valueOf(result, -scale), suffix.format(), keepInput ? str : null);
    }

    /** Arbitrary precision: round up to nano units, cap BinarySI at 2^63-1. */
    private static Quantity parseLarge(Scan scan, Suffix suffix) {
        String value = scan.value();
        if (value.chars().noneMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException(NUMERIC);
        }
        BigDecimal amount;
        try {
            amount = new BigDecimal(value);
            amount = suffix.base() == 10
                    ? amount.scaleByPowerOfTen(suffix.exponent())
                    : new BigDecimal(amount.unscaledValue().shiftLeft(suffix.exponent()), amount.scale());
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException(NUMERIC);
        }
        int sign = amount.signum();
        BigDecimal magnitude = roundUpToNano(amount.abs());
        QuantityFormat format = suffix.format();
        if (format == QuantityFormat.BINARY_SI && magnitude.compareTo(MAX_INT64) > 0) {
            magnitude = MAX_INT64;
        }
        if (format == QuantityFormat.BINARY_SI && magnitude.signum() > 0 && magnitude.compareTo(BigDecimal.ONE) < 0) {
            format = QuantityFormat.DECIMAL_SI;
        }
        return new Quantity(sign < 0 ? magnitude.negate() : magnitude, format, null);
    }

    /** Rounds away from zero to at most 9 fraction digits, without materialising huge scales. */
    private static BigDecimal roundUpToNano(BigDecimal v) {
        if (v.signum() == 0 || v.scale() <= 9) {
            return v;
        }
        if (v.precision() - v.scale() <= -9) { // |v| < 1n
            return v.signum() > 0 ? NANO : NANO.negate();
        }
        return v.setScale(9, RoundingMode.UP);
    }

    private static long saturated(int signum) {
        return signum > 0 ? Long.MAX_VALUE : Long.MIN_VALUE;
    }

    // ---- printing ------------------------------------------------------------------------------

    /** Go's {@code CanonicalizeBytes}: the largest suffix of the format that shows the value exactly. */
    private static String canonical(BigDecimal amount, QuantityFormat format) {
        if (amount.signum() == 0) {
            return "0";
        }
        QuantityFormat effective = format;
        BigInteger whole = null;
        if (effective == QuantityFormat.BINARY_SI) {
            if (amount.compareTo(MINUS_1024) > 0 && amount.compareTo(PLUS_1024) < 0) {
                effective = QuantityFormat.DECIMAL_SI;
            } else {
                BigDecimal rounded = amount.setScale(0, RoundingMode.UP);
                if (rounded.compareTo(amount) != 0) {
                    effective = QuantityFormat.DECIMAL_SI; // a fraction: keep precision in decimal units
                } else {
                    whole = rounded.toBigInteger();
                }
            }
        }
        if (effective == QuantityFormat.BINARY_SI) {
            int times = 0;
            while (whole.signum() != 0) {
                BigInteger[] qr = whole.divideAndRemainder(B1024);
                if (qr[1].signum() != 0) {
                    break;
                }
                whole = qr[0];
                times++;
            }
            return whole + binarySuffix(times);
        }
        BigDecimal stripped = amount.stripTrailingZeros();
        BigInteger mantissa = stripped.unscaledValue();
        long exponent = -(long) stripped.scale();
        while (exponent % 3 != 0) {
            mantissa = mantissa.multiply(BigInteger.TEN);
            exponent--;
        }
        if (effective == QuantityFormat.DECIMAL_EXPONENT) {
            return exponent == 0 ? mantissa.toString() : mantissa + "e" + exponent;
        }
        return mantissa + decimalSuffix(exponent);
    }

    private static String binarySuffix(int powersOf1024) {
        return switch (powersOf1024) {
            case 1 -> "Ki";
            case 2 -> "Mi";
            case 3 -> "Gi";
            case 4 -> "Ti";
            case 5 -> "Pi";
            case 6 -> "Ei";
            default -> "";
        };
    }

    /** Go prints no suffix at all for a decimal exponent outside n..E (e.g. "1000E" prints "1"); so do we. */
    private static String decimalSuffix(long exponent) {
        return switch ((int) Math.max(Math.min(exponent, 100), -100)) {
            case -9 -> "n";
            case -6 -> "u";
            case -3 -> "m";
            case 3 -> "k";
            case 6 -> "M";
            case 9 -> "G";
            case 12 -> "T";
            case 15 -> "P";
            case 18 -> "E";
            default -> "";
        };
    }

    /**
     * Reads a quantity from a JSON string or number. On a streaming parser the number's source text is
     * used, as Go does ({@code 1e3} stays {@code "1e3"}); Jackson trees keep no source text.
     */
    static final class Deserializer extends StdDeserializer<Quantity> {

        Deserializer() {
            super(Quantity.class);
        }

        @Override
        public Quantity deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonToken token = p.currentToken();
            String text;
            if (token == JsonToken.VALUE_STRING) {
                text = p.getText();
            } else if (token != null && token.isNumeric()) {
                text = p instanceof TreeTraversingParser && token == JsonToken.VALUE_NUMBER_FLOAT
                        ? p.getDecimalValue().toPlainString()
                        : p.getText();
            } else {
                if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
                    p.skipChildren();
                }
                throw JsonMappingException.from(p, FORMAT_WRONG, new IllegalArgumentException(FORMAT_WRONG));
            }
            try {
                return fromJsonText(text);
            } catch (IllegalArgumentException e) {
                throw JsonMappingException.from(p, e.getMessage(), e);
            }
        }
    }
}

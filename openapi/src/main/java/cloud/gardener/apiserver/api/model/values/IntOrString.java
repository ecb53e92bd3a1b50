package cloud.gardener.apiserver.api.model.values;

import cloud.gardener.apiserver.api.validation.GoQuote;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.Objects;

/**
 * An int32 or a string, as {@code intstr.IntOrString}: JSON is a number or a string, whichever it holds.
 * Equality is on kind and value, as Go's struct equality: {@code 5} differs from {@code "5"}.
 */
public final class IntOrString {

    private static final IntOrString INT_ZERO = new IntOrString(true, 0, "");

    private final boolean isInt;
    private final int intVal;
    private final String strVal;

    private IntOrString(boolean isInt, int intVal, String strVal) {
        this.isInt = isInt;
        this.intVal = intVal;
        this.strVal = strVal;
    }

    /** Go's zero value: the int 0. */
    public static IntOrString zero() {
        return INT_ZERO;
    }

    public static IntOrString ofInt(int value) {
        return value == 0 ? INT_ZERO : new IntOrString(true, value, "");
    }

    public static IntOrString ofString(String value) {
        return new IntOrString(false, 0, Objects.requireNonNull(value, "value"));
    }

    /**
     * Go's {@code intstr.Parse}: an int if {@code value} is a base-10 int32 ({@code "+5"}, {@code "007"}
     * included), else the string. Never fails.
     */
    public static IntOrString parse(String value) {
        Long parsed = goParseInt(value);
        if (parsed != null && parsed >= Integer.MIN_VALUE && parsed <= Integer.MAX_VALUE) {
            return ofInt(parsed.intValue());
        }
        return ofString(value);
    }

    /** For tree-based codecs: decodes a JSON value as {@code IntOrString.UnmarshalJSON} does. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static IntOrString fromJson(JsonNode node) {
        if (node.isTextual()) {
            return ofString(node.textValue());
        }
        if (node.isNull()) {
            return INT_ZERO; // Go: a non-string is read into the int field; null leaves it 0
        }
        if (node.isNumber()) {
            if (node.isIntegralNumber()) {
                BigInteger v = node.bigIntegerValue();
                if (v.bitLength() <= 31) {
                    return ofInt(v.intValue());
                }
            }
            throw new IllegalArgumentException(
                    "json: cannot unmarshal number " + GoText.numberText(node) + " into Go value of type int32");
        }
        throw GoText.cannotUnmarshal(node, "int32");
    }

    public boolean isInt() {
        return isInt;
    }

    public boolean isString() {
        return !isInt;
    }

    /**
     * Go's {@code IntValue()}: the int, or the string read as a base-10 integer, or 0 if it is none (a string
     * beyond the int range also gives 0, where Go would return a 64-bit int).
     */
    public int intValue() {
        if (isInt) {
            return intVal;
        }
        Long parsed = goParseInt(strVal);
        return parsed != null && parsed >= Integer.MIN_VALUE && parsed <= Integer.MAX_VALUE ? parsed.intValue() : 0;
    }

    /** The string held, or {@code ""} when this holds an int (Go's {@code StrVal}). */
    public String stringValue() {
        return strVal;
    }

    /** The JSON value: an {@link Integer} or a {@link String}. */
    @JsonValue
    public Object toJson() {
        return isInt ? (Object) intVal : strVal;
    }

    /** Go's {@code String()}: the string, or the int in decimal. */
    @Override
    public String toString() {
        return isInt ? Integer.toString(intVal) : strVal;
    }

    /**
     * Go's {@code GetScaledValueFromIntOrPercent}: an int as it is; a percentage string ({@code "25%"}) as
     * that share of {@code total}, rounded up or down; anything else is an error.
     *
     * @throws IllegalArgumentException with Go's error text
     */
    public static int getScaledValueFromIntOrPercent(IntOrString intOrPercent, int total, boolean roundUp) {
        if (intOrPercent == null) {
            throw new IllegalArgumentException("nil value for IntOrString");
        }
        if (intOrPercent.isInt) {
            return intOrPercent.intVal;
        }
        String s = intOrPercent.strVal;
        if (!s.endsWith("%")) {
            throw new IllegalArgumentException(
                    "invalid value for IntOrString: invalid type: string is not a percentage");
        }
        String digits = s.substring(0, s.length() - 1);
        Long value = goParseInt(digits);
        if (value == null) {
            boolean range = digits.matches("[+-]?[0-9]+");
            throw new IllegalArgumentException("invalid value for IntOrString: invalid value " + GoQuote.quote(s)
                    + ": strconv.Atoi: parsing " + GoQuote.quote(digits) + ": "
                    + (range ? "value out of range" : "invalid syntax"));
        }
        // Go computes in float64: math.Ceil/Floor(float64(value) * float64(total) / 100)
        double scaled = (double) value * (double) total / 100;
        return (int) (roundUp ? Math.ceil(scaled) : Math.floor(scaled));
    }

    /** Go's {@code strconv.ParseInt(s, 10, 64)} on ASCII digits with an optional sign; null when it fails. */
    private static Long goParseInt(String s) {
        int i = 0;
        if (!s.isEmpty() && (s.charAt(0) == '+' || s.charAt(0) == '-')) {
            i = 1;
        }
        if (i == s.length()) {
            return null;
        }
        for (int j = i; j < s.length(); j++) {
            if (!GoText.isAsciiDigit(s.charAt(j))) {
                return null;
            }
        }
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IntOrString other
                && isInt == other.isInt
                && intVal == other.intVal
                && strVal.equals(other.strVal);
    }

    @Override
    public int hashCode() {
        return isInt ? Integer.hashCode(intVal) : 31 + strVal.hashCode();
    }
}

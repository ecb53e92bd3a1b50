package cloud.gardener.apiserver.api.model.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class QuantityTest {

    private static final QuantityFormat DSI = QuantityFormat.DECIMAL_SI;
    private static final QuantityFormat BSI = QuantityFormat.BINARY_SI;
    private static final QuantityFormat DEXP = QuantityFormat.DECIMAL_EXPONENT;

    /** {@code unscaled * 10^exponent}, as Go's test helper decQuantity. */
    private static BigDecimal dec(long unscaled, int exponent) {
        return BigDecimal.valueOf(unscaled).scaleByPowerOfTen(exponent);
    }

    /** TestQuantityParse of apimachinery: input, expected value and format. */
    static Stream<Arguments> parseTable() {
        return Stream.of(
                Arguments.of("0", dec(0, 0), DSI),
                Arguments.of("0n", dec(0, 0), DSI),
                Arguments.of("0u", dec(0, 0), DSI),
                Arguments.of("0m", dec(0, 0), DSI),
                Arguments.of("0Ki", dec(0, 0), BSI),
                Arguments.of("0k", dec(0, 0), DSI),
                Arguments.of("0Mi", dec(0, 0), BSI),
                Arguments.of("0M", dec(0, 0), DSI),
                Arguments.of("0Gi", dec(0, 0), BSI),
                Arguments.of("0G", dec(0, 0), DSI),
                Arguments.of("0Ti", dec(0, 0), BSI),
                Arguments.of("0T", dec(0, 0), DSI),
                Arguments.of("1", dec(1, 0), DSI),
                Arguments.of("1Ki", dec(1024, 0), BSI),
                Arguments.of("8Ki", dec(8 * 1024, 0), BSI),
                Arguments.of("7Mi", dec(7L << 20, 0), BSI),
                Arguments.of("6Gi", dec(6L << 30, 0), BSI),
                Arguments.of("5Ti", dec(5L << 40, 0), BSI),
                Arguments.of("4Pi", dec(4L << 50, 0), BSI),
                Arguments.of("3Ei", dec(3L << 60, 0), BSI),
                Arguments.of("10Ti", dec(10L << 40, 0), BSI),
                Arguments.of("100Ti", dec(100L << 40, 0), BSI),
                Arguments.of("5n", dec(5, -9), DSI),
                Arguments.of("4u", dec(4, -6), DSI),
                Arguments.of("3m", dec(3, -3), DSI),
                Arguments.of("9", dec(9, 0), DSI),
                Arguments.of("8k", dec(8, 3), DSI),
                Arguments.of("50k", dec(5, 4), DSI),
                Arguments.of("7M", dec(7, 6), DSI),
                Arguments.of("6G", dec(6, 9), DSI),
                Arguments.of("5T", dec(5, 12), DSI),
                Arguments.of("40T", dec(4, 13), DSI),
                Arguments.of("300T", dec(3, 14), DSI),
                Arguments.of("2P", dec(2, 15), DSI),
                Arguments.of("1E", dec(1, 18), DSI),
                Arguments.of("1E-3", dec(1, -3), DEXP),
                Arguments.of("1e3", dec(1, 3), DEXP),
                Arguments.of("1E6", dec(1, 6), DEXP),
                Arguments.of("1e9", dec(1, 9), DEXP),
                Arguments.of("1E12", dec(1, 12), DEXP),
                Arguments.of("1e15", dec(1, 15), DEXP),
                Arguments.of("1E18", dec(1, 18), DEXP),
                Arguments.of("1e14", dec(1, 14), DEXP),
                Arguments.of("1e13", dec(1, 13), DEXP),
                Arguments.of("100.035k", dec(100035, 0), DSI),
                Arguments.of("0.001", dec(1, -3), DSI),
                Arguments.of("0.0005k", dec(5, -1), DSI),
                Arguments.of("0.005", dec(5, -3), DSI),
                Arguments.of("0.05", dec(5, -2), DSI),
                Arguments.of("0.5", dec(5, -1), DSI),
                Arguments.of("0.00050k", dec(5, -1), DSI),
                Arguments.of("0.00500", dec(5, -3), DSI),
                Arguments.of("0.05000", dec(5, -2), DSI),
                Arguments.of("0.50000", dec(5, -1), DSI),
                Arguments.of("0.5e0", dec(5, -1), DEXP),
                Arguments.of("0.5e-1", dec(5, -2), DEXP),
                Arguments.of("0.5e-2", dec(5, -3), DEXP),
                Arguments.of("10.035M", dec(10035, 3), DSI),
                Arguments.of("1.2e3", dec(12, 2), DEXP),
                Arguments.of("1.3E+6", dec(13, 5), DEXP),
                Arguments.of("1.40e9", dec(14, 8), DEXP),
                Arguments.of("1.53E12", dec(153, 10), DEXP),
                Arguments.of("1.6e15", dec(16, 14), DEXP),
                Arguments.of("1.7E18", dec(17, 17), DEXP),
                Arguments.of("9.01", dec(901, -2), DSI),
                Arguments.of("8.1k", dec(81, 2), DSI),
                Arguments.of("7.123456M", dec(7123456, 0), DSI),
                Arguments.of("6.987654321G", dec(6987654321L, 0), DSI),
                Arguments.of("5.444T", dec(5444, 9), DSI),
                Arguments.of("40.1T", dec(401, 11), DSI),
                Arguments.of("300.2T", dec(3002, 11), DSI),
                Arguments.of("2.5P", dec(25, 14), DSI),
                Arguments.of("1.01E", dec(101, 16), DSI),
                Arguments.of("3.001n", dec(4, -9), DSI),
                Arguments.of("1.1E-9", dec(2, -9), DEXP),
                Arguments.of("0.0000000001", dec(1, -9), DSI),
                Arguments.of("0.0000000005", dec(1, -9), DSI),
                Arguments.of("0.00000000050", dec(1, -9), DSI),
                Arguments.of("0.5e-9", dec(1, -9), DEXP),
                Arguments.of("0.9n", dec(1, -9), DSI),
                Arguments.of("0.00000012345", dec(124, -9), DSI),
                Arguments.of("0.00000012354", dec(124, -9), DSI),
                Arguments.of("9Ei", dec(Long.MAX_VALUE, 0), BSI),
                Arguments.of("9223372036854775807Ki", dec(Long.MAX_VALUE, 0), BSI),
                Arguments.of("12E", dec(12, 18), DSI),
                Arguments.of("100.035Ki", dec(10243584, -2), BSI),
                Arguments.of("0.5Mi", dec(512 * 1024, 0), BSI),
                Arguments.of("0.05Gi", dec(536870912, -1), BSI),
                Arguments.of("0.025Ti", dec(274877906944L, -1), BSI),
                Arguments.of("0.000000000001Ki", dec(2, -9), DSI),
                Arguments.of(".001", dec(1, -3), DSI),
                Arguments.of(".0001k", dec(100, -3), DSI),
                Arguments.of("1.", dec(1, 0), DSI),
                Arguments.of("1.G", dec(1, 9), DSI));
    }

    @ParameterizedTest
    @MethodSource("parseTable")
    void parsesValueAndFormat(String input, BigDecimal value, QuantityFormat format) {
        Quantity q = Quantity.parse(input);
        assertThat(q.toBigDecimal()).isEqualByComparingTo(value);
        assertThat(q.format()).isEqualTo(format);
    }

    @ParameterizedTest
    @MethodSource("parseTable")
    void parsesNegatedAndExplicitlyPositive(String input, BigDecimal value, QuantityFormat format) {
        Quantity negative = Quantity.parse("-" + input);
        assertThat(negative.toBigDecimal()).isEqualByComparingTo(value.negate());
        assertThat(negative.format()).isEqualTo(format);
        Quantity positive = Quantity.parse("+" + input);
        assertThat(positive.toBigDecimal()).isEqualByComparingTo(value);
        assertThat(positive.format()).isEqualTo(format);
        assertThat(positive).isEqualTo(Quantity.parse(input));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "''            | quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
                "1.1.M         | quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
                "1+1.0M        | quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
                "0.1mi         | unable to parse quantity's suffix",
                "0.1am         | quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
                "aoeu          | quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
                ".5i           | unable to parse quantity's suffix",
                "1i            | unable to parse quantity's suffix",
                "-3.01i        | unable to parse quantity's suffix",
                "-3.01e-       | unable to parse quantity's suffix",
                "' 1'          | quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
                "'1 '          | quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
                "1K            | unable to parse quantity's suffix",
                "1e            | unable to parse quantity's suffix",
                "1Kii          | unable to parse quantity's suffix",
                "1e99999999999999999999 | unable to parse quantity's suffix",
                ".Ei           | unable to parse numeric part of quantity",
                "-.e-10        | unable to parse numeric part of quantity",
                "true          | quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
            })
    void rejectsWithGoErrorText(String input, String message) {
        assertThatThrownBy(() -> Quantity.parse(input))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    /** TestQuantityString: a value in a format prints the expected text; that text and an alternate parse back. */
    static Stream<Arguments> stringTable() {
        return Stream.of(
                Arguments.of(dec(1024L * 1024 * 1024, 0), BSI, "1Gi", "1024Mi"),
                Arguments.of(dec(300L * 1024 * 1024, 0), BSI, "300Mi", "307200Ki"),
                Arguments.of(dec(6 * 1024, 0), BSI, "6Ki", ""),
                Arguments.of(dec(1001L * 1024 * 1024 * 1024, 0), BSI, "1001Gi", "1025024Mi"),
                Arguments.of(dec(1024L * 1024 * 1024 * 1024, 0), BSI, "1Ti", "1024Gi"),
                Arguments.of(dec(5, 0), BSI, "5", "5000m"),
                Arguments.of(dec(500, -3), BSI, "500m", "0.5"),
                Arguments.of(dec(1, 9), DSI, "1G", "1000M"),
                Arguments.of(dec(1000, 6), DSI, "1G", "0.001T"),
                Arguments.of(dec(1000000, 3), DSI, "1G", ""),
                Arguments.of(dec(1000000000, 0), DSI, "1G", ""),
                Arguments.of(dec(1, -3), DSI, "1m", "1000u"),
                Arguments.of(dec(80, -3), DSI, "80m", ""),
                Arguments.of(dec(1080, -3), DSI, "1080m", "1.08"),
                Arguments.of(dec(108, -2), DSI, "1080m", "1080000000n"),
                Arguments.of(dec(10800, -4), DSI, "1080m", ""),
                Arguments.of(dec(300, 6), DSI, "300M", ""),
                Arguments.of(dec(1, 12), DSI, "1T", ""),
                Arguments.of(dec(1234567, 6), DSI, "1234567M", ""),
                Arguments.of(dec(1234567, -3), BSI, "1234567m", ""),
                Arguments.of(dec(3, 3), DSI, "3k", ""),
                Arguments.of(dec(1025, 0), BSI, "1025", ""),
                Arguments.of(dec(0, 0), DSI, "0", ""),
                Arguments.of(dec(0, 0), BSI, "0", ""),
                Arguments.of(dec(1, 9), DEXP, "1e9", ".001e12"),
                Arguments.of(dec(1, -3), DEXP, "1e-3", "0.001e0"),
                Arguments.of(dec(1, -9), DEXP, "1e-9", "1000e-12"),
                Arguments.of(dec(80, -3), DEXP, "80e-3", ""),
                Arguments.of(dec(300, 6), DEXP, "300e6", ""),
                Arguments.of(dec(1, 12), DEXP, "1e12", ""),
                Arguments.of(dec(1, 3), DEXP, "1e3", ""),
                Arguments.of(dec(3, 3), DEXP, "3e3", ""),
                Arguments.of(dec(3, 3), DSI, "3k", ""),
                Arguments.of(dec(0, 0), DEXP, "0", "00"),
                Arguments.of(dec(1, -9), DSI, "1n", ""),
                Arguments.of(dec(80, -9), DSI, "80n", ""),
                Arguments.of(dec(1080, -9), DSI, "1080n", ""),
                Arguments.of(dec(108, -8), DSI, "1080n", ""),
                Arguments.of(dec(10800, -10), DSI, "1080n", ""),
                Arguments.of(dec(1, -6), DSI, "1u", ""),
                Arguments.of(dec(80, -6), DSI, "80u", ""),
                Arguments.of(dec(1080, -6), DSI, "1080u", ""));
    }

    @ParameterizedTest
    @MethodSource("stringTable")
    void printsCanonicalForm(BigDecimal value, QuantityFormat format, String expect, String alternate) {
        Quantity q = Quantity.ofDecimal(value, format);
        assertThat(q).hasToString(expect);
        assertThat(Quantity.parse(expect)).hasToString(expect);
        if (!alternate.isEmpty()) {
            assertThat(Quantity.parse(alternate)).hasToString(expect);
        }
        if (!q.isZero()) {
            assertThat(q.negate()).hasToString("-" + expect);
        }
    }

    @ParameterizedTest
    @CsvSource({
        "1Ki, 1Ki",
        "1Mi, 1Mi",
        "1Gi, 1Gi",
        "1024Mi, 1Gi",
        "1000M, 1G",
        ".001Ki, 1024m",
        ".000001Ki, 1024u",
        ".000000001Ki, 1024n",
        ".000000000001Ki, 2n",
        // the brief's examples
        "1.5Gi, 1536Mi",
        "1000m, 1",
        "0.1, 100m",
        "1e3, 1e3",
        "1024, 1024",
        "100M, 100M",
        "1.5, 1500m",
        "2048Ki, 2Mi",
        "1.5Ki, 1536",
        "1.1Ki, 1126400m",
        "0.5Ki, 512",
        "1Pi, 1Pi",
        "3Ei, 3Ei",
        "9Ei, 9223372036854775807",
    })
    void parseEmit(String in, String expect) {
        assertThat(Quantity.parse(in)).hasToString(expect);
        if (!Quantity.parse(in).isZero()) {
            assertThat(Quantity.parse("-" + in)).hasToString("-" + expect);
        }
    }

    /** TestParseQuantity (values around the int64 boundary); an empty canonical means "prints the input". */
    @ParameterizedTest
    @CsvSource(
            value = {
                "-999999999999999999|",
                "999999999999999999|",
                "-999999999999999999.0|-999999999999999999",
                "999999999999999999.0|999999999999999999",
                "-999999999999999999.1|-999999999999999999100m",
                "999999999999999999.1|999999999999999999100m",
                "-9999999999999999999|",
                "9999999999999999999|",
                "-1E|",
                "1E|",
                "-1000000000000000000|-1E",
                "1000000000000000000|1E",
                "-9999999999999999999.0|-9999999999999999999",
                "9999999999999999999.0|9999999999999999999",
                "-1.0E|-1E",
                "1.0E|1E",
                "-1000000000000000000.0|-1E",
                "1000000000000000000.0|1E",
                "-9999999999999999999000m|-9999999999999999999",
                "9999999999999999999000m|9999999999999999999",
                "-9999999999999999999.1|-9999999999999999999100m",
                "9999999999999999999.1|9999999999999999999100m",
                "-1.0000000000000000001E|-1000000000000000000100m",
                "1.0000000000000000001E|1000000000000000000100m",
                "-1000000000000000000.1|-1000000000000000000100m",
                "1000000000000000000.1|1000000000000000000100m",
                "-1.000000000000000001E|-1000000000000000001",
                "1.000000000000000001E|1000000000000000001",
                "-1000000000000000001|",
                "1000000000000000001|",
                "-10E|",
                "10E|",
                "-10000000000000000000|-10E",
                "10000000000000000000|10E",
                "-10.0E|-10E",
                "10.0E|10E",
                "-10000000000000000000.0|-10E",
                "10000000000000000000.0|10E",
                "-10000000000000000000000m|-10E",
                "10000000000000000000000m|10E",
                "-10.0000000000000000001E|-10000000000000000000100m",
                "10.0000000000000000001E|10000000000000000000100m",
                "-10000000000000000000.1|-10000000000000000000100m",
                "10000000000000000000.1|10000000000000000000100m",
                "-10.000000000000000001E|-10000000000000000001",
                "10.000000000000000001E|10000000000000000001",
                "-10000000000000000001|",
                "10000000000000000001|",
                "-9223372036854775809|",
                "9223372036854775806|",
                "-9223372036854775809.0|-9223372036854775809",
                "9223372036854775806.0|9223372036854775806",
                "-9223372036854775809000m|-9223372036854775809",
                "9223372036854775806000m|9223372036854775806",
                "-9223372036854775809.1|-9223372036854775809100m",
                "9223372036854775806.1|9223372036854775806100m",
                "-9223372036854775808|",
                "9223372036854775807|",
                "-9223372036854775808.1|-9223372036854775808100m",
                "9223372036854775807.1|9223372036854775807100m",
                "9223372036854775808|",
                "9223372036854775808000m|9223372036854775808",
            },
            delimiter = '|')
    void reserializesAroundInt64Bounds(String input, String canonical) {
        assertThat(Quantity.parse(input)).hasToString(canonical == null ? input : canonical);
    }

    /** Go keeps the input text when its int64 fast path sees a canonical-looking value; we print the same. */
    @ParameterizedTest
    @CsvSource({
        "+1Ki, +1Ki",
        "01Ki, 01Ki",
        "8Ki, 8Ki",
        "1024Ki, 1Mi",
        "+1k, +1k",
        "01, 01",
        "1E3, 1E3",
        "1e+3, 1e+3",
        "1e03, 1e03",
        "1.234k, 1.234k",
        "1.000001M, 1.000001M",
        "1.500k, 1.500k",
        "1.5000k, 1500",
        "1.000k, 1k",
        "-0, 0",
        "00, 0",
        "+, 0",
        "-, 0",
        ".,0",
        "0.000000000, 0",
        "0.0000000000, 0",
        "0k, 0",
        "100Ti, 100Ti",
        "1000E, 1",
        "1e2147483647, 10e2147483646",
        "1e-2000000000, 1e-9",
        "0.0000000000000000000000000001m, 1n",
    })
    void printsWhatGoPrints(String input, String printed) {
        assertThat(Quantity.parse(input)).hasToString(printed);
    }

    @Test
    void equalityIsNumeric() {
        assertThat(Quantity.parse("1Ki")).isEqualTo(Quantity.parse("1024")).hasSameHashCodeAs(Quantity.parse("1024"));
        assertThat(Quantity.parse("1")).isEqualTo(Quantity.parse("1000m")).hasSameHashCodeAs(Quantity.parse("1000m"));
        assertThat(Quantity.parse("1e3")).isEqualTo(Quantity.parse("1k"));
        assertThat(Quantity.parse("100m")).isNotEqualTo(Quantity.parse("200m"));
    }

    @ParameterizedTest
    @CsvSource({"0, 0, 0", "100m, 50m, 1", "50m, 100m, -1", "10000T, 100Gi, 1", "1Ki, 1024, 0", "-1, 1n, -1"})
    void comparesNumerically(String x, String y, int expect) {
        assertThat(Integer.signum(Quantity.parse(x).compareTo(Quantity.parse(y))))
                .isEqualTo(expect);
        assertThat(Integer.signum(Quantity.parse(y).compareTo(Quantity.parse(x))))
                .isEqualTo(-expect);
    }

    @Test
    void comparesWithWholeNumbers() {
        assertThat(Quantity.parse("1023").compareTo(1024)).isNegative();
        assertThat(Quantity.parse("1Ki").compareTo(1024)).isZero();
        assertThat(Quantity.parse("1025").compareTo(1024)).isPositive();
    }

    /** TestMilliNewSet and TestNewSet. */
    @Test
    void factoriesPrintLikeGo() {
        assertThat(Quantity.ofMilli(1, DSI)).hasToString("1m");
        assertThat(Quantity.ofMilli(1000, DSI)).hasToString("1");
        assertThat(Quantity.ofMilli(1234000, DSI)).hasToString("1234");
        assertThat(Quantity.ofMilli(1024, BSI)).hasToString("1024m");
        assertThat(Quantity.ofMilli(1000000, DEXP)).hasToString("1e3");
        assertThat(Quantity.ofMilli(1024 * 1024, BSI)).hasToString("1048576m");
        assertThat(Quantity.of(1, DSI)).hasToString("1");
        assertThat(Quantity.of(1000, DSI)).hasToString("1k");
        assertThat(Quantity.of(1234000, DSI)).hasToString("1234k");
        assertThat(Quantity.of(1024, BSI)).hasToString("1Ki");
        assertThat(Quantity.of(1000000, DEXP)).hasToString("1e6");
        assertThat(Quantity.of(1024 * 1024, BSI)).hasToString("1Mi");
        assertThat(Quantity.ofDecimal(new BigDecimal("0.0000000001"), DSI)).hasToString("1n");
    }

    /** TestNewScaledSet and TestScaledValue. */
    @ParameterizedTest
    @CsvSource({
        "1, -9, 1n",
        "1000, -9, 1u",
        "1, -6, 1u",
        "1000, -6, 1m",
        "1, -3, 1m",
        "1000, -3, 1",
        "1, 0, 1",
        "0, -9, 0",
        "0, -6, 0",
        "0, -3, 0",
        "0, 0, 0"
    })
    void scaledQuantities(long value, int scale, String expect) {
        Quantity q = Quantity.ofScaled(value, scale);
        assertThat(q).hasToString(expect);
        assertThat(Quantity.parse(q.toString()).scaledValue(scale)).isEqualTo(value);
    }

    @ParameterizedTest
    @CsvSource({
        "-9, -9, 1",
        "-9, -6, 1",
        "-9, -3, 1",
        "-9, 0, 1",
        "-6, -9, 1000",
        "-6, -6, 1",
        "-6, -3, 1",
        "-6, 0, 1",
        "-3, -9, 1000000",
        "-3, -6, 1000",
        "-3, -3, 1",
        "-3, 0, 1",
        "0, -9, 1000000000",
        "0, -6, 1000000",
        "0, -3, 1000",
        "0, 0, 1",
        "2, -2, 10000"
    })
    void scaledValueRoundsUp(int fromScale, int toScale, long expected) {
        assertThat(Quantity.ofScaled(1, fromScale).scaledValue(toScale)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({
        "100m, 1, 100",
        "1, 1, 1000",
        "1.5, 2, 1500",
        "1Ki, 1024, 1024000",
        "1n, 1, 1",
        "-1n, -1, -1",
        "-1.5, -2, -1500",
        "0, 0, 0",
        "9Ei, 9223372036854775807, 9223372036854775807",
        "1e30, 9223372036854775807, 9223372036854775807",
        "-1e30, -9223372036854775808, -9223372036854775808"
    })
    void valueAndMilliValue(String q, long value, long milli) {
        assertThat(Quantity.parse(q).value()).isEqualTo(value);
        assertThat(Quantity.parse(q).milliValue()).isEqualTo(milli);
    }

    @Test
    void asLongOnlyForExactWholeNumbers() {
        assertThat(Quantity.parse("1Ki").asLong()).isEqualTo(OptionalLong.of(1024));
        assertThat(Quantity.parse("1000m").asLong()).isEqualTo(OptionalLong.of(1));
        assertThat(Quantity.parse("-1E").asLong()).isEqualTo(OptionalLong.of(-1000000000000000000L));
        assertThat(Quantity.parse("0").asLong()).isEqualTo(OptionalLong.of(0));
        assertThat(Quantity.parse("1500m").asLong()).isEmpty();
        assertThat(Quantity.parse("9223372036854775808").asLong()).isEmpty();
        assertThat(Quantity.parse("9223372036854775807").asLong()).isEqualTo(OptionalLong.of(Long.MAX_VALUE));
    }

    @Test
    void zeroSignAndArithmetic() {
        assertThat(Quantity.zero()).hasToString("0");
        assertThat(Quantity.zero().isZero()).isTrue();
        assertThat(Quantity.parse("0Ki").isZero()).isTrue();
        assertThat(Quantity.parse("-1m").sign()).isEqualTo(-1);
        assertThat(Quantity.parse("10").add(Quantity.parse("1Ki"))).hasToString("1034");
        // a zero receiver takes the other's format (Go's Add/Sub)
        Quantity sum = Quantity.zero().add(Quantity.parse("1Gi"));
        assertThat(sum.format()).isEqualTo(BSI);
        assertThat(sum).hasToString("1Gi");
        assertThat(Quantity.parse("1Gi").subtract(Quantity.parse("512Mi"))).hasToString("512Mi");
        assertThat(Quantity.zero().subtract(Quantity.parse("50"))).hasToString("-50");
        assertThat(Quantity.parse("+1Ki").negate()).hasToString("-1Ki");
        assertThat(Quantity.parse("901e-2").negate()).hasToString("-9010e-3");
    }

    // ---- JSON ----------------------------------------------------------------------------------

    private static final ObjectMapper PLAIN = JsonMapper.builder().build();

    record Holder(Quantity q, Map<String, Quantity> resources, List<Quantity> list) {}

    @Test
    void jsonRoundTripsThroughDatabind() throws Exception {
        Holder h = PLAIN.readValue(
                "{\"q\":\"1.5Gi\",\"resources\":{\"cpu\":\"100m\",\"memory\":1},\"list\":[\" 2k \",0.5]}",
                Holder.class);
        assertThat(h.q()).hasToString("1536Mi");
        assertThat(h.resources().get("cpu")).hasToString("100m");
        assertThat(h.resources().get("memory")).hasToString("1");
        assertThat(h.list()).extracting(Quantity::toString).containsExactly("2k", "500m");
        assertThat(PLAIN.writeValueAsString(h))
                .isEqualTo(
                        "{\"q\":\"1536Mi\",\"resources\":{\"cpu\":\"100m\",\"memory\":\"1\"},\"list\":[\"2k\",\"500m\"]}");
        assertThat(Json.MAPPER.writeValueAsString(Quantity.parse("0.1"))).isEqualTo("\"100m\"");
    }

    @Test
    void jsonNumbersKeepTheirSourceTextOnStreamingParse() throws Exception {
        // Go hands the number's bytes to ParseQuantity, so 1e3 stays "1e3" and 1.2340 prints "1234m"
        assertThat(Json.MAPPER.readValue("1e3", Quantity.class)).hasToString("1e3");
        assertThat(Json.MAPPER.readValue("1.2340", Quantity.class)).hasToString("1234m");
        assertThat(Json.MAPPER.readValue("-1", Quantity.class)).hasToString("-1");
        assertThat(Json.MAPPER.readValue("10", Quantity.class)).hasToString("10");
    }

    @Test
    void jsonTreesDecodeToo() throws Exception {
        JsonNode tree = Json.MAPPER.readTree("{\"a\":\"1.5Gi\",\"b\":2,\"c\":0.5,\"d\":10.0}");
        assertThat(Json.MAPPER.treeToValue(tree.get("a"), Quantity.class)).hasToString("1536Mi");
        assertThat(Json.MAPPER.treeToValue(tree.get("b"), Quantity.class)).hasToString("2");
        assertThat(Json.MAPPER.treeToValue(tree.get("c"), Quantity.class)).hasToString("500m");
        assertThat(Json.MAPPER.treeToValue(tree.get("d"), Quantity.class)).hasToString("10");
        assertThat(Quantity.fromJson(tree.get("a"))).hasToString("1536Mi");
        assertThat(Quantity.fromJson(tree.get("c"))).hasToString("500m");
        assertThat(Quantity.fromJson(JsonNodeFactory.instance.nullNode())).isEqualTo(Quantity.ZERO);
        assertThat(Quantity.fromJson(JsonNodeFactory.instance.textNode("\t1Ki\n")))
                .hasToString("1Ki");
    }

    @Test
    void jsonErrorsCarryGoText() {
        assertThatThrownBy(() -> PLAIN.readValue("\"1x\"", Quantity.class))
                .hasRootCauseInstanceOf(IllegalArgumentException.class)
                .hasRootCauseMessage(Quantity.FORMAT_WRONG);
        assertThatThrownBy(() -> PLAIN.readValue("true", Quantity.class)).hasRootCauseMessage(Quantity.FORMAT_WRONG);
        assertThatThrownBy(() -> PLAIN.readValue("{\"q\":{\"a\":1}}", Holder.class))
                .hasRootCauseMessage(Quantity.FORMAT_WRONG);
        assertThatThrownBy(() -> Quantity.fromJson(JsonNodeFactory.instance.booleanNode(true)))
                .hasMessage(Quantity.FORMAT_WRONG);
        assertThatThrownBy(() -> PLAIN.readValue("\"1i\"", Quantity.class)).hasRootCauseMessage(Quantity.SUFFIX);
    }

    @Test
    void nullJsonIsJavaNull() throws Exception {
        assertThat(PLAIN.readValue("{\"q\":null}", Holder.class).q()).isNull();
    }
}

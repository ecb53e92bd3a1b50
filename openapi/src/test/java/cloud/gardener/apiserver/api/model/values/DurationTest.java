package cloud.gardener.apiserver.api.model.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class DurationTest {

    private static final long NS = 1;
    private static final long US = 1_000;
    private static final long MS = 1_000_000;
    private static final long S = 1_000_000_000;
    private static final long MIN = 60 * S;
    private static final long H = 60 * MIN;

    /** parseDurationTests of Go's time package. */
    static Stream<Arguments> parseTable() {
        return Stream.of(
                Arguments.of("0", 0L),
                Arguments.of("5s", 5 * S),
                Arguments.of("30s", 30 * S),
                Arguments.of("1478s", 1478 * S),
                Arguments.of("-5s", -5 * S),
                Arguments.of("+5s", 5 * S),
                Arguments.of("-0", 0L),
                Arguments.of("+0", 0L),
                Arguments.of("5.0s", 5 * S),
                Arguments.of("5.6s", 5 * S + 600 * MS),
                Arguments.of("5.s", 5 * S),
                Arguments.of(".5s", 500 * MS),
                Arguments.of("1.0s", S),
                Arguments.of("1.00s", S),
                Arguments.of("1.004s", S + 4 * MS),
                Arguments.of("1.0040s", S + 4 * MS),
                Arguments.of("100.00100s", 100 * S + MS),
                Arguments.of("10ns", 10 * NS),
                Arguments.of("11us", 11 * US),
                Arguments.of("12\u00b5s", 12 * US),
                Arguments.of("12\u03bcs", 12 * US),
                Arguments.of("13ms", 13 * MS),
                Arguments.of("14s", 14 * S),
                Arguments.of("15m", 15 * MIN),
                Arguments.of("16h", 16 * H),
                Arguments.of("3h30m", 3 * H + 30 * MIN),
                Arguments.of("10.5s4m", 4 * MIN + 10 * S + 500 * MS),
                Arguments.of("-2m3.4s", -(2 * MIN + 3 * S + 400 * MS)),
                Arguments.of("1h2m3s4ms5us6ns", H + 2 * MIN + 3 * S + 4 * MS + 5 * US + 6 * NS),
                Arguments.of("39h9m14.425s", 39 * H + 9 * MIN + 14 * S + 425 * MS),
                Arguments.of("52763797000ns", 52763797000L),
                Arguments.of("0.3333333333333333333h", 20 * MIN),
                Arguments.of("9007199254740993ns", (1L << 53) + 1),
                Arguments.of("9223372036854775807ns", Long.MAX_VALUE),
                Arguments.of("9223372036854775.807us", Long.MAX_VALUE),
                Arguments.of("9223372036s854ms775us807ns", Long.MAX_VALUE),
                Arguments.of("-9223372036854775808ns", Long.MIN_VALUE),
                Arguments.of("-9223372036854775.808us", Long.MIN_VALUE),
                Arguments.of("-9223372036s854ms775us808ns", Long.MIN_VALUE),
                Arguments.of("-2562047h47m16.854775808s", Long.MIN_VALUE),
                Arguments.of("0.100000000000000000000h", 6 * MIN),
                Arguments.of("0.830103483285477580700h", 49 * MIN + 48 * S + 372539827 * NS),
                // the brief's examples
                Arguments.of("1h30m", H + 30 * MIN),
                Arguments.of("1.5h", H + 30 * MIN),
                Arguments.of("-2m", -2 * MIN),
                Arguments.of("300ms", 300 * MS),
                Arguments.of("1us", US),
                Arguments.of("1ns", NS));
    }

    @ParameterizedTest
    @MethodSource("parseTable")
    void parsesAsGo(String input, long nanos) {
        assertThat(Duration.parse(input).nanos()).isEqualTo(nanos);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "''                          | time: invalid duration \"\"",
                "3                           | time: missing unit in duration \"3\"",
                "-                           | time: invalid duration \"-\"",
                "s                           | time: invalid duration \"s\"",
                ".                           | time: invalid duration \".\"",
                "-.                          | time: invalid duration \"-.\"",
                ".s                          | time: invalid duration \".s\"",
                "+.s                         | time: invalid duration \"+.s\"",
                "1d                          | time: unknown unit \"d\" in duration \"1d\"",
                "1µ                          | time: unknown unit \"\\xc2\\xb5\" in duration \"1\\xc2\\xb5\"",
                "1\"x                        | time: unknown unit \"\\\"x\" in duration \"1\\\"x\"",
                "00                          | time: missing unit in duration \"00\"",
                "9223372036854775808ns       | time: invalid duration \"9223372036854775808ns\"",
                "9223372036854775.808us      | time: invalid duration \"9223372036854775.808us\"",
                "9223372036854ms775us808ns   | time: invalid duration \"9223372036854ms775us808ns\"",
                "-9223372036854775809ns      | time: invalid duration \"-9223372036854775809ns\"",
                "99999999999999999999h       | time: invalid duration \"99999999999999999999h\"",
                "3000000h                    | time: invalid duration \"3000000h\"",
                "1h 30m                      | time: unknown unit \"h \" in duration \"1h 30m\"",
            })
    void rejectsWithGoErrorText(String input, String message) {
        assertThatThrownBy(() -> Duration.parse(input))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    /** durationTests of Go's time package, plus the brief's examples. */
    @ParameterizedTest
    @CsvSource({
        "0s, 0",
        "1ns, 1",
        "1.1µs, 1100",
        "2.2ms, 2200000",
        "3.3s, 3300000000",
        "4m5s, 245000000000",
        "4m5.001s, 245001000000",
        "5h6m7.001s, 18367001000000",
        "8m0.000000001s, 480000000001",
        "2562047h47m16.854775807s, 9223372036854775807",
        "-2562047h47m16.854775808s, -9223372036854775808",
        "1h30m0s, 5400000000000",
        "1.5s, 1500000000",
        "300ms, 300000000",
        "2m0s, 120000000000",
        "-1.5s, -1500000000",
        "1µs, 1000",
        "-999ns, -999",
    })
    void printsAsGo(String printed, long nanos) {
        assertThat(Duration.ofNanos(nanos)).hasToString(printed);
        assertThat(Duration.parse(printed).nanos()).isEqualTo(nanos);
    }

    @ParameterizedTest
    @CsvSource({
        "1h30m, 1h30m0s",
        "90m, 1h30m0s",
        "1.5h, 1h30m0s",
        "0, 0s",
        "-0, 0s",
        "3600s, 1h0m0s",
        "1000ms, 1s",
        "0.5ms, 500µs",
        "1us, 1µs",
        "24h, 24h0m0s"
    })
    void canonicalises(String input, String printed) {
        assertThat(Duration.parse(input)).hasToString(printed);
    }

    private static final ObjectMapper PLAIN = JsonMapper.builder().build();

    record Holder(Duration d) {}

    @Test
    void jsonIsAGoDurationString() throws Exception {
        assertThat(PLAIN.readValue("{\"d\":\"1h30m\"}", Holder.class).d()).isEqualTo(Duration.ofMinutes(90));
        assertThat(PLAIN.writeValueAsString(new Holder(Duration.ofMinutes(90)))).isEqualTo("{\"d\":\"1h30m0s\"}");
        assertThat(PLAIN.readValue("\"-2m\"", Duration.class)).isEqualTo(Duration.ofSeconds(-120));
        assertThat(PLAIN.treeToValue(JsonNodeFactory.instance.textNode("5s"), Duration.class))
                .isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void jsonRejectsNumbersAndBadStringsWithGoText() {
        assertThatThrownBy(() -> PLAIN.readValue("{\"d\":300}", Holder.class))
                .hasRootCauseMessage("json: cannot unmarshal number into Go value of type string");
        assertThatThrownBy(() -> PLAIN.readValue("{\"d\":true}", Holder.class))
                .hasRootCauseMessage("json: cannot unmarshal bool into Go value of type string");
        assertThatThrownBy(() -> PLAIN.readValue("{\"d\":\"5\"}", Holder.class))
                .hasRootCauseMessage("time: missing unit in duration \"5\"");
        assertThatThrownBy(() -> Duration.fromJson(JsonNodeFactory.instance.nullNode()))
                .hasMessage("time: invalid duration \"\"");
    }

    @Test
    void conversionsAndOrdering() {
        assertThat(Duration.zero()).hasToString("0s");
        assertThat(Duration.of(java.time.Duration.ofMillis(1500))).hasToString("1.5s");
        assertThat(Duration.ofHours(2).toJavaDuration()).isEqualTo(java.time.Duration.ofHours(2));
        assertThat(Duration.parse("1.9s").toSeconds()).isEqualTo(1);
        assertThat(Duration.parse("-1.9ms").toMillis()).isEqualTo(-1);
        assertThat(Duration.parse("1m")).isGreaterThan(Duration.parse("59s"));
        assertThat(Duration.parse("60s")).isEqualTo(Duration.parse("1m")).hasSameHashCodeAs(Duration.parse("1m"));
        assertThat(Duration.parse("-1s").isNegative()).isTrue();
    }
}

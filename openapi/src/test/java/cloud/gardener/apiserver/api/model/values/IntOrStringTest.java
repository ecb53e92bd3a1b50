package cloud.gardener.apiserver.api.model.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IntOrStringTest {

    private static final ObjectMapper PLAIN = JsonMapper.builder().build();

    record Holder(IntOrString val) {}

    @Test
    void holdsAnIntOrAString() {
        IntOrString i = IntOrString.ofInt(93);
        assertThat(i.isInt()).isTrue();
        assertThat(i.intValue()).isEqualTo(93);
        assertThat(i.stringValue()).isEmpty();
        assertThat(i).hasToString("93");
        IntOrString s = IntOrString.ofString("76");
        assertThat(s.isString()).isTrue();
        assertThat(s.stringValue()).isEqualTo("76");
        assertThat(s.intValue()).isEqualTo(76);
        assertThat(IntOrString.ofString("http").intValue()).isZero();
        assertThat(s).hasToString("76").isNotEqualTo(IntOrString.ofInt(76));
        assertThat(IntOrString.ofInt(5)).isEqualTo(IntOrString.ofInt(5)).hasSameHashCodeAs(IntOrString.ofInt(5));
        assertThat(IntOrString.zero()).isEqualTo(IntOrString.ofInt(0));
    }

    /** TestParse of intstr. */
    @ParameterizedTest
    @CsvSource({
        "0, true",
        "2147483647, true",
        "-2147483648, true",
        "2147483648, false",
        "-2147483649, false",
        "9223372036854775807, false",
        "-9223372036854775808, false",
        "9223372036854775808, false",
        "-9223372036854775809, false",
        "+5, true",
        "007, true",
        "25%, false",
        "http, false",
        "'', false",
        "١٢, false"
    })
    void parsesInt32OrKeepsString(String input, boolean isInt) {
        IntOrString v = IntOrString.parse(input);
        assertThat(v.isInt()).isEqualTo(isInt);
        if (isInt) {
            assertThat(v.intValue()).isEqualTo(Integer.parseInt(input));
        } else {
            assertThat(v.stringValue()).isEqualTo(input);
        }
    }

    @Test
    void jsonIsANumberOrAString() throws Exception {
        assertThat(PLAIN.readValue("{\"val\": 123}", Holder.class).val()).isEqualTo(IntOrString.ofInt(123));
        assertThat(PLAIN.readValue("{\"val\": \"123\"}", Holder.class).val()).isEqualTo(IntOrString.ofString("123"));
        assertThat(PLAIN.writeValueAsString(new Holder(IntOrString.ofInt(123)))).isEqualTo("{\"val\":123}");
        assertThat(PLAIN.writeValueAsString(new Holder(IntOrString.ofString("123"))))
                .isEqualTo("{\"val\":\"123\"}");
        assertThat(Json.MAPPER.treeToValue(Json.MAPPER.readTree("\"25%\""), IntOrString.class))
                .isEqualTo(IntOrString.ofString("25%"));
        assertThat(Json.MAPPER.treeToValue(Json.MAPPER.readTree("-7"), IntOrString.class))
                .isEqualTo(IntOrString.ofInt(-7));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "1.5        | json: cannot unmarshal number 1.5 into Go value of type int32",
                "2147483648 | json: cannot unmarshal number 2147483648 into Go value of type int32",
                "true       | json: cannot unmarshal bool into Go value of type int32",
                "[1]        | json: cannot unmarshal array into Go value of type int32",
                "{}         | json: cannot unmarshal object into Go value of type int32",
            })
    void jsonRejectsWhatGoRejects(String json, String message) {
        assertThatThrownBy(() -> PLAIN.readValue("{\"val\":" + json + "}", Holder.class))
                .hasRootCauseMessage(message);
    }

    /** TestGetIntFromIntOrPercent of intstr, and the errors of getIntOrPercentValueSafely. */
    @ParameterizedTest
    @CsvSource({
        "90%, 100, true, 90",
        "90%, 95, true, 86",
        "90%, 95, false, 85",
        "25%, 10, true, 3",
        "25%, 10, false, 2",
        "0%, 10, true, 0",
        "100%, 7, false, 7",
        "-10%, 10, true, -1"
    })
    void scalesPercentages(String value, int total, boolean roundUp, int expect) {
        assertThat(IntOrString.getScaledValueFromIntOrPercent(IntOrString.ofString(value), total, roundUp))
                .isEqualTo(expect);
    }

    @Test
    void scalesIntsAsThemselves() {
        assertThat(IntOrString.getScaledValueFromIntOrPercent(IntOrString.ofInt(123), 0, false))
                .isEqualTo(123);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "200  | invalid value for IntOrString: invalid type: string is not a percentage",
                "90#  | invalid value for IntOrString: invalid type: string is not a percentage",
                "30%0 | invalid value for IntOrString: invalid type: string is not a percentage",
                "%    | invalid value for IntOrString: invalid value \"%\": strconv.Atoi: parsing \"\": invalid syntax",
                "a%   | invalid value for IntOrString: invalid value \"a%\": strconv.Atoi: parsing \"a\": invalid syntax",
                "#%   | invalid value for IntOrString: invalid value \"#%\": strconv.Atoi: parsing \"#\": invalid syntax",
                "40%% | invalid value for IntOrString: invalid value \"40%%\": strconv.Atoi: parsing \"40%\": invalid syntax",
                "99999999999999999999% | invalid value for IntOrString: invalid value \"99999999999999999999%\": "
                        + "strconv.Atoi: parsing \"99999999999999999999\": value out of range",
            })
    void percentageErrorsCarryGoText(String value, String message) {
        assertThatThrownBy(() -> IntOrString.getScaledValueFromIntOrPercent(IntOrString.ofString(value), 10, true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void nilIsAnError() {
        assertThatThrownBy(() -> IntOrString.getScaledValueFromIntOrPercent(null, 0, false))
                .hasMessage("nil value for IntOrString");
    }
}

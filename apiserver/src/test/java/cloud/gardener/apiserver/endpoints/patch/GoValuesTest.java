package cloud.gardener.apiserver.endpoints.patch;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GoValuesTest {

    @ParameterizedTest
    @CsvSource({
        "1.5,1.5",
        "0.25,0.25",
        "123456.0,123456",
        "1000000.0,1e+06",
        "1234567.0,1.234567e+06",
        "0.0001,0.0001",
        "0.00001,1e-05",
        "-2.5e-7,-2.5e-07",
        "1e21,1e+21"
    })
    void floatsPrintAsGoPrintsThemWithPercentV(double value, String expected) {
        assertThat(GoValues.formatFloat(value)).isEqualTo(expected);
    }

    @Test
    void mapsPrintWithSortedKeysAndScalarsWithTheirVerb() throws Exception {
        var node = Json.MAPPER.readTree("{\"b\":[1,\"x\",true,null],\"a\":{\"z\":1.5},\"$patch\":\"delete\"}");
        assertThat(GoValues.v(node)).isEqualTo("map[$patch:delete a:map[z:1.5] b:[1 x true <nil>]]");
        assertThat(GoValues.s(Json.MAPPER.readTree("7"))).isEqualTo("%!s(int64=7)");
        assertThat(GoValues.s(Json.MAPPER.readTree("true"))).isEqualTo("%!s(bool=true)");
        assertThat(GoValues.s(Json.MAPPER.readTree("\"replace\""))).isEqualTo("replace");
    }

    @Test
    void equalityKeepsIntsAndFloatsApart() throws Exception {
        assertThat(GoValues.equal(Json.MAPPER.readTree("1"), Json.MAPPER.readTree("1")))
                .isTrue();
        assertThat(GoValues.equal(Json.MAPPER.readTree("1"), Json.MAPPER.readTree("1.0")))
                .isFalse();
        assertThat(GoValues.equal(Json.MAPPER.readTree("2.5"), Json.MAPPER.readTree("2.50")))
                .isTrue();
        assertThat(GoValues.equal(Json.MAPPER.readTree("\"1\""), Json.MAPPER.readTree("1")))
                .isFalse();
        assertThat(GoValues.equal(null, Json.MAPPER.nullNode())).isTrue();
    }

    @Test
    void typeNamesAreReflectsSpellings() throws Exception {
        assertThat(GoValues.typeName(Json.MAPPER.readTree("{}"))).isEqualTo("map[string]interface {}");
        assertThat(GoValues.typeName(Json.MAPPER.readTree("[]"))).isEqualTo("[]interface {}");
        assertThat(GoValues.typeName(Json.MAPPER.readTree("3"))).isEqualTo("int64");
        assertThat(GoValues.typeName(Json.MAPPER.readTree("3.5"))).isEqualTo("float64");
        assertThat(GoValues.typeName(Json.MAPPER.nullNode())).isEqualTo("%!s(<nil>)");
    }
}

package cloud.gardener.apiserver.api.model.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TimeTest {

    private static final String L = "\"2006-01-02T15:04:05Z07:00\"";
    private static final ObjectMapper PLAIN = JsonMapper.builder().build();

    record Holder(Time t) {}

    @ParameterizedTest
    @CsvSource({
        "2006-01-02T15:04:05Z, 2006-01-02T15:04:05Z",
        "2006-01-02T15:04:05+07:00, 2006-01-02T08:04:05Z",
        "2006-01-02T15:04:05-07:30, 2006-01-02T22:34:05Z",
        "2006-01-02T15:04:05.999999999Z, 2006-01-02T15:04:05Z",
        "2006-01-02T15:04:05.5+01:00, 2006-01-02T14:04:05Z",
        "'2006-01-02T15:04:05,123Z', 2006-01-02T15:04:05Z",
        "2006-01-02T15:04:05.1234567890123Z, 2006-01-02T15:04:05Z",
        "2006-01-02T1:04:05Z, 2006-01-02T01:04:05Z",
        "2024-02-29T00:00:00Z, 2024-02-29T00:00:00Z",
        "0000-01-01T00:00:00Z, 0000-01-01T00:00:00Z",
        "9999-12-31T23:59:59Z, 9999-12-31T23:59:59Z",
        "2006-01-02T15:04:05+24:00, 2006-01-01T15:04:05Z",
        "2006-01-02T15:04:05-00:60, 2006-01-02T16:04:05Z",
        "1970-01-01T00:00:00Z, 1970-01-01T00:00:00Z",
    })
    void parsesAnyRfc3339OffsetAndPrintsUtcWholeSeconds(String input, String printed) {
        assertThat(Time.parse(input)).hasToString(printed);
        assertThat(Time.parse(printed)).isEqualTo(Time.parse(input));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "''                          | parsing time \"\" as " + L + ": cannot parse \"\" as \"2006\"",
                "x                           | parsing time \"x\" as " + L + ": cannot parse \"x\" as \"2006\"",
                "2006                        | parsing time \"2006\" as " + L + ": cannot parse \"\" as \"-\"",
                "2006-01-02                  | parsing time \"2006-01-02\" as " + L + ": cannot parse \"\" as \"T\"",
                "2006-01-02 15:04:05Z        | parsing time \"2006-01-02 15:04:05Z\" as " + L
                        + ": cannot parse \" 15:04:05Z\" as \"T\"",
                "2006/01/02T15:04:05Z        | parsing time \"2006/01/02T15:04:05Z\" as " + L
                        + ": cannot parse \"/01/02T15:04:05Z\" as \"-\"",
                "2006-1-02T15:04:05Z         | parsing time \"2006-1-02T15:04:05Z\" as " + L
                        + ": cannot parse \"1-02T15:04:05Z\" as \"01\"",
                "2006-01-02T15:04:05         | parsing time \"2006-01-02T15:04:05\" as " + L
                        + ": cannot parse \"\" as \"Z07:00\"",
                "2006-01-02T15:04:05 Z       | parsing time \"2006-01-02T15:04:05 Z\" as " + L
                        + ": cannot parse \" Z\" as \"Z07:00\"",
                "2006-01-02T15:04:05+0700    | parsing time \"2006-01-02T15:04:05+0700\" as " + L
                        + ": cannot parse \"+0700\" as \"Z07:00\"",
                "2006-01-02T15:04:05+07:0x   | parsing time \"2006-01-02T15:04:05+07:0x\" as " + L
                        + ": cannot parse \"+07:0x\" as \"Z07:00\"",
                "2006-01-02T15:04:05.Z       | parsing time \"2006-01-02T15:04:05.Z\" as " + L
                        + ": cannot parse \".Z\" as \"Z07:00\"",
                "2006-01-02Tx:04:05Z         | parsing time \"2006-01-02Tx:04:05Z\" as " + L
                        + ": cannot parse \"x:04:05Z\" as \"15\"",
                "2006-13-02T15:04:05Z        | parsing time \"2006-13-02T15:04:05Z\": month out of range",
                "2006-00-02T15:04:05Z        | parsing time \"2006-00-02T15:04:05Z\": month out of range",
                "2006-02-30T15:04:05Z        | parsing time \"2006-02-30T15:04:05Z\": day out of range",
                "2023-02-29T15:04:05Z        | parsing time \"2023-02-29T15:04:05Z\": day out of range",
                "2006-01-00T15:04:05Z        | parsing time \"2006-01-00T15:04:05Z\": day out of range",
                "2006-01-02T24:00:00Z        | parsing time \"2006-01-02T24:00:00Z\": hour out of range",
                "2006-01-02T15:60:00Z        | parsing time \"2006-01-02T15:60:00Z\": minute out of range",
                "2006-01-02T15:04:60Z        | parsing time \"2006-01-02T15:04:60Z\": second out of range",
                "2006-01-02T15:04:05+25:00   | parsing time \"2006-01-02T15:04:05+25:00\": time zone offset hour out of range",
                "2006-01-02T15:04:05+01:61   | parsing time \"2006-01-02T15:04:05+01:61\": time zone offset minute out of range",
                "2006-01-02T15:04:05Zjunk    | parsing time \"2006-01-02T15:04:05Zjunk\": extra text: \"junk\"",
                "2006-01-02T15:04:05Zü       | parsing time \"2006-01-02T15:04:05Z\\xc3\\xbc\": extra text: \"\\xc3\\xbc\"",
            })
    void rejectsWithGoErrorText(String input, String message) {
        assertThatThrownBy(() -> Time.parse(input))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void truncatesToWholeSeconds() {
        Instant i = Instant.parse("2024-05-01T12:00:00.999Z");
        assertThat(Time.of(i)).hasToString("2024-05-01T12:00:00Z").isEqualTo(Time.parse("2024-05-01T12:00:00Z"));
        assertThat(Time.of(Instant.parse("1969-12-31T23:59:59.5Z"))).hasToString("1969-12-31T23:59:59Z");
        assertThat(Time.now(Clock.fixed(i, ZoneOffset.UTC)).instant()).isEqualTo(Instant.parse("2024-05-01T12:00:00Z"));
        assertThat(Time.ofEpochSecond(0)).hasToString("1970-01-01T00:00:00Z");
    }

    @Test
    void zeroTimeIsJsonNull() throws Exception {
        assertThat(Time.zero().isZero()).isTrue();
        assertThat(Time.zero()).hasToString("0001-01-01T00:00:00Z");
        assertThat(Time.parse("0001-01-01T00:00:00Z").isZero()).isTrue();
        assertThat(Time.zero().toJson()).isNull();
        assertThat(PLAIN.writeValueAsString(new Holder(Time.zero()))).isEqualTo("{\"t\":null}");
        assertThat(Json.MAPPER.valueToTree(Time.zero()).isNull()).isTrue();
        assertThat(Time.fromJson(JsonNodeFactory.instance.nullNode())).isEqualTo(Time.ZERO);
        assertThat(PLAIN.readValue("{\"t\":null}", Holder.class).t()).isNull(); // a Go pointer: nil
    }

    @Test
    void jsonRoundTrips() throws Exception {
        Holder h = PLAIN.readValue("{\"t\":\"2024-05-01T14:00:00.123+02:00\"}", Holder.class);
        assertThat(h.t()).isEqualTo(Time.parse("2024-05-01T12:00:00Z"));
        assertThat(PLAIN.writeValueAsString(h)).isEqualTo("{\"t\":\"2024-05-01T12:00:00Z\"}");
        assertThat(Json.MAPPER.treeToValue(Json.MAPPER.readTree("\"2024-05-01T12:00:00Z\""), Time.class))
                .isEqualTo(Time.ofEpochSecond(1714564800));
    }

    @Test
    void jsonRejectsNonStringsWithGoText() {
        assertThatThrownBy(() -> PLAIN.readValue("{\"t\":1714564800}", Holder.class))
                .hasRootCauseMessage("json: cannot unmarshal number into Go value of type string");
        assertThatThrownBy(() -> PLAIN.readValue("{\"t\":\"yesterday\"}", Holder.class))
                .hasRootCauseMessage("parsing time \"yesterday\" as " + L + ": cannot parse \"yesterday\" as \"2006\"");
    }

    @Test
    void ordersByInstant() {
        Time a = Time.parse("2024-05-01T12:00:00Z");
        Time b = Time.parse("2024-05-01T12:00:01Z");
        assertThat(a.isBefore(b)).isTrue();
        assertThat(b.isAfter(a)).isTrue();
        assertThat(a).isLessThan(b);
        assertThat(a.epochSecond()).isEqualTo(1714564800L);
    }
}

package cloud.gardener.apiserver.api.model.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MicroTimeTest {

    private static final String L = "\"2006-01-02T15:04:05.000000Z07:00\"";
    private static final ObjectMapper PLAIN = JsonMapper.builder().build();

    record Holder(MicroTime t) {}

    @ParameterizedTest
    @CsvSource({
        "2006-01-02T15:04:05.123456Z, 2006-01-02T15:04:05.123456Z",
        "2006-01-02T15:04:05.000000Z, 2006-01-02T15:04:05.000000Z",
        "2006-01-02T15:04:05.000001+01:00, 2006-01-02T14:04:05.000001Z",
        "'2006-01-02T15:04:05,500000Z', 2006-01-02T15:04:05.500000Z",
        "2006-01-02T15:04:05.+12345Z, 2006-01-02T15:04:05.012345Z",
    })
    void parsesSixFractionDigits(String input, String printed) {
        assertThat(MicroTime.parse(input)).hasToString(printed);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "2006-01-02T15:04:05Z         | parsing time \"2006-01-02T15:04:05Z\" as " + L
                        + ": cannot parse \"Z\" as \".000000\"",
                "2006-01-02T15:04:05.123Z     | parsing time \"2006-01-02T15:04:05.123Z\" as " + L
                        + ": cannot parse \".123Z\" as \".000000\"",
                "2006-01-02T15:04:05.1234567Z | parsing time \"2006-01-02T15:04:05.1234567Z\" as " + L
                        + ": cannot parse \"7Z\" as \"Z07:00\"",
                "2006-01-02T15:04:05.-12345Z  | parsing time \"2006-01-02T15:04:05.-12345Z\": fractional second out of range",
                "2006-01-02T15:04:05x123456Z  | parsing time \"2006-01-02T15:04:05x123456Z\" as " + L
                        + ": cannot parse \"x123456Z\" as \".000000\"",
            })
    void rejectsWithGoErrorText(String input, String message) {
        assertThatThrownBy(() -> MicroTime.parse(input))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void truncatesToMicrosAndPrintsSixDigits() {
        MicroTime t = MicroTime.of(Instant.parse("2024-05-01T12:00:00.123456789Z"));
        assertThat(t).hasToString("2024-05-01T12:00:00.123456Z");
        assertThat(t.toTime()).hasToString("2024-05-01T12:00:00Z");
        assertThat(MicroTime.of(Instant.parse("2024-05-01T12:00:00Z"))).hasToString("2024-05-01T12:00:00.000000Z");
        assertThat(t).isEqualTo(MicroTime.parse("2024-05-01T12:00:00.123456Z"));
        assertThat(t.isAfter(MicroTime.parse("2024-05-01T12:00:00.123455Z"))).isTrue();
    }

    @Test
    void jsonRoundTripsAndZeroIsNull() throws Exception {
        Holder h = PLAIN.readValue("{\"t\":\"2024-05-01T12:00:00.000001Z\"}", Holder.class);
        assertThat(PLAIN.writeValueAsString(h)).isEqualTo("{\"t\":\"2024-05-01T12:00:00.000001Z\"}");
        assertThat(PLAIN.writeValueAsString(new Holder(MicroTime.zero()))).isEqualTo("{\"t\":null}");
        assertThatThrownBy(() -> PLAIN.readValue("{\"t\":1}", Holder.class))
                .hasRootCauseMessage("json: cannot unmarshal number into Go value of type string");
    }
}

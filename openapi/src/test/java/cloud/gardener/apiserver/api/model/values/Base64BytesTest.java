package cloud.gardener.apiserver.api.model.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class Base64BytesTest {

    private static final ObjectMapper PLAIN = JsonMapper.builder().build();

    record Holder(Base64Bytes caBundle, Map<String, Base64Bytes> data) {}

    @ParameterizedTest
    @CsvSource({
        "'', ''",
        "f, Zg==",
        "fo, Zm8=",
        "foo, Zm9v",
        "foob, Zm9vYg==",
        "fooba, Zm9vYmE=",
        "foobar, Zm9vYmFy",
        "sure., c3VyZS4="
    })
    void rfc4648Vectors(String decoded, String encoded) {
        assertThat(Base64Bytes.ofUtf8(decoded)).hasToString(encoded);
        assertThat(Base64Bytes.parse(encoded).toUtf8String()).isEqualTo(decoded);
    }

    /** TestNewLineCharacters of Go's encoding/base64: each decodes to "sure". */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "c3VyZQ==",
                "c3VyZQ==\r",
                "c3VyZQ==\n",
                "c3VyZQ==\r\n",
                "c3VyZ\r\nQ==",
                "c3V\ryZ\nQ==",
                "c3V\nyZ\rQ==",
                "c3VyZ\nQ==",
                "c3VyZQ\n==",
                "c3VyZQ=\n=",
                "c3VyZQ=\r\n\r\n="
            })
    void ignoresNewlines(String encoded) {
        assertThat(Base64Bytes.parse(encoded).toUtf8String()).isEqualTo("sure");
    }

    /** TestDecodeCorrupt of Go's encoding/base64 (offset -1: valid). */
    @ParameterizedTest
    @CsvSource({
        "'', -1",
        "'\n', -1",
        "'AAA=\n', -1",
        "'AAAA\n', -1",
        "!!!!, 0",
        "====, 0",
        "x===, 1",
        "=AAA, 0",
        "A=AA, 1",
        "AA=A, 2",
        "AA==A, 4",
        "AAA=AAAA, 4",
        "AAAAA, 4",
        "AAAAAA, 4",
        "A=, 1",
        "A==, 1",
        "AA=, 3",
        "AA==, -1",
        "AAA=, -1",
        "AAAA, -1",
        "AAAAAA=, 7",
        "YWJjZA=====, 8",
        "'A!\n', 1",
        "'A=\n', 1",
        "Zg, 0",
        "Zm9, 0",
        "AAAA AAAA, 4",
        "AAAAü, 4",
        "'AAAA\n\nA', 6"
    })
    void reportsTheOffsetGoReports(String input, int offset) {
        if (offset < 0) {
            assertThat(Base64Bytes.parse(input)).isNotNull();
        } else {
            assertThatThrownBy(() -> Base64Bytes.parse(input))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("illegal base64 data at input byte " + offset);
        }
    }

    @Test
    void toleratesNonZeroPaddingBitsAsGoDoes() {
        assertThat(Base64Bytes.parse("WvLTlMrX9NpYDQlEIFlnDB=="))
                .isEqualTo(Base64Bytes.parse("WvLTlMrX9NpYDQlEIFlnDA=="));
    }

    @Test
    void agreesWithJavaForRandomData() {
        Random random = new Random(42);
        for (int n = 0; n < 200; n++) {
            byte[] bytes = new byte[random.nextInt(64)];
            random.nextBytes(bytes);
            String encoded = Base64.getEncoder().encodeToString(bytes);
            assertThat(Base64Bytes.of(bytes)).hasToString(encoded);
            assertThat(Base64Bytes.parse(encoded).bytes()).isEqualTo(bytes);
        }
    }

    @Test
    void nilEmptyAndCopies() throws Exception {
        assertThat(Base64Bytes.zero()).isSameAs(Base64Bytes.NIL);
        assertThat(Base64Bytes.NIL.isNil()).isTrue();
        assertThat(Base64Bytes.NIL.isEmpty()).isTrue();
        assertThat(Base64Bytes.NIL).isNotEqualTo(Base64Bytes.EMPTY);
        assertThat(Base64Bytes.parse("")).isEqualTo(Base64Bytes.EMPTY);
        assertThat(Json.MAPPER.valueToTree(Base64Bytes.NIL).isNull()).isTrue();
        assertThat(Json.MAPPER.writeValueAsString(Base64Bytes.EMPTY)).isEqualTo("\"\"");
        byte[] source = "abc".getBytes(StandardCharsets.UTF_8);
        Base64Bytes b = Base64Bytes.of(source);
        source[0] = 'x';
        b.bytes()[1] = 'y';
        assertThat(b.toUtf8String()).isEqualTo("abc");
        assertThat(b.length()).isEqualTo(3);
        assertThat(b).isEqualTo(Base64Bytes.ofUtf8("abc")).hasSameHashCodeAs(Base64Bytes.ofUtf8("abc"));
    }

    @Test
    void jsonRoundTripsAndRejectsLikeGo() throws Exception {
        Holder h =
                PLAIN.readValue("{\"caBundle\":\"aGVsbG8=\",\"data\":{\"k\":\"d29ybGQ=\",\"e\":\"\"}}", Holder.class);
        assertThat(h.caBundle().toUtf8String()).isEqualTo("hello");
        assertThat(h.data().get("k").toUtf8String()).isEqualTo("world");
        assertThat(PLAIN.writeValueAsString(h))
                .isEqualTo("{\"caBundle\":\"aGVsbG8=\",\"data\":{\"k\":\"d29ybGQ=\",\"e\":\"\"}}");
        assertThatThrownBy(() -> PLAIN.readValue("{\"caBundle\":\"aGVsbG8\"}", Holder.class))
                .hasRootCauseMessage("illegal base64 data at input byte 4");
        assertThatThrownBy(() -> PLAIN.readValue("{\"caBundle\":1}", Holder.class))
                .hasRootCauseMessage("json: cannot unmarshal number into Go value of type []uint8");
    }
}

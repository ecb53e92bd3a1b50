package cloud.gardener.apiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** encoding/json's texts for invalid documents (its scanner's errors, as json.Unmarshal returns them). */
class GoJsonSyntaxTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "``|unexpected end of JSON input",
                "`{\"metadata\":{\"name\":\"a\"}`|unexpected end of JSON input",
                "`{\"a\":\"b`|unexpected end of JSON input",
                "`{\"a\":1,}`|invalid character '}' looking for beginning of object key string",
                "`{a:1}`|invalid character 'a' looking for beginning of object key string",
                "`{\"a\" 1}`|invalid character '1' after object key",
                "`{\"a\":1 \"b\":2}`|invalid character '\"' after object key:value pair",
                "`[1 2]`|invalid character '2' after array element",
                "`[1,]`|invalid character ']' looking for beginning of value",
                "`{\"a\":tru}`|invalid character '}' in literal true (expecting 'e')",
                "`{\"a\":nul1}`|invalid character '1' in literal null (expecting 'l')",
                "`{\"a\":-x}`|invalid character 'x' in numeric literal",
                "`{\"a\":1.}`|invalid character '}' after decimal point in numeric literal",
                "`{\"a\":1e}`|invalid character '}' in exponent of numeric literal",
                "`{\"a\":01}`|invalid character '1' after object key:value pair",
                "`{\"a\":\"\\x\"}`|invalid character 'x' in string escape code",
                "`{\"a\":\"\\u12g4\"}`|invalid character 'g' in \\u hexadecimal character escape",
                "`{} {}`|invalid character '{' after top-level value",
                "`'a'`|invalid character '\\'' looking for beginning of value",
            })
    void answersAsEncodingJson(String json, String error) {
        assertThat(GoJsonSyntax.error(json.getBytes(StandardCharsets.UTF_8))).isEqualTo(error);
    }

    @org.junit.jupiter.api.Test
    void controlCharactersAreQuotedAsGoQuotesThem() {
        assertThat(GoJsonSyntax.error("{\"a\":\"\n\"}".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("invalid character '\\n' in string literal");
        assertThat(GoJsonSyntax.error(new byte[] {'{', 0}))
                .isEqualTo("invalid character '\\x00' looking for beginning " + "of object key string");
        // Go's string(byte) makes U+00A0 and U+00AD of these bytes, neither printable
        assertThat(GoJsonSyntax.error(new byte[] {'{', (byte) 0xa0})).startsWith("invalid character '\\u00a0'");
        assertThat(GoJsonSyntax.error(new byte[] {'{', (byte) 0xad})).startsWith("invalid character '\\u00ad'");
        assertThat(GoJsonSyntax.error(new byte[] {'{', (byte) 0xe9})).startsWith("invalid character 'é'");
    }
}

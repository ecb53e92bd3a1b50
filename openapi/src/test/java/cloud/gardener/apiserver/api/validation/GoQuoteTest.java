package cloud.gardener.apiserver.api.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Expected strings are what Go's {@code strconv.Quote} returns for the same runes. */
class GoQuoteTest {

    @Test
    void quotesAndBackslashesAreEscaped() {
        assertThat(GoQuote.quote("a\"b\\c")).isEqualTo("\"a\\\"b\\\\c\"");
        assertThat(GoQuote.quote("")).isEqualTo("\"\"");
    }

    @Test
    void nonAsciiLettersNumbersAndSymbolsArePrintedAsTheyAre() {
        assertThat(GoQuote.quote("é日本Ж٣€\uD83D\uDE00")).isEqualTo("\"é日本Ж٣€\uD83D\uDE00\"");
    }

    @Test
    void controlCharactersUseGosShortEscapesThenHex() {
        assertThat(GoQuote.quote("\u0007\b\f\n\r\t\u000b")).isEqualTo("\"\\a\\b\\f\\n\\r\\t\\v\"");
        assertThat(GoQuote.quote("\u0000\u001b\u007f")).isEqualTo("\"\\x00\\x1b\\x7f\"");
        // C1 controls are not below ' ': Go writes them as \\u escapes
        assertThat(GoQuote.quote("\u0085")).isEqualTo("\"\\u0085\"");
    }

    @Test
    void spacesOtherThanAsciiFormatPrivateUseAndUnassignedAreEscaped() {
        assertThat(GoQuote.quote(" ")).isEqualTo("\" \"");
        assertThat(GoQuote.quote("\u00a0\u00ad\u200b\u2028\u3000\ue000\u0378"))
                .isEqualTo("\"\\u00a0\\u00ad\\u200b\\u2028\\u3000\\ue000\\u0378\"");
        assertThat(GoQuote.quote(new String(Character.toChars(0xF0000)))).isEqualTo("\"\\U000f0000\"");
    }

    @Test
    void aLoneSurrogateIsTheReplacementCharacterGosDecodersMakeOfIt() {
        assertThat(GoQuote.quote("\ud800x")).isEqualTo("\"\ufffdx\"");
        assertThat(GoQuote.quote("x\udc00")).isEqualTo("\"x\ufffd\"");
        assertThat(GoQuote.quote("\udc00\ud800")).isEqualTo("\"\ufffd\ufffd\"");
    }

    @Test
    void isPrintAndIsControlFollowGosUnicodePackage() {
        assertThat(GoQuote.isPrint(' ')).isTrue();
        assertThat(GoQuote.isPrint('é')).isTrue();
        assertThat(GoQuote.isPrint(0x3000)).isFalse();
        assertThat(GoQuote.isPrint(0xad)).isFalse();
        assertThat(GoQuote.isPrint(0xd800)).isFalse();
        assertThat(GoQuote.isControl(0x85)).isTrue();
        assertThat(GoQuote.isControl(0x7f)).isTrue();
        assertThat(GoQuote.isControl(0xad)).isFalse();
    }
}

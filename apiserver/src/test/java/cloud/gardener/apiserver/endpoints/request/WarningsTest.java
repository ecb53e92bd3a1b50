package cloud.gardener.apiserver.endpoints.request;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class WarningsTest {

    static Stream<Arguments> headers() {
        return Stream.of(
                Arguments.of(299, "", "unknown field \"spec.foo\"", "299 - \"unknown field \\\"spec.foo\\\"\""),
                Arguments.of(299, "-", "a\\b", "299 - \"a\\\\b\""),
                Arguments.of(299, "agent", "ünïcode ✓", "299 agent \"ünïcode ✓\""),
                Arguments.of(7, "", "x", "007 - \"x\""),
                Arguments.of(299, "", "tab\there", null),
                Arguments.of(299, "", "del\u007f", null),
                Arguments.of(299, "has space", "x", null),
                Arguments.of(299, "quo\"te", "x", null),
                Arguments.of(1000, "", "x", null),
                Arguments.of(-1, "", "x", null));
    }

    @ParameterizedTest
    @MethodSource("headers")
    void formatsLikeNewWarningHeader(int code, String agent, String text, String expected) {
        assertThat(Warnings.header(code, agent, text)).isEqualTo(Optional.ofNullable(expected));
    }

    @Test
    void deduplicatesAndKeepsOrder() {
        Warnings w = new Warnings();
        w.add("b");
        w.add("a");
        w.add("b");
        w.add("");
        w.add("bad\ncontrol");
        assertThat(w.headerValues()).containsExactly("299 - \"b\"", "299 - \"a\"");
    }

    @Test
    void truncatesEverythingOnceTheTotalPasses4KiRunes() {
        Warnings w = new Warnings();
        String big = "x".repeat(3000);
        w.add(big);
        assertThat(w.headerValues()).containsExactly("299 - \"" + big + "\"");
        String second = "y".repeat(1500);
        w.add(second);
        // over 4096: the first is replayed truncated to 256 runes, the second too
        assertThat(w.headerValues())
                .containsExactly("299 - \"" + "x".repeat(256) + "\"", "299 - \"" + "y".repeat(256) + "\"");
        w.add("z".repeat(300));
        assertThat(w.headerValues()).hasSize(3).last().isEqualTo("299 - \"" + "z".repeat(256) + "\"");
    }

    @Test
    void truncationCountsRunesNotChars() {
        Warnings w = new Warnings();
        w.add("a".repeat(4096));
        String emoji = "\uD83D\uDE00".repeat(300);
        w.add(emoji);
        assertThat(w.headerValues().get(1)).isEqualTo("299 - \"" + "\uD83D\uDE00".repeat(256) + "\"");
    }

    @Test
    void stopsRecordingOnceTruncatedBudgetIsSpent() {
        Warnings w = new Warnings();
        for (int i = 0; i < 40; i++) {
            w.add(i + "-" + "w".repeat(300));
        }
        // truncating: 256 runes each, recording stops once 4096 runes are written
        assertThat(w.headerValues()).hasSize(16);
    }
}

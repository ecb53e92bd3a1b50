package cloud.gardener.apiserver.api.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The hand-written matchers accept exactly what apimachinery's regular expressions accept. */
class NameFormatsTest {

    /** Each class of character the expressions tell apart, and some they all refuse. */
    private static final String ALPHABET = "aZ0-._%/é ";

    /** Every string of the alphabet up to five characters long, and some longer ones. */
    private static List<String> strings() {
        List<String> all = new ArrayList<>(List.of(
                "my-name",
                "123-abc",
                "example.com",
                "a..b",
                "-a",
                "a-",
                "MyName",
                "my.name",
                "my_value",
                "12345",
                "93%",
                "%",
                "1%%",
                "a.b.c-d.e"));
        List<String> shorter = List.of("");
        all.add("");
        for (int length = 1; length <= 5; length++) {
            List<String> longer = new ArrayList<>();
            for (String s : shorter) {
                for (int i = 0; i < ALPHABET.length(); i++) {
                    longer.add(s + ALPHABET.charAt(i));
                }
            }
            all.addAll(longer);
            shorter = longer;
        }
        return all;
    }

    @Test
    void eachMatcherAcceptsWhatItsExpressionMatches() {
        Pattern label = Pattern.compile(NameFormats.DNS1123_LABEL_FMT);
        Pattern subdomain = Pattern.compile(NameFormats.DNS1123_SUBDOMAIN_FMT);
        Pattern qualified = Pattern.compile(NameFormats.QUALIFIED_NAME_FMT);
        Pattern labelValue = Pattern.compile(NameFormats.LABEL_VALUE_FMT);
        Pattern percent = Pattern.compile(NameFormats.PERCENT_FMT);
        int accepted = 0;
        for (String s : strings()) {
            assertThat(NameFormats.isDns1123Label(s, 0, s.length()))
                    .as("label %s", s)
                    .isEqualTo(label.matcher(s).matches());
            assertThat(NameFormats.isDns1123Subdomain(s))
                    .as("subdomain %s", s)
                    .isEqualTo(subdomain.matcher(s).matches());
            assertThat(NameFormats.isQualifiedName(s))
                    .as("qualified name %s", s)
                    .isEqualTo(qualified.matcher(s).matches());
            assertThat(NameFormats.labelValue(s).stream().noneMatch(e -> e.startsWith("a valid label")))
                    .as("label value %s", s)
                    .isEqualTo(labelValue.matcher(s).matches());
            assertThat(NameFormats.isPercent(s))
                    .as("percent %s", s)
                    .isEqualTo(percent.matcher(s).matches());
            accepted += subdomain.matcher(s).matches() ? 1 : 0;
        }
        assertThat(accepted).as("the strings include valid ones").isGreaterThan(100);
    }

    @Test
    void aLabelWithDotsIsAValidSubdomainAndSaysSo() {
        assertThat(NameFormats.dns1123Label("a.b")).containsExactly("must not contain dots");
        assertThat(NameFormats.dns1123Label("a_b"))
                .hasSize(1)
                .allMatch(e -> e.startsWith("a lowercase RFC 1123 label"));
        assertThat(NameFormats.dns1123Label("ab")).isEmpty();
    }
}

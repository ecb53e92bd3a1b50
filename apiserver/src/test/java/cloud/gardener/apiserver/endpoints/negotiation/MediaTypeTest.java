package cloud.gardener.apiserver.endpoints.negotiation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MediaTypeTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "application/json|application/json",
                "Application/JSON|application/json",
                "application/json; charset=utf-8|application/json",
                "application/json;charset=\"utf-8\"|application/json",
                "application/yaml;|application/yaml",
                " application/yaml |application/yaml",
                "json|json"
            })
    void parsesContentTypes(String value, String essence) {
        assertThat(MediaType.parse(value).essence()).isEqualTo(essence);
    }

    @Test
    void keepsParametersWithLowerCaseNames() {
        MediaType m = MediaType.parse("application/json; Charset=UTF-8; x=\"a\\\"b\"");
        assertThat(m.params()).containsExactly(Map.entry("charset", "UTF-8"), Map.entry("x", "a\"b"));
        assertThat(m.param("CHARSET")).isEqualTo("UTF-8");
        assertThat(m.q()).isEqualTo(1.0);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "''|mime: no media type",
                "/json|mime: no media type",
                "application/|mime: expected token after slash",
                "application json|mime: expected slash after first token",
                "application/json/x|mime: unexpected content after media subtype",
                "application/json; charset|mime: invalid media parameter",
                "application/json; a=1; a=2|mime: duplicate parameter name",
                "application/json; a=\"open|mime: invalid media parameter"
            })
    void rejectsMalformedContentTypes(String value, String message) {
        assertThatThrownBy(() -> MediaType.parse(value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void parsesAcceptClausesInHeaderOrderWhenEquallyPreferred() {
        List<MediaType> clauses = MediaType.parseAccept(
                "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json");
        assertThat(clauses)
                .extracting(MediaType::essence)
                .containsExactly("application/json", "application/json", "application/json");
        assertThat(clauses.get(0).params())
                .containsExactly(Map.entry("as", "Table"), Map.entry("v", "v1"), Map.entry("g", "meta.k8s.io"));
        assertThat(clauses.get(1).param("v")).isEqualTo("v1beta1");
        assertThat(clauses.get(2).params()).isEmpty();
    }

    @Test
    void sortsByQualityThenSpecificity() {
        assertThat(MediaType.parseAccept("application/yaml;q=0.5, application/json;q=0.9, */*;q=1"))
                .extracting(MediaType::essence)
                .containsExactly("*/*", "application/json", "application/yaml");
        assertThat(MediaType.parseAccept("*/*, application/*, application/yaml"))
                .extracting(MediaType::essence)
                .containsExactly("application/yaml", "application/*", "*/*");
    }

    @Test
    void toleratesJunkLikeGoautoneg() {
        List<MediaType> clauses = MediaType.parseAccept("text, a/b/c, , *, application/json;q=abc;x;y=1=2;z=3=");
        // goautoneg's "less" puts a concrete type before a wildcard even when its q is lower
        assertThat(clauses).extracting(MediaType::essence).containsExactly("application/json", "*/*");
        MediaType json = clauses.get(0);
        assertThat(json.q()).isZero();
        assertThat(json.params()).containsExactly(Map.entry("z", "3"));
        assertThat(MediaType.parseAccept("application/json;q=0.25").get(0).q()).isEqualTo(0.25);
        assertThat(MediaType.parseAccept("application/json;q= 1").get(0).q()).isZero();
        assertThat(MediaType.parseAccept(null)).isEmpty();
    }
}

package cloud.gardener.apiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A request target's query as every reader sees it: decoded once, names case-sensitive as Go's {@code URL.Query()},
 * and a broken pair dropped with the others kept.
 */
class QueryParametersTest {

    @Test
    void aTargetWithoutQueryHasNoParameters() {
        assertThat(QueryParameters.of("/api/v1/namespaces/default/configmaps/x"))
                .isEmpty();
        assertThat(QueryParameters.of("/api/v1/namespaces?")).isEmpty();
    }

    @Test
    void pairsDecodeInOrderWithRepeatedNamesKept() {
        Map<String, List<String>> query =
                QueryParameters.of("/api/v1/pods?labelSelector=app%3Dweb&dryRun=All&dryRun=All&watch&q=a+b");
        assertThat(query)
                .containsExactly(
                        Map.entry("labelSelector", List.of("app=web")),
                        Map.entry("dryRun", List.of("All", "All")),
                        Map.entry("watch", List.of("")),
                        Map.entry("q", List.of("a b")));
    }

    @Test
    void namesAreCaseSensitiveAsGosQuery() {
        Map<String, List<String>> query = QueryParameters.of("/api/v1/pods?Timeout=1s&timeout=2s");
        assertThat(query.get("timeout")).containsExactly("2s");
        assertThat(query.get("Timeout")).containsExactly("1s");
    }

    @Test
    void aBrokenPairIsDroppedAndTheOthersKept() {
        Map<String, List<String>> query = QueryParameters.of("/api/v1/namespaces?a=%zz&limit=1&b=%4&c;d=1&%41=%42");
        assertThat(query).containsExactly(Map.entry("limit", List.of("1")), Map.entry("A", List.of("B")));
    }

    @Test
    void escapesAreCheckedForTwoHexDigits() {
        assertThat(QueryParameters.validEscapes("/a%2Fb")).isTrue();
        assertThat(QueryParameters.validEscapes("/a%2")).isFalse();
        assertThat(QueryParameters.validEscapes("/a%zz")).isFalse();
    }
}

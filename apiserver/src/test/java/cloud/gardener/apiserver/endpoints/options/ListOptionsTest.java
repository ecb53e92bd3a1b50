package cloud.gardener.apiserver.endpoints.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.StatusCause;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ListOptionsTest {

    @Test
    void decodesEveryField() {
        ListOptions o = ListOptions.parse(Queries.of("labelSelector=a=b&fieldSelector=metadata.name=x"
                + "&resourceVersion=5&resourceVersionMatch=NotOlderThan&limit=500&allowWatchBookmarks=true"
                + "&timeoutSeconds=30&limit=1"));
        assertThat(o)
                .isEqualTo(new ListOptions(
                        "a=b", "metadata.name=x", "5", "NotOlderThan", 500L, null, false, true, 30L, null));
        assertThat(ListOptions.parse(Queries.of("continue=tok&limit=5")).continueToken())
                .isEqualTo("tok");
        assertThat(o.hasLimit()).isTrue();
        assertThat(ListOptions.parse(Queries.of("")))
                .isEqualTo(new ListOptions(null, null, null, null, null, null, false, false, null, null));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "limit=abc|strconv.ParseInt: parsing \"abc\": invalid syntax",
                "limit=1.5|strconv.ParseInt: parsing \"1.5\": invalid syntax",
                "limit=|strconv.ParseInt: parsing \"\": invalid syntax",
                "limit=99999999999999999999|strconv.ParseInt: parsing \"99999999999999999999\": value out of range",
                "limit=x&timeoutSeconds=y|strconv.ParseInt: parsing \"y\": invalid syntax"
            })
    void badIntegersAre400(String query, String message) {
        assertThatThrownBy(() -> ListOptions.parse(Queries.of(query)))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(400))
                .hasMessage(message);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"limit=+5|5", "limit=-3|-3", "limit=0|0"})
    void integersFollowGo(String query, long limit) {
        assertThat(ListOptions.parse(Queries.of(query)).limit()).isEqualTo(limit);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // list
                "resourceVersionMatch=Exact|resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided",
                "resourceVersionMatch=NotOlderThan|resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided",
                "resourceVersionMatch=Exact&resourceVersion=0|resourceVersionMatch: Forbidden: resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\"",
                "resourceVersionMatch=Exact&resourceVersion=5&continue=x|resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided",
                "resourceVersionMatch=exact&resourceVersion=5|resourceVersionMatch: Unsupported value: \"exact\": supported values: \"Exact\", \"NotOlderThan\", \"\"",
                "resourceVersionMatch=Foo|[resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided, resourceVersionMatch: Unsupported value: \"Foo\": supported values: \"Exact\", \"NotOlderThan\", \"\"]",
                "sendInitialEvents=true|sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list",
                "sendInitialEvents=false|sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list",
                // watch
                "watch=true&sendInitialEvents=true|resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan",
                "watch=true&resourceVersion=5&resourceVersionMatch=NotOlderThan|resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided",
                "watch=true&sendInitialEvents=true&resourceVersionMatch=Exact|[resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan, resourceVersionMatch: Unsupported value: \"Exact\": supported values: \"NotOlderThan\"]",
                "watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&continue=c|resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided"
            })
    void invalidCombinationsAre422(String query, String detail) {
        assertThatThrownBy(() -> ListOptions.parse(Queries.of(query)))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(422);
                    assertThat(e.reason()).isEqualTo("Invalid");
                    assertThat(e.status().details().kind()).isEqualTo("ListOptions");
                    assertThat(e.status().details().group()).isEqualTo("meta.k8s.io");
                })
                .hasMessage("ListOptions.meta.k8s.io \"\" is invalid: " + detail);
    }

    @Test
    void causesCarryFieldAndReason() {
        assertThatThrownBy(() -> ListOptions.parse(Queries.of("sendInitialEvents=true")))
                .isInstanceOfSatisfying(
                        ApiException.class,
                        e -> assertThat(e.status().details().causes())
                                .containsExactly(new StatusCause(
                                        "FieldValueForbidden",
                                        "Forbidden: sendInitialEvents is forbidden for list",
                                        "sendInitialEvents")));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "null",
            value = {
                // query | watch | sendInitialEvents | match | watchList
                "watch=true|true|true|NotOlderThan|false",
                "watch=true&resourceVersion=0&allowWatchBookmarks=true|true|true|NotOlderThan|true",
                "watch=true&resourceVersion=7|true|null|null|false",
                "watch=true&sendInitialEvents=false&resourceVersionMatch=NotOlderThan|true|false|NotOlderThan|false",
                "watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=1|true|true|NotOlderThan|true",
                "watch=false|false|null|null|false",
                "resourceVersion=5&resourceVersionMatch=Exact|false|null|Exact|false"
            })
    void watchListDefaultsOfKubernetes132(
            String query, boolean watch, Boolean initial, String match, boolean watchList) {
        ListOptions o = ListOptions.parse(Queries.of(query));
        assertThat(o.watch()).isEqualTo(watch);
        assertThat(o.sendInitialEvents()).isEqualTo(initial);
        assertThat(o.resourceVersionMatch()).isEqualTo(match);
        assertThat(o.isWatchList()).isEqualTo(watchList);
    }

    @Test
    void forcedWatchValidatesLikeAListButWatches() {
        ListOptions o = ListOptions.parse(Queries.of("resourceVersion=3"), true);
        assertThat(o.watch()).isTrue();
        assertThatThrownBy(() -> ListOptions.parse(Queries.of("sendInitialEvents=true"), true))
                .hasMessageContaining("sendInitialEvents is forbidden for list");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "continue=t&resourceVersion=5|true",
                "continue=t&resourceVersion=0|false",
                "continue=t|false",
                "resourceVersion=5|false"
            })
    void resourceVersionWithContinue(String query, boolean fails) {
        ListOptions o = ListOptions.parse(Queries.of(query));
        if (fails) {
            assertThatThrownBy(o::checkContinueResourceVersion)
                    .isInstanceOfSatisfying(
                            ApiException.class, e -> assertThat(e.code()).isEqualTo(400))
                    .hasMessage("specifying resource version is not allowed when using continue");
        } else {
            o.checkContinueResourceVersion();
        }
    }
}

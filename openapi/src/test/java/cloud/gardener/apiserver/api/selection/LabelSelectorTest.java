package cloud.gardener.apiserver.api.selection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.ApiException;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class LabelSelectorTest {

    private static final String QNAME_RULE = "must consist of alphanumeric characters, '-', '_' or '.', and must "
            + "start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used "
            + "for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    private static final String VALUE_RULE = "a valid label must be an empty string or consist of alphanumeric "
            + "characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  "
            + "or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

    static Stream<Arguments> matching() {
        Map<String, String> prod = Map.of("env", "prod", "tier", "web", "n", "6");
        Map<String, String> none = Map.of();
        return Stream.of(
                Arguments.of("", prod, true),
                Arguments.of("", none, true),
                Arguments.of("env=prod", prod, true),
                Arguments.of("env==prod", prod, true),
                Arguments.of("env=dev", prod, false),
                Arguments.of("env=prod", none, false),
                Arguments.of("env!=prod", prod, false),
                Arguments.of("env!=dev", prod, true),
                Arguments.of("env!=prod", none, true),
                Arguments.of("env in (dev,prod)", prod, true),
                Arguments.of("env in (dev)", prod, false),
                Arguments.of("env in (dev,prod)", none, false),
                Arguments.of("env notin (dev,prod)", prod, false),
                Arguments.of("env notin (dev)", prod, true),
                Arguments.of("env notin (dev)", none, true),
                Arguments.of("env", prod, true),
                Arguments.of("env", none, false),
                Arguments.of("!env", prod, false),
                Arguments.of("!env", none, true),
                Arguments.of("n>5", prod, true),
                Arguments.of("n>6", prod, false),
                Arguments.of("n<7", prod, true),
                Arguments.of("n<6", prod, false),
                Arguments.of("tier>5", prod, false),
                Arguments.of("n>5", none, false),
                Arguments.of("env=prod,tier=web", prod, true),
                Arguments.of("env=prod,tier=db", prod, false),
                Arguments.of("env=prod,!missing,tier in (web)", prod, true),
                Arguments.of("  env  =  prod  ,  tier  ", prod, true),
                Arguments.of("env=", Map.of("env", ""), true),
                Arguments.of("env in ()", Map.of("env", ""), true),
                Arguments.of("env in (,x)", Map.of("env", ""), true),
                Arguments.of("x in (in,notin)", Map.of("x", "notin"), true),
                Arguments.of("in=notin", Map.of("in", "notin"), true),
                Arguments.of("example.com/role=a_b.c-d", Map.of("example.com/role", "a_b.c-d"), true));
    }

    @ParameterizedTest(name = "[{0}] on {1} -> {2}")
    @MethodSource("matching")
    void matches(String selector, Map<String, String> labels, boolean expected) {
        assertThat(LabelSelector.parse(selector).matches(labels)).isEqualTo(expected);
    }

    static Stream<Arguments> errors() {
        return Stream.of(
                Arguments.of("a b", "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt"),
                Arguments.of("x=a,", "found '', expected: identifier after ','"),
                Arguments.of(",x", "found ',', expected: !, identifier, or 'end of string'"),
                Arguments.of("=x", "found '=', expected: !, identifier, or 'end of string'"),
                Arguments.of("x in a", "unable to parse requirement: found 'a' expected: '('"),
                Arguments.of("x in (a", "unable to parse requirement: found '', expected: ',' or ')'"),
                Arguments.of("x in (a b)", "unable to parse requirement: found 'b', expected: ',' or ')'"),
                Arguments.of("x in (=)", "unable to parse requirement: found '=', expected: ',', ')' or identifier"),
                Arguments.of("x in (a))", "found ')', expected: ',' or 'end of string'"),
                Arguments.of("x=a b", "found 'b', expected: ',' or 'end of string'"),
                Arguments.of("!x=a", "found '=', expected: ',' or 'end of string'"),
                Arguments.of("!", "unable to parse requirement: found '', expected: identifier"),
                Arguments.of("x=(", "unable to parse requirement: found '(', expected: identifier"),
                Arguments.of(
                        "x>a",
                        "unable to parse requirement: values[0]: Invalid value: \"a\": "
                                + "for 'Gt', 'Lt' operators, the value must be an integer"),
                Arguments.of(
                        "-x", "unable to parse requirement: <nil>: Invalid value: \"-x\": name part " + QNAME_RULE),
                Arguments.of(
                        "/x",
                        "unable to parse requirement: <nil>: Invalid value: \"/x\": prefix part must be non-empty"),
                Arguments.of(
                        "a/b/c",
                        "unable to parse requirement: <nil>: Invalid value: \"a/b/c\": a qualified name " + QNAME_RULE
                                + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"),
                Arguments.of("x=-a", "unable to parse requirement: values[0][x]: Invalid value: \"-a\": " + VALUE_RULE),
                Arguments.of(
                        "x in (b,-a)",
                        "unable to parse requirement: values[0][x]: Invalid value: \"-a\": " + VALUE_RULE),
                Arguments.of(
                        "x in (-b,-a)",
                        "unable to parse requirement: [values[0][x]: Invalid value: \"-a\": " + VALUE_RULE
                                + ", values[1][x]: Invalid value: \"-b\": " + VALUE_RULE + "]"),
                Arguments.of(
                        "x=" + "a".repeat(64),
                        "unable to parse requirement: values[0][x]: Invalid value: \"" + "a".repeat(64)
                                + "\": must be no more than 63 characters"));
    }

    @ParameterizedTest(name = "[{0}]")
    @MethodSource("errors")
    void rejectsWithKubernetesMessages(String selector, String message) {
        assertThatThrownBy(() -> LabelSelector.parse(selector)).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(400);
            assertThat(e.reason()).isEqualTo("BadRequest");
            assertThat(e.getMessage()).isEqualTo(message);
        });
    }

    @Test
    void requirementsAreSortedByKeyWithSortedDistinctValues() {
        LabelSelector selector = LabelSelector.parse("b=1,a in (y,x,y),!c");
        assertThat(selector.requirements())
                .containsExactly(
                        new LabelRequirement("a", SelectionOperator.IN, List.of("x", "y")),
                        new LabelRequirement("b", SelectionOperator.EQUALS, List.of("1")),
                        new LabelRequirement("c", SelectionOperator.DOES_NOT_EXIST, List.of()));
        assertThat(selector).hasToString("a in (x,y),b=1,!c");
        assertThat(LabelSelector.parse("x notin (a),y==2,z>3,w<4,v!=5,u").toString())
                .isEqualTo("u,v!=5,w<4,x notin (a),y==2,z>3");
    }

    @Test
    void emptinessAndExactMatch() {
        assertThat(LabelSelector.parse(null).isEmpty()).isTrue();
        assertThat(LabelSelector.parse("").isEmpty()).isTrue();
        assertThat(LabelSelector.parse("  ").isEmpty()).isTrue();
        assertThat(LabelSelector.parse("a").isEmpty()).isFalse();
        assertThat(LabelSelector.parse("a=b,c in (d)").requiresExactMatch("a")).contains("b");
        assertThat(LabelSelector.parse("a=b,c in (d)").requiresExactMatch("c")).contains("d");
        assertThat(LabelSelector.parse("c in (d,e)").requiresExactMatch("c")).isEmpty();
        assertThat(LabelSelector.parse("a!=b").requiresExactMatch("a")).isEmpty();
        assertThat(LabelSelector.parse("a=b").matches(null)).isFalse();
    }
}

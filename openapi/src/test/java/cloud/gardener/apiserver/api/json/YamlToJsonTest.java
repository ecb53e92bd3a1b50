package cloud.gardener.apiserver.api.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The JSON sigs.k8s.io/yaml's YAMLToJSON (go-yaml v2) makes of each document, and its errors. */
class YamlToJsonTest {

    private static String json(String yaml) throws IOException {
        return Json.toJson(YamlToJson.readTree(yaml));
    }

    private static YamlToJson.Decoded decode(String yaml) throws IOException {
        return YamlToJson.decode(yaml.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aliasesAreExpandedToTheAnchoredValue() throws IOException {
        assertThat(json("data: {a: &x foo, b: *x}")).isEqualTo("{\"data\":{\"a\":\"foo\",\"b\":\"foo\"}}");
        assertThat(json("a: &m {k: [1, 2]}\nb: *m")).isEqualTo("{\"a\":{\"k\":[1,2]},\"b\":{\"k\":[1,2]}}");
    }

    @Test
    void mergeKeysInsertInDocumentOrderAsGoYamlV2() throws IOException {
        assertThat(json("base: &b {x: 1, z: 2}\nd:\n  <<: *b\n  z: 3"))
                .isEqualTo("{\"base\":{\"x\":1,\"z\":2},\"d\":{\"x\":1,\"z\":3}}");
        // a merge after an explicit key overwrites it in go-yaml v2
        assertThat(json("base: &b {x: 1}\nd:\n  x: 9\n  <<: *b")).isEqualTo("{\"base\":{\"x\":1},\"d\":{\"x\":1}}");
        // in a list of maps, earlier maps win
        assertThat(json("a: &a {x: 1}\nb: &b {x: 2, z: 2}\nd: {<<: [*a, *b]}")).endsWith("\"d\":{\"x\":1,\"z\":2}}");
        assertThatThrownBy(() -> json("a: &a [1]\nd: {<<: *a}"))
                .isInstanceOf(YamlDecodingException.class)
                .hasMessage("yaml: map merge requires map or sequence of maps as the value");
        // a quoted "<<" is an ordinary key
        assertThat(json("d: {'<<': {x: 1}}")).isEqualTo("{\"d\":{\"<<\":{\"x\":1}}}");
    }

    @Test
    void scalarsResolveAsYaml11InGoYaml() throws IOException {
        assertThat(json("[yes, No, on, OFF, y, true, ~, null, '', 0x1F, 017, 0o17, 0b11, 1_000, -5, 1.5, 2.0, 1e3, "
                        + "12345678901, 18446744073709551615, .5, 2001-12-14, '1', 08, 1e400, foo]"))
                .isEqualTo("[true,false,true,false,true,true,null,null,\"\",31,15,15,3,1000,-5,1.5,2,1000,"
                        + "12345678901,18446744073709551615,0.5,\"2001-12-14\",\"1\",8,\"1e400\",\"foo\"]");
    }

    @Test
    void tagsAreHonouredAndUnknownOnesReadAsStrings() throws IOException {
        assertThat(json("[!!str 12, !!int '12', !!float 1, !!bool yes, !!binary aGVsbG8=, !custom 7, ! 8, "
                        + "!!null '', !!timestamp 2001-12-14]"))
                .isEqualTo("[\"12\",12,1,true,\"hello\",\"7\",\"8\",null,\"2001-12-14\"]");
        assertThat(json("b: !!binary |\n  aGVs\n  bG8=\n")).isEqualTo("{\"b\":\"hello\"}");
        assertThatThrownBy(() -> json("a: !!int foo")).hasMessage("yaml: cannot decode !!str `foo` as a !!int");
        assertThatThrownBy(() -> json("a: !!binary '%%%'"))
                .hasMessage("yaml: !!binary value contains invalid base64 data");
    }

    @Test
    void keysBecomeStringsSortedAsGoWritesThem() throws IOException {
        // "y" is YAML 1.1's true: as a key it is "true", as in kube-apiserver
        assertThat(json("{b: 1, a: 2, 1: x, true: y, 1.5: z, y: w}"))
                .isEqualTo("{\"1\":\"x\",\"1.5\":\"z\",\"a\":2,\"b\":1,\"true\":\"w\"}");
        assertThatThrownBy(() -> json("{~: 1}")).hasMessageStartingWith("unsupported map key of type: %!s(<nil>)");
        assertThatThrownBy(() -> json("{[1]: 1}")).hasMessageStartingWith("yaml: invalid map key: []interface {}{1}");
    }

    @Test
    void valuesWithoutAJsonFormAreRefusedAsGoEncodesThem() {
        assertThatThrownBy(() -> json("a: .nan")).hasMessage("json: unsupported value: NaN");
        assertThatThrownBy(() -> json("a: -.inf")).hasMessage("json: unsupported value: -Inf");
    }

    @Test
    void duplicateKeysKeepTheLastValueAndAreReportedAsGoYamlStrictDoes() throws IOException {
        YamlToJson.Decoded d = decode("metadata:\n  name: a\n  name: b\ndata:\n  k: 1\n  k: 2\n");

        assertThat(Json.toJson(d.tree())).isEqualTo("{\"data\":{\"k\":2},\"metadata\":{\"name\":\"b\"}}");
        assertThat(d.duplicateKeys())
                .containsExactly("line 3: key \"name\" already set in map", "line 6: key \"k\" already set in map");
        assertThat(decode("a: 1\nb: 2").duplicateKeys()).isEmpty();
    }

    @Test
    void onlyTheFirstDocumentIsRead() throws IOException {
        assertThat(json("a: 1\n---\nb: 2\n")).isEqualTo("{\"a\":1}");
        // go-yaml stops after the first document: what follows is never parsed
        assertThat(json("---\na: 1\n---\n: : [\n")).isEqualTo("{\"a\":1}");
        assertThat(YamlToJson.readTree("").isNull()).isTrue();
        assertThat(YamlToJson.readTree("# only a comment\n").isNull()).isTrue();
    }

    @Test
    void billionLaughsIsRefusedAsExcessiveAliasing() {
        StringBuilder doc =
                new StringBuilder("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (char c = 'b'; c <= 'i'; c++) {
            char p = (char) (c - 1);
            doc.append(c).append(": &").append(c).append(" [");
            for (int i = 0; i < 9; i++) {
                doc.append(i == 0 ? "" : ",").append('*').append(p);
            }
            doc.append("]\n");
        }
        long start = System.nanoTime();
        assertThatThrownBy(() -> json(doc.toString()))
                .isInstanceOf(YamlDecodingException.class)
                .hasMessage("yaml: document contains excessive aliasing");
        assertThat(System.nanoTime() - start).isLessThan(2_000_000_000L);
    }

    @Test
    void modestAliasFanOutIsAccepted() throws IOException {
        StringBuilder doc = new StringBuilder("base: &b {k: v}\nitems:\n");
        for (int i = 0; i < 500; i++) {
            doc.append("- *b\n");
        }
        JsonNode tree = YamlToJson.readTree(doc.toString());
        assertThat(tree.get("items")).hasSize(500);
        assertThat(tree.at("/items/499/k").asText()).isEqualTo("v");
    }

    @Test
    void anAliasInsideItsOwnAnchorIsRefused() {
        assertThatThrownBy(() -> json("a: &x [*x]")).hasMessage("yaml: anchor 'x' value contains itself");
        assertThatThrownBy(() -> json("a: *nope")).hasMessage("yaml: unknown anchor 'nope' referenced");
    }

    @Test
    void syntaxErrorsCarryGoYamlsLineAndWords() {
        assertThatThrownBy(() -> json("a: 1\nb: c: d\n"))
                .hasMessage("yaml: line 2: mapping values are not allowed in this context");
        assertThatThrownBy(() -> json("a: [1, 2\n"))
                .isInstanceOf(YamlDecodingException.class)
                .hasMessageStartingWith("yaml: ");
    }

    @Test
    void nestingIsBounded() {
        String deep = "[".repeat(YamlToJson.MAX_DEPTH + 1) + "]".repeat(YamlToJson.MAX_DEPTH + 1);
        assertThatThrownBy(() -> json(deep)).hasMessage("yaml: exceeded max depth of " + YamlToJson.MAX_DEPTH);
    }

    @Test
    void jsonIsYaml() throws IOException {
        assertThat(json("{\"kind\":\"Secret\",\"data\":{\"a\":\"Zm9v\"},\"n\":1.50}"))
                .isEqualTo("{\"data\":{\"a\":\"Zm9v\"},\"kind\":\"Secret\",\"n\":1.5}");
    }
}

package cloud.gardener.apiserver.api.conversion;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InputConversionsTest {

    private static final GroupVersionKind SECRET = new GroupVersionKind("", "v1", "Secret");
    private static final GroupVersionKind INTERNAL_SECRET =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "InternalSecret");

    private static ObjectNode json(String s) throws IOException {
        return (ObjectNode) Json.MAPPER.readTree(s.replace('\'', '"'));
    }

    private static ObjectNode converted(GroupVersionKind gvk, String s) throws IOException {
        ObjectNode obj = json(s);
        InputConversions.of(gvk).orElseThrow().apply(obj);
        return obj;
    }

    @ParameterizedTest
    @ValueSource(strings = {"Secret", "InternalSecret"})
    void stringDataOverwritesDataAndIsNotKept(String kind) throws IOException {
        GroupVersionKind gvk = kind.equals("Secret") ? SECRET : INTERNAL_SECRET;
        ObjectNode obj = converted(gvk, "{'data':{'a':'eA==','b':'eQ=='},'stringData':{'b':'new','c':'z'}}");

        assertThat(obj.has("stringData")).isFalse();
        // base64 of "x", of "new" (overwriting "y"), of "z"
        assertThat(obj.get("data")).isEqualTo(json("{'a':'eA==','b':'bmV3','c':'eg=='}"));
    }

    @Test
    void stringDataAloneBecomesData() throws IOException {
        ObjectNode obj = converted(SECRET, "{'type':'Opaque','stringData':{'password':'t0p-Secret','empty':''}}");

        assertThat(obj).isEqualTo(json("{'type':'Opaque','data':{'password':'dDBwLVNlY3JldA==','empty':''}}"));
    }

    @Test
    void valuesAreTheirUtf8Bytes() throws IOException {
        ObjectNode obj = converted(SECRET, "{'stringData':{'umlaut':'\u00e4','emoji':'\ud83d\ude00'}}");

        assertThat(obj.path("data").path("umlaut").asText()).isEqualTo("w6Q=");
        assertThat(obj.path("data").path("emoji").asText()).isEqualTo("8J+YgA==");
    }

    @Test
    void anUnpairedSurrogateIsTheReplacementCharacterAsGoDecodesIt() throws IOException {
        // the JSON text holds the escape for the lone surrogate D800, which Go's decoder reads as U+FFFD
        ObjectNode obj = converted(SECRET, "{'stringData':{'k':'a\\ud800b'}}");

        assertThat(obj.path("data").path("k").asText()).isEqualTo("Ye+/vWI=");
    }

    @Test
    void aNullValueIsTheEmptyString() throws IOException {
        ObjectNode obj = converted(INTERNAL_SECRET, "{'data':{'k':'eA=='},'stringData':{'k':null}}");

        assertThat(obj.path("data").path("k").asText()).isEmpty();
        assertThat(obj.path("data").path("k").isTextual()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"{'stringData':{}}", "{'stringData':null}", "{}"})
    void withoutStringDataNothingElseChanges(String body) throws IOException {
        ObjectNode obj = converted(SECRET, body);

        assertThat(obj).isEqualTo(json("{}"));
    }

    @Test
    void kindsWhoseConversionIsFieldForFieldHaveNone() {
        for (String kind : new String[] {"ConfigMap", "Namespace"}) {
            assertThat(InputConversions.of(new GroupVersionKind("", "v1", kind)))
                    .isEmpty();
        }
        assertThat(InputConversions.of(new GroupVersionKind("core.gardener.cloud", "v1beta1", "Shoot")))
                .isEmpty();
    }
}

package cloud.gardener.apiserver.endpoints.patch;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MergePatchTest {

    static JsonNode json(String s) {
        return Json.readTree(s.replace('\'', '"').getBytes(UTF_8));
    }

    // the RFC 7386 appendix A examples, plus evanphx's null-pruning
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{'a':'b'}|{'a':'c'}|{'a':'c'}",
                "{'a':'b'}|{'b':'c'}|{'a':'b','b':'c'}",
                "{'a':'b'}|{'a':null}|{}",
                "{'a':'b','b':'c'}|{'a':null}|{'b':'c'}",
                "{'a':['b']}|{'a':'c'}|{'a':'c'}",
                "{'a':'c'}|{'a':['b']}|{'a':['b']}",
                "{'a':{'b':'c'}}|{'a':{'b':'d','c':null}}|{'a':{'b':'d'}}",
                "{'a':[{'b':'c'}]}|{'a':[1]}|{'a':[1]}",
                "{'e':null}|{'a':1}|{'e':null,'a':1}",
                "{}|{'a':{'bb':{'ccc':null}}}|{'a':{'bb':{}}}",
                "{'a':'x'}|{'a':{'b':null,'c':1}}|{'a':{'c':1}}",
                "{'a':5}|{'a':[{'b':null},null]}|{'a':[{},null]}",
                "{'a':{'x':1}}|{'a':[{'b':null}]}|{'a':[{'b':null}]}",
                "{'metadata':{'labels':{'k':'v','j':'w'}}}|{'metadata':{'labels':{'k':null}}}|{'metadata':{'labels':{'j':'w'}}}"
            })
    void merges(String target, String patch, String expected) {
        JsonNode doc = json(target);
        assertThat(MergePatch.apply(doc, json(patch))).isEqualTo(json(expected));
        assertThat(doc).as("target untouched").isEqualTo(json(target));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "['a']|error decoding patch: json: cannot unmarshal array into Go value of type map[string]interface {}",
                "\"s\"|error decoding patch: json: cannot unmarshal string into Go value of type map[string]interface {}",
                "7|error decoding patch: json: cannot unmarshal number into Go value of type map[string]interface {}",
                "null|Invalid JSON Patch"
            })
    void nonObjectPatchesAre400(String patch, String message) {
        assertThatThrownBy(() -> MergePatch.apply(json("{'a':1}"), json(patch)))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(400))
                .hasMessage(message);
    }

    @Test
    void withoutObjectDecodingAnArrayReplacesTheDocument() {
        assertThat(MergePatch.apply(json("{'a':1}"), json("[{'b':null},null]"), false))
                .isEqualTo(json("[{},null]"));
        assertThatThrownBy(() -> MergePatch.apply(json("{'a':1}"), json("\"s\""), false))
                .hasMessage("Invalid JSON Patch");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{'a':1,'b':{'c':1,'d':2}}|{'a':1,'b':{'c':1,'d':3}}|{'b':{'d':3}}",
                "{'a':1,'b':2}|{'a':1}|{'b':null}",
                "{'a':[1,2]}|{'a':[1,3]}|{'a':[1,3]}",
                "{'a':{'x':1}}|{'a':'s'}|{'a':'s'}",
                "{'a':1}|{'a':1.0}|{}",
                "{'a':{'b':{}}}|{'a':{'b':{}}}|{}",
                "{}|{'n':{'m':1}}|{'n':{'m':1}}"
            })
    void diffCreatesTheMergePatch(String original, String modified, String expected) {
        assertThat(MergePatch.diff(json(original), json(modified))).isEqualTo(json(expected));
        // and applying it gives back the modified document (up to numeric representation)
        assertThat(MergePatch.diff(
                        MergePatch.apply(json(original), MergePatch.diff(json(original), json(modified))),
                        json(modified)))
                .isEmpty();
    }
}

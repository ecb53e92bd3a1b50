package cloud.gardener.apiserver.endpoints.patch;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.StatusDetails;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JsonPatchTest {

    static JsonNode json(String s) {
        return Json.readTree(s.replace('\'', '"').getBytes(UTF_8));
    }

    static final String DOC = "{'metadata':{'name':'a','labels':{'x':'1'}},'spec':{'list':[1,2,3]}}";

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "[{'op':'add','path':'/metadata/labels/y','value':'2'}]|{'metadata':{'name':'a','labels':{'x':'1','y':'2'}},'spec':{'list':[1,2,3]}}",
                "[{'op':'remove','path':'/metadata/labels/x'}]|{'metadata':{'name':'a','labels':{}},'spec':{'list':[1,2,3]}}",
                "[{'op':'replace','path':'/spec/list/1','value':9}]|{'metadata':{'name':'a','labels':{'x':'1'}},'spec':{'list':[1,9,3]}}",
                "[{'op':'add','path':'/spec/list/-','value':4}]|{'metadata':{'name':'a','labels':{'x':'1'}},'spec':{'list':[1,2,3,4]}}",
                "[{'op':'move','from':'/metadata/labels','path':'/metadata/annotations'}]|{'metadata':{'name':'a','annotations':{'x':'1'}},'spec':{'list':[1,2,3]}}",
                "[{'op':'copy','from':'/metadata/name','path':'/spec/name'}]|{'metadata':{'name':'a','labels':{'x':'1'}},'spec':{'list':[1,2,3],'name':'a'}}",
                "[{'op':'test','path':'/metadata/name','value':'a'},{'op':'replace','path':'/metadata/name','value':'b'}]|{'metadata':{'name':'b','labels':{'x':'1'}},'spec':{'list':[1,2,3]}}",
                "[]|" + DOC,
                "null|" + DOC
            })
    void appliesOperations(String patch, String expected) {
        JsonNode target = json(DOC);
        JsonNode result = JsonPatch.apply(target, json(patch));
        assertThat(result).isEqualTo(json(expected));
        assertThat(target).as("target untouched").isEqualTo(json(DOC));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "[{'op':'test','path':'/metadata/name','value':'b'}]",
                "[{'op':'replace','path':'/metadata/missing','value':1}]",
                "[{'op':'remove','path':'/nope'}]",
                "[{'op':'add','path':'/spec/list/7','value':1}]",
                "[{'op':'bogus','path':'/a'}]",
                "[{'path':'/a'}]",
                "[{'op':'add','path':'no-slash','value':1}]",
                "[null]"
            })
    void failingOperationsAreTheGeneric422(String patch) {
        assertThatThrownBy(() -> JsonPatch.apply(json(DOC), json(patch)))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(422);
                    assertThat(e.reason()).isEqualTo("Invalid");
                    assertThat(e.getMessage())
                            .isEqualTo("the server rejected our request due to an error in our request");
                    assertThat(e.status().details()).isEqualTo(StatusDetails.EMPTY);
                });
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{'op':'add'}|error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp",
                "\"x\"|error decoding patch: json: cannot unmarshal string into Go value of type []handlers.jsonPatchOp",
                "[1]|error decoding patch: json: cannot unmarshal number into Go value of type handlers.jsonPatchOp",
                "[{'op':1,'path':'/a'}]|error decoding patch: json: cannot unmarshal number into Go struct field jsonPatchOp.op of type string",
                "[{'op':'add','path':true}]|error decoding patch: json: cannot unmarshal bool into Go struct field jsonPatchOp.path of type string"
            })
    void undecodablePatchesAre400(String patch, String message) {
        assertThatThrownBy(() -> JsonPatch.apply(json(DOC), json(patch)))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(400))
                .hasMessage(message);
    }

    @Test
    void moreThan10000OperationsIs413() {
        ArrayNode ops = Json.MAPPER.createArrayNode();
        for (int i = 0; i < 10001; i++) {
            ops.addObject().put("op", "test").put("path", "/metadata/name").put("value", "a");
        }
        assertThatThrownBy(() -> JsonPatch.apply(json(DOC), ops))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(413);
                    assertThat(e.reason()).isEqualTo("RequestEntityTooLarge");
                })
                .hasMessage(
                        "Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001");
        ops.remove(0);
        assertThat(JsonPatch.apply(json(DOC), ops)).isEqualTo(json(DOC));
    }

    /** CVE-2019-1002100: each copy doubles an array, so 30 operations of about 50 bytes would make gigabytes. */
    @Test
    void doublingCopiesBeyondTheCopyLimitAreTheGeneric422() {
        ArrayNode ops = Json.MAPPER.createArrayNode();
        ops.addObject().put("op", "add").put("path", "/spec/a").set("value", json("['" + "x".repeat(1000) + "']"));
        for (int i = 0; i < 30; i++) {
            ops.addObject().put("op", "copy").put("from", "/spec/a").put("path", "/spec/a/-");
        }
        assertThatThrownBy(() -> JsonPatch.apply(json(DOC), ops))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(422);
                    assertThat(e.reason()).isEqualTo("Invalid");
                    assertThat(e.status().details()).isEqualTo(StatusDetails.EMPTY);
                })
                .hasMessage(JsonPatch.GENERIC_INVALID_MESSAGE);
    }

    @Test
    void copiesAreCountedAgainstTheLimitInTheDocumentAsPatchedSoFar() {
        // "abc" marshals to 5 bytes: two copies are 10 bytes, a third is over a limit of 12
        JsonNode two = json("[{'op':'add','path':'/s','value':'abc'},"
                + "{'op':'copy','from':'/s','path':'/t'},{'op':'copy','from':'/t','path':'/u'}]");
        assertThat(JsonPatch.applyCountingCopies(json("{}"), two, 12))
                .isEqualTo(json("{'s':'abc','t':'abc','u':'abc'}"));
        ArrayNode three = ((ArrayNode) two.deepCopy()).add(json("{'op':'copy','from':'/u','path':'/v'}"));
        assertThatThrownBy(() -> JsonPatch.applyCountingCopies(json("{}"), three, 12))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(422));
    }

    @Test
    void rootPathsStillApply() {
        assertThat(JsonPatch.apply(json(DOC), json("[{'op':'replace','path':'','value':{'a':1}}]")))
                .isEqualTo(json("{'a':1}"));
        assertThat(JsonPatch.apply(json(DOC), json("[{'op':'test','path':'','value':" + DOC + "}]")))
                .isEqualTo(json(DOC));
        assertThat(JsonPatch.apply(json(DOC), json("[{'op':'copy','from':'','path':'/spec/self'}]"))
                        .at("/spec/self/metadata/name")
                        .asText())
                .isEqualTo("a");
    }
}

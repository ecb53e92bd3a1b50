package cloud.gardener.apiserver.api.core;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class JsonSubsetTest {

    private static JsonNode json(String s) throws Exception {
        return Json.MAPPER.readTree(s.replace('\'', '"'));
    }

    @Test
    void reportsMissingAndChangedValues() throws Exception {
        assertThat(JsonSubset.missing(json("{'a':{'b':1,'c':[1,2]},'d':'x'}"), json("{'a':{'b':2,'c':[1]},'e':1}")))
                .containsExactly(
                        ".a.b: expected 1 but was 2",
                        ".a.c: expected [1,2] but was [1]",
                        ".d: missing (expected \"x\")");
    }

    @Test
    void acceptsExtraKeysAndGoCanonicalScalars() throws Exception {
        assertThat(JsonSubset.missing(
                        json(
                                "{'cpu':2,'mem':'1.5Gi','t':'20m','at':'2025-01-01T00:00:00+00:00','n':null,'l':[],'o':{}}"),
                        json("{'cpu':'2','mem':'1536Mi','t':'20m0s','at':'2025-01-01T00:00:00Z','extra':true}")))
                .isEmpty();
        assertThat(JsonSubset.missing(json("{'t':'20m'}"), json("{'t':'21m0s'}")))
                .hasSize(1);
    }
}

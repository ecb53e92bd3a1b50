package cloud.gardener.apiserver.endpoints.patch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The merge metadata read from the real model records, and patches driven by it. */
class ModelPatchMetaTest {

    private static final PatchMeta SHOOT = PatchMeta.of(Shoot.class);

    @Test
    void readsStrategyAndMergeKeyFromTheModel() {
        FieldPatchMeta workers = SHOOT.lookupForStruct("spec")
                .meta()
                .lookupForStruct("provider")
                .meta()
                .lookupForSlice("workers");
        assertThat(workers.strategies()).containsExactly("merge");
        assertThat(workers.mergeKey()).isEqualTo("name");
        // the item meta is the Worker record's
        assertThat(workers.meta().lookupForStruct("machine").strategies()).isEmpty();

        FieldPatchMeta finalizers = SHOOT.lookupForStruct("metadata").meta().lookupForSlice("finalizers");
        assertThat(finalizers.strategies()).containsExactly("merge");
        assertThat(finalizers.mergeKey()).isEmpty();
        FieldPatchMeta owners = SHOOT.lookupForStruct("metadata").meta().lookupForSlice("ownerReferences");
        assertThat(owners.mergeKey()).isEqualTo("uid");
    }

    @Test
    void inlineFieldsAreFoundAndCaseIsFoldedAsEncodingJsonDoes() {
        assertThat(SHOOT.lookupForStruct("apiVersion").strategies()).isEmpty();
        assertThat(SHOOT.lookupForStruct("SPEC").meta().lookupForStruct("provider"))
                .isNotNull();
    }

    @Test
    void unknownFieldsAndNonListsFailTheLookup() {
        assertThatThrownBy(() -> SHOOT.lookupForStruct("bogus")).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(500);
            assertThat(e.getMessage())
                    .contains("unable to find api field in struct Shoot for the json field \"bogus\"");
        });
        assertThatThrownBy(() -> SHOOT.lookupForSlice("spec"))
                .isInstanceOfSatisfying(
                        ApiException.class,
                        e -> assertThat(e.status().message())
                                .isEqualTo("expected slice or array type, but got: struct"));
    }

    @Test
    void rawExtensionsAndKindsWithoutModelHaveNoMetadata() {
        FieldPatchMeta infrastructureConfig = SHOOT.lookupForStruct("spec")
                .meta()
                .lookupForStruct("provider")
                .meta()
                .lookupForStruct("infrastructureConfig");
        assertThat(infrastructureConfig.meta()).isSameAs(PatchMeta.none());
        assertThat(PatchMeta.forKind(new GroupVersionKind("example.com", "v1", "Nothing")))
                .isSameAs(PatchMeta.none());
    }

    @Test
    void shootWorkersMergeByName() throws Exception {
        JsonNode shoot = Json.MAPPER.readTree("""
                {"apiVersion":"core.gardener.cloud/v1beta1","kind":"Shoot",
                 "metadata":{"name":"s","finalizers":["gardener"],"labels":{"a":"b"}},
                 "spec":{"provider":{"type":"local","workers":[
                   {"name":"w1","minimum":1,"maximum":2,"machine":{"type":"m"}},
                   {"name":"w2","minimum":1,"maximum":2,"machine":{"type":"m"}},
                   {"name":"w3","minimum":1,"maximum":2,"machine":{"type":"m"}}],
                   "infrastructureConfig":{"a":{"b":1,"c":[1,2]}}}}}
                """);
        JsonNode patch = Json.MAPPER.readTree("""
                {"metadata":{"finalizers":["other"],"labels":{"a":null}},
                 "spec":{"provider":{"workers":[
                   {"name":"w1","maximum":5},
                   {"name":"w4","minimum":0,"maximum":1,"machine":{"type":"n"}},
                   {"name":"w2","$patch":"delete"}],
                   "infrastructureConfig":{"a":{"c":[3]}}}}}
                """);
        JsonNode result = StrategicMergePatch.apply(shoot, patch, SHOOT);
        List<String> names =
                result.path("spec").path("provider").path("workers").findValuesAsText("name");
        assertThat(names).containsExactly("w1", "w4", "w3");
        assertThat(result.at("/spec/provider/workers/0/maximum").asInt()).isEqualTo(5);
        assertThat(result.at("/spec/provider/workers/0/minimum").asInt()).isEqualTo(1);
        assertThat(result.at("/spec/provider/workers/0/machine/type").asText()).isEqualTo("m");
        assertThat(result.at("/metadata/finalizers").toString()).isEqualTo("[\"other\",\"gardener\"]");
        assertThat(result.at("/metadata/labels").isEmpty()).isTrue();
        assertThat(result.at("/spec/provider/infrastructureConfig").toString())
                .isEqualTo("{\"a\":{\"b\":1,\"c\":[3]}}");
    }
}

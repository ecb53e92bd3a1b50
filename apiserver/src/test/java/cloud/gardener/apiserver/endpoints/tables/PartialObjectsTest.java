package cloud.gardener.apiserver.endpoints.tables;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class PartialObjectsTest {

    static ObjectNode json(String s) {
        return (ObjectNode) Json.readTree(s.replace('\'', '"').getBytes(UTF_8));
    }

    static final ObjectNode SHOOT = json("{'kind':'Shoot','apiVersion':'core.gardener.cloud/v1beta1','metadata':{"
            + "'name':'a','namespace':'n','creationTimestamp':'2025-01-02T03:04:05Z','finalizers':['f']},'spec':{}}");

    @Test
    void keepsOnlyMetadata() {
        ObjectNode partial = PartialObjects.of(SHOOT, "v1");
        assertThat(Json.toJson(partial))
                .isEqualTo("{\"kind\":\"PartialObjectMetadata\",\"apiVersion\":\"meta.k8s.io/v1\","
                        + "\"metadata\":{\"name\":\"a\",\"namespace\":\"n\",\"creationTimestamp\":\"2025-01-02T03:04:05Z\","
                        + "\"finalizers\":[\"f\"]}}");
        partial.withObjectProperty("metadata").put("name", "changed");
        assertThat(SHOOT.get("metadata").get("name").asText())
                .as("source untouched")
                .isEqualTo("a");
        assertThat(PartialObjects.of(json("{'kind':'X'}"), "v1beta1"))
                .isEqualTo(json("{'kind':'PartialObjectMetadata','apiVersion':'meta.k8s.io/v1beta1',"
                        + "'metadata':{'creationTimestamp':null}}"));
    }

    @Test
    void statusPassesThrough() {
        ObjectNode status = json("{'kind':'Status','apiVersion':'v1','metadata':{},'status':'Failure'}");
        assertThat(PartialObjects.of(status, "v1")).isSameAs(status);
    }

    @Test
    void listForm() {
        JsonNode list = PartialObjects.list(
                List.of(SHOOT),
                json("{'resourceVersion':'9','continue':'c'," + "'remainingItemCount':0,'selfLink':'x'}"),
                "v1");
        assertThat(list)
                .isEqualTo(json("{'kind':'PartialObjectMetadataList','apiVersion':'meta.k8s.io/v1',"
                        + "'metadata':{'resourceVersion':'9','continue':'c','remainingItemCount':0},'items':[{"
                        + "'kind':'PartialObjectMetadata','apiVersion':'meta.k8s.io/v1','metadata':"
                        + SHOOT.get("metadata").toString().replace('"', '\'') + "}]}"));
        JsonNode empty = PartialObjects.list(List.of(), json("{'resourceVersion':'9','continue':''}"), "v1beta1");
        assertThat(empty)
                .isEqualTo(json("{'kind':'PartialObjectMetadataList','apiVersion':'meta.k8s.io/v1beta1',"
                        + "'metadata':{'resourceVersion':'9'},'items':null}"));
        assertThat(TableConvertor.partialList(List.of(), null, "v1").get("metadata"))
                .isEmpty();
        assertThat(TableConvertor.partial(SHOOT, "v1")).isEqualTo(PartialObjects.of(SHOOT, "v1"));
    }
}

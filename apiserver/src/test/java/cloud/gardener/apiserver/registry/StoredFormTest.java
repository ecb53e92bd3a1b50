package cloud.gardener.apiserver.registry;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The stored form written from the tree is byte for byte what encoding a copy without resourceVersion and selfLink
 * gave (how it was made before), and leaves the object as it was.
 */
class StoredFormTest {

    @Test
    void theStoredFormIsTheCopyWithoutServerFieldsEncoded() throws Exception {
        List<ObjectNode> samples = StoredFormSamples.all();
        assertThat(samples).hasSizeGreaterThan(200);
        for (ObjectNode sample : samples) {
            ObjectNode before = sample.deepCopy();
            byte[] stored = StoredForm.of(sample).bytes();
            assertThat(new String(stored, StandardCharsets.UTF_8))
                    .as("stored form of %s", sample)
                    .isEqualTo(new String(copiedAndEncoded(sample), StandardCharsets.UTF_8));
            assertThat(stored).isEqualTo(copiedAndEncoded(sample));
            assertThat(sample).as("left as it was").isEqualTo(before);
            assertThat(ObjectTrees.encodeForStorage(sample)).isEqualTo(stored);
        }
    }

    @Test
    void noResourceVersionOrSelfLinkIsStored() {
        String json = "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"3\","
                + "\"name\":\"a\",\"selfLink\":\"/x\",\"uid\":\"u\"},\"data\":{\"resourceVersion\":\"kept\"}}";
        ObjectNode obj = (ObjectNode) Json.readTree(json.getBytes(StandardCharsets.UTF_8));
        assertThat(new String(StoredForm.of(obj).bytes(), StandardCharsets.UTF_8))
                .isEqualTo("{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"a\",\"uid\":\"u\"},"
                        + "\"data\":{\"resourceVersion\":\"kept\"}}");
    }

    /** How the stored form was made before: a deep copy without the two fields, encoded. */
    private static byte[] copiedAndEncoded(ObjectNode obj) {
        ObjectNode copy = obj.deepCopy();
        JsonNode m = copy.get("metadata");
        if (m instanceof ObjectNode on) {
            on.remove("resourceVersion");
            on.remove("selfLink");
        }
        return Json.toBytes(copy);
    }
}

package cloud.gardener.apiserver.registry;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.k8s.corev1.ConfigMap;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ModelFormsTest {

    private static ObjectNode tree(String json) {
        return (ObjectNode) Json.readTree(json.getBytes(StandardCharsets.UTF_8));
    }

    private static final String CONFIG_MAP = """
            {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "settings", "namespace": "dev"},
             "data": {"purpose": "evaluation"}}""";

    @Test
    void aTreeIdenticalToAKnownCanonicalOneIsLeftAsItIsAndTakesTheKnownRecord() {
        ModelForms forms = new ModelForms();
        ConfigMap record = ModelCodec.decode(tree(CONFIG_MAP), ConfigMap.class).value();
        ObjectNode canonical = ModelCodec.encode(record);
        forms.remember(canonical, record);
        ObjectNode obj = canonical.deepCopy();
        JsonNode metadata = obj.get("metadata");

        assertThat(forms.canonicalize(obj, ConfigMap.class)).isSameAs(record);
        assertThat(obj.get("metadata")).isSameAs(metadata);
        assertThat(obj).hasToString(canonical.toString());
    }

    @Test
    void aTreeOfTheSameContentInAnotherFieldOrderTakesTheCanonicalOrder() {
        ModelForms forms = new ModelForms();
        ConfigMap record = ModelCodec.decode(tree(CONFIG_MAP), ConfigMap.class).value();
        ObjectNode canonical = ModelCodec.encode(record);
        forms.remember(canonical, record);
        ObjectNode reordered = tree("""
                {"data": {"purpose": "evaluation"}, "kind": "ConfigMap",
                 "metadata": {"namespace": "dev", "name": "settings"}, "apiVersion": "v1"}""");
        assertThat(reordered).isEqualTo(canonical).doesNotHaveToString(canonical.toString());

        assertThat(forms.canonicalize(reordered, ConfigMap.class)).isSameAs(record);
        assertThat(reordered).hasToString(canonical.toString());
    }

    @Test
    void aTreeOfOtherContentIsDecodedAfresh() {
        ModelForms forms = new ModelForms();
        ConfigMap record = ModelCodec.decode(tree(CONFIG_MAP), ConfigMap.class).value();
        forms.remember(ModelCodec.encode(record), record);
        ObjectNode changed = tree(CONFIG_MAP.replace("evaluation", "production"));

        ConfigMap decoded = forms.canonicalize(changed, ConfigMap.class);

        assertThat(decoded).isNotSameAs(record);
        assertThat(changed.at("/data/purpose").asText()).isEqualTo("production");
    }
}

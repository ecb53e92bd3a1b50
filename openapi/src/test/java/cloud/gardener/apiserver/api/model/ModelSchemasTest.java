package cloud.gardener.apiserver.api.model;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.model.sample.Widget;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelSchemasTest {

    @Test
    void namesDefinitionsAfterTheGoPackageAndReachesEveryRecord() {
        ModelSchemas schemas = new ModelSchemas(ModelSchemas.Dialect.V3);

        String name = schemas.add(Widget.class);

        assertThat(name).isEqualTo("com.github.example.sample.v1.Widget");
        assertThat(schemas.definitions())
                .containsOnlyKeys(
                        "com.github.example.sample.v1.Widget",
                        "com.github.example.sample.v1.WidgetSpec",
                        "com.github.example.sample.v1.WidgetStatus",
                        "com.github.example.sample.v1.Part");
    }

    @Test
    void describesFieldsAsKubeOpenapiDoes() {
        ModelSchemas schemas = new ModelSchemas(ModelSchemas.Dialect.V3);
        schemas.add(Widget.class);
        Map<String, ObjectNode> defs = schemas.definitions();

        ObjectNode widget = defs.get("com.github.example.sample.v1.Widget");
        assertThat(widget.get("description").asText()).isEqualTo("Widget is a sample kind.");
        assertThat(widget.at("/properties/kind/type").asText()).isEqualTo("string");
        assertThat(widget.at("/properties/spec/allOf/0/$ref").asText())
                .isEqualTo("#/components/schemas/com.github.example.sample.v1.WidgetSpec");
        assertThat(widget.at("/properties/spec/description").asText()).isEqualTo("Spec is the wanted state.");
        assertThat(widget.get("required").toString()).isEqualTo("[\"spec\"]");

        ObjectNode spec = defs.get("com.github.example.sample.v1.WidgetSpec");
        ObjectNode parts = (ObjectNode) spec.at("/properties/parts");
        assertThat(parts.get("type").asText()).isEqualTo("array");
        assertThat(parts.get("x-kubernetes-patch-merge-key").asText()).isEqualTo("name");
        assertThat(parts.get("x-kubernetes-patch-strategy").asText()).isEqualTo("merge");
        assertThat(parts.get("x-kubernetes-list-type").asText()).isEqualTo("map");
        assertThat(parts.get("x-kubernetes-list-map-keys").toString()).isEqualTo("[\"name\"]");
        assertThat(parts.at("/items/allOf/0/$ref").asText()).endsWith("v1.Part");
        assertThat(spec.at("/properties/replicas/format").asText()).isEqualTo("int32");
        assertThat(spec.at("/properties/size/format").asText()).isEqualTo("int64");
        assertThat(spec.at("/properties/labels/additionalProperties/type").asText())
                .isEqualTo("string");
        assertThat(spec.at("/properties/providerConfig/x-kubernetes-preserve-unknown-fields")
                        .asBoolean())
                .isTrue();
        assertThat(spec.has("properties") && spec.get("properties").has("default"))
                .isTrue();
        assertThat(spec.get("required").toString()).isEqualTo("[\"name\",\"tags\",\"primary\"]");
    }

    @Test
    void v2ReferencesPointIntoDefinitions() {
        ModelSchemas schemas = new ModelSchemas(ModelSchemas.Dialect.V2);
        schemas.add(Widget.class);
        assertThat(schemas.definitions()
                        .get("com.github.example.sample.v1.Widget")
                        .at("/properties/spec/allOf/0/$ref")
                        .asText())
                .isEqualTo("#/definitions/com.github.example.sample.v1.WidgetSpec");
    }
}

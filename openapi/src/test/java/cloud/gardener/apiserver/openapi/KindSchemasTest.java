package cloud.gardener.apiserver.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KindSchemasTest {

    /** Why schemas have only one source: no served kind in any served version lacks a typed model. */
    @Test
    void everyServedKindHasATypedModel() {
        ResourceRegistry registry = ResourceRegistry.standard(true);
        for (ResourceType rt : registry.resources()) {
            for (String version : rt.versions()) {
                assertThat(ResourceModels.of(rt.gvk(version)))
                        .as(rt.gvk(version).toString())
                        .isPresent();
            }
        }
    }

    @Test
    void aKindWithoutModelHasNoSchema() {
        ResourceType unmodelled = new ResourceType(
                "x.io", List.of("v1"), "v1", "X", "xs", "x", true, List.of(), List.of(), List.of(), Map.of());
        Map<String, ObjectNode> schemas = new HashMap<>();
        assertThatThrownBy(() -> KindSchemas.addResource(schemas, SchemaDialect.V3, unmodelled, "v1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no typed model");
    }
}

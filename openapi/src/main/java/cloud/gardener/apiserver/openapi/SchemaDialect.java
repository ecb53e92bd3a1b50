package cloud.gardener.apiserver.openapi;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Where a document keeps its schemas: Swagger 2.0 {@code definitions} or OpenAPI 3 {@code components.schemas}. */
public enum SchemaDialect {
    V2("#/definitions/"),
    V3("#/components/schemas/");

    private final String refPrefix;

    SchemaDialect(String refPrefix) {
        this.refPrefix = refPrefix;
    }

    /** {@code {"$ref": "<prefix><name>"}}. */
    public ObjectNode ref(String schemaName) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("$ref", refPrefix + schemaName);
        return node;
    }
}

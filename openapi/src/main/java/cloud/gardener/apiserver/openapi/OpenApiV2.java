package cloud.gardener.apiserver.openapi;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.resource.GroupVersion;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Swagger 2.0 document ({@code /openapi/v2}) covering every served group-version. kube-aggregator
 * downloads it, and kubectl falls back to it when v3 fails, so PATCH operations list
 * {@code fieldValidation} and their {@code consumes} lists exactly {@link PatchTypes#ADVERTISED}.
 * Parameters are written inline rather than as global {@code #/parameters/...} references; clients
 * accept both.
 */
public final class OpenApiV2 {

    private final OpenApiDocument document;

    public OpenApiV2(ResourceRegistry registry) {
        this(registry, OpenApiV3.DEFAULT_INFO_VERSION);
    }

    public OpenApiV2(ResourceRegistry registry, String infoVersion) {
        Map<String, ObjectNode> paths = new TreeMap<>();
        Map<String, ObjectNode> definitions = new TreeMap<>();
        MetaSchemas.addTo(definitions, SchemaDialect.V2, registry.groupVersions());
        for (GroupVersion gv : registry.groupVersions()) {
            for (ResourceType rt : registry.resources(gv.group(), gv.version())) {
                ResourcePaths.addTo(paths, SchemaDialect.V2, rt, gv.version());
                KindSchemas.addResource(definitions, SchemaDialect.V2, rt, gv.version());
            }
        }
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.put("swagger", "2.0");
        ObjectNode info = doc.putObject("info");
        info.put("title", OpenApiV3.TITLE);
        info.put("version", infoVersion);
        doc.putObject("paths").setAll(paths);
        doc.putObject("definitions").setAll(definitions);
        ObjectNode bearer = doc.putObject("securityDefinitions").putObject("BearerToken");
        bearer.put("description", "Bearer Token authentication");
        bearer.put("type", "apiKey");
        bearer.put("name", "authorization");
        bearer.put("in", "header");
        doc.putArray("security").addObject().putArray("BearerToken");
        document = OpenApiDocument.of(Json.toBytes(doc));
    }

    /** {@code GET /openapi/v2} as JSON, with its hash for the {@code ETag}. */
    public OpenApiDocument document() {
        return document;
    }
}

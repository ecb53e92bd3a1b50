package cloud.gardener.apiserver.openapi;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.resource.GroupVersion;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The OpenAPI v3 documents of a registry: one per group-version ({@code /openapi/v3/apis/<g>/<v>},
 * {@code /openapi/v3/api/v1}) and the root index ({@code /openapi/v3}) linking each with its hash.
 * All are built once at construction; the registry is immutable, so they never change.
 */
public final class OpenApiV3 {

    public static final String TITLE = "Gardener";
    public static final String DEFAULT_INFO_VERSION = "unversioned";

    private final Map<GroupVersion, OpenApiDocument> documents = new LinkedHashMap<>();
    private final OpenApiDocument root;

    public OpenApiV3(ResourceRegistry registry) {
        this(registry, DEFAULT_INFO_VERSION);
    }

    /** @param infoVersion the {@code info.version} of every document, e.g. the server's version */
    public OpenApiV3(ResourceRegistry registry, String infoVersion) {
        Map<String, GroupVersion> byKey = new TreeMap<>();
        for (GroupVersion gv : registry.groupVersions()) {
            documents.put(gv, OpenApiDocument.of(Json.toBytes(groupVersionDocument(registry, gv, infoVersion))));
            byKey.put(pathKey(gv), gv);
        }
        ObjectNode index = JsonNodeFactory.instance.objectNode();
        ObjectNode paths = index.putObject("paths");
        byKey.forEach((key, gv) -> paths.putObject(key)
                .put(
                        "serverRelativeURL",
                        "/openapi/v3/" + key + "?hash=" + documents.get(gv).hash()));
        root = OpenApiDocument.of(Json.toBytes(index));
    }

    /** The key of a group-version in the root index and its URL tail: {@code apis/<g>/<v>} or {@code api/v1}. */
    public static String pathKey(GroupVersion gv) {
        return gv.pathPrefix().substring(1);
    }

    /** {@code GET /openapi/v3}. */
    public OpenApiDocument root() {
        return root;
    }

    /** {@code GET /openapi/v3/apis/<g>/<v>} (or {@code api/v1} for the empty group); empty if not served. */
    public Optional<OpenApiDocument> document(String group, String version) {
        return Optional.ofNullable(documents.get(new GroupVersion(group, version)));
    }

    /** Every group-version document, in registry order. */
    public Map<GroupVersion, OpenApiDocument> documents() {
        return Collections.unmodifiableMap(documents);
    }

    private static ObjectNode groupVersionDocument(ResourceRegistry registry, GroupVersion gv, String infoVersion) {
        Map<String, ObjectNode> paths = new TreeMap<>();
        Map<String, ObjectNode> schemas = new TreeMap<>();
        MetaSchemas.addTo(schemas, SchemaDialect.V3, registry.groupVersions());
        for (ResourceType rt : registry.resources(gv.group(), gv.version())) {
            ResourcePaths.addTo(paths, SchemaDialect.V3, rt, gv.version());
            KindSchemas.addResource(schemas, SchemaDialect.V3, rt, gv.version());
        }
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.put("openapi", "3.0.0");
        ObjectNode info = doc.putObject("info");
        info.put("title", TITLE);
        info.put("version", infoVersion);
        doc.putObject("paths").setAll(paths);
        ObjectNode components = doc.putObject("components");
        components.putObject("schemas").setAll(schemas);
        ObjectNode bearer = components.putObject("securitySchemes").putObject("BearerToken");
        bearer.put("type", "apiKey");
        bearer.put("description", "Bearer Token authentication");
        bearer.put("name", "authorization");
        bearer.put("in", "header");
        doc.putArray("security").addObject().putArray("BearerToken");
        return doc;
    }
}

package cloud.gardener.apiserver.openapi;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.GroupVersion;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.Subresource;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The REST paths and operations of one resource in one group-version, in either dialect. Operations
 * carry {@code operationId}, {@code x-kubernetes-action} and a single-object
 * {@code x-kubernetes-group-version-kind}, which kubectl uses to find a kind's schema (explain) and to
 * decide whether to delegate validation ({@code fieldValidation} on PATCH) and which patch type to send.
 */
final class ResourcePaths {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> PRODUCES = List.of("application/json", "application/yaml");
    private static final List<String> PRODUCES_LIST =
            List.of("application/json", "application/yaml", "application/json;stream=watch");

    private final SchemaDialect d;
    private final ResourceType rt;
    private final GroupVersion gv;
    private final GroupVersionKind gvk;
    private final String tag;

    private ResourcePaths(SchemaDialect d, ResourceType rt, String version) {
        this.d = d;
        this.rt = rt;
        this.gv = new GroupVersion(rt.group(), version);
        this.gvk = rt.gvk(version);
        this.tag = tag(gv);
    }

    /** Adds the resource's paths to {@code paths} (keyed by path, e.g. {@code /apis/g/v/namespaces/{namespace}/res}). */
    static void addTo(Map<String, ObjectNode> paths, SchemaDialect d, ResourceType rt, String version) {
        new ResourcePaths(d, rt, version).add(paths);
    }

    private void add(Map<String, ObjectNode> paths) {
        String base = gv.pathPrefix();
        String collection =
                rt.namespaced() ? base + "/namespaces/{namespace}/" + rt.plural() : base + "/" + rt.plural();
        String scope = rt.namespaced() ? "Namespaced" : "";
        String kindName = SchemaNames.of(gvk);
        String listName = SchemaNames.of(new GroupVersionKind(gvk.group(), gvk.version(), rt.listKind()));

        ObjectNode collectionItem = pathItem(rt.namespaced(), false);
        if (rt.supportsVerb("list")) {
            collectionItem.set("get", list("list" + gvCamel() + scope + rt.kind(), listName));
        }
        if (rt.supportsVerb("create")) {
            collectionItem.set(
                    "post",
                    write(
                            "post",
                            "create" + gvCamel() + scope + rt.kind(),
                            "create a " + rt.kind(),
                            kindName,
                            gvk,
                            List.of("200", "201", "202")));
        }
        if (rt.supportsVerb("deletecollection")) {
            collectionItem.set("delete", deleteCollection("delete" + gvCamel() + "Collection" + scope + rt.kind()));
        }
        paths.put(collection, collectionItem);

        if (rt.namespaced() && rt.supportsVerb("list")) {
            ObjectNode allNamespaces = pathItem(false, false);
            allNamespaces.set("get", list("list" + gvCamel() + rt.kind() + "ForAllNamespaces", listName));
            paths.put(base + "/" + rt.plural(), allNamespaces);
        }

        String item = collection + "/{name}";
        ObjectNode itemPath = pathItem(rt.namespaced(), true);
        addItemOperations(
                itemPath,
                scope + rt.kind(),
                "the specified " + rt.kind(),
                kindName,
                gvk,
                rt.supportsVerb("get"),
                rt.supportsVerb("update"),
                rt.supportsVerb("patch"),
                false);
        if (rt.supportsVerb("delete")) {
            itemPath.set("delete", delete("delete" + gvCamel() + scope + rt.kind()));
        }
        paths.put(item, itemPath);

        for (Subresource sub : rt.subresources()) {
            GroupVersionKind responseKind = rt.responseKind(sub, gv.version());
            ObjectNode subPath = pathItem(rt.namespaced(), true);
            String what = capitalize(sub.name()) + " of the specified " + rt.kind();
            addItemOperations(
                    subPath,
                    scope + rt.kind() + capitalize(sub.name()),
                    what,
                    SchemaNames.of(responseKind),
                    responseKind,
                    sub.supportsVerb("get"),
                    sub.supportsVerb("update"),
                    sub.supportsVerb("patch"),
                    sub.supportsVerb("create"));
            paths.put(item + "/" + sub.name(), subPath);
        }
    }

    private void addItemOperations(
            ObjectNode pathItem,
            String suffix,
            String what,
            String schema,
            GroupVersionKind kind,
            boolean get,
            boolean update,
            boolean patch,
            boolean create) {
        if (get) {
            pathItem.set("get", read("read" + gvCamel() + suffix, "read " + what, schema, kind));
        }
        if (update) {
            pathItem.set(
                    "put",
                    write(
                            "put",
                            "replace" + gvCamel() + suffix,
                            "replace " + what,
                            schema,
                            kind,
                            List.of("200", "201")));
        }
        if (patch) {
            pathItem.set("patch", patch("patch" + gvCamel() + suffix, "partially update " + what, schema, kind));
        }
        if (create) {
            pathItem.set(
                    "post",
                    write(
                            "post",
                            "create" + gvCamel() + suffix,
                            "create " + what,
                            schema,
                            kind,
                            List.of("200", "201", "202")));
        }
    }

    // ---- operations ----

    private ObjectNode operation(String action, String operationId, String description, GroupVersionKind kind) {
        ObjectNode op = NODES.objectNode();
        op.put("description", description);
        op.putArray("tags").add(tag);
        op.put("operationId", operationId);
        op.putArray("parameters");
        op.putObject("responses");
        op.put("x-kubernetes-action", action);
        op.set("x-kubernetes-group-version-kind", Schemas.gvkObject(kind));
        return op;
    }

    private ObjectNode list(String operationId, String listSchema) {
        ObjectNode op = operation("list", operationId, "list or watch objects of kind " + rt.kind(), gvk);
        ArrayNode params = (ArrayNode) op.get("parameters");
        params.add(query(
                "allowWatchBookmarks",
                "boolean",
                "allowWatchBookmarks requests watch events with type "
                        + "\"BOOKMARK\". Servers that do not implement bookmarks may ignore this flag."));
        params.add(query(CONTINUE));
        params.add(query(
                "fieldSelector",
                "string",
                "A selector to restrict the list of returned objects by their fields. " + "Defaults to everything."));
        params.add(query(
                "labelSelector",
                "string",
                "A selector to restrict the list of returned objects by their labels. " + "Defaults to everything."));
        params.add(query(LIMIT));
        params.add(query(RESOURCE_VERSION));
        params.add(query(RESOURCE_VERSION_MATCH));
        params.add(query(SEND_INITIAL_EVENTS));
        params.add(query(TIMEOUT_SECONDS));
        params.add(query(
                "watch",
                "boolean",
                "Watch for changes to the described resources and return them as a stream "
                        + "of add, update, and remove notifications."));
        respond(op, listSchema, List.of("200"), PRODUCES_LIST);
        return op;
    }

    private ObjectNode read(String operationId, String description, String schema, GroupVersionKind kind) {
        ObjectNode op = operation("get", operationId, description, kind);
        respond(op, schema, List.of("200"), PRODUCES);
        return op;
    }

    private ObjectNode write(
            String action,
            String operationId,
            String description,
            String schema,
            GroupVersionKind kind,
            List<String> codes) {
        ObjectNode op = operation(action, operationId, description, kind);
        ArrayNode params = (ArrayNode) op.get("parameters");
        addWriteParameters(params);
        body(op, schema, List.of("*/*"), true);
        respond(op, schema, codes, PRODUCES);
        return op;
    }

    private ObjectNode patch(String operationId, String description, String schema, GroupVersionKind kind) {
        ObjectNode op = operation("patch", operationId, description, kind);
        ArrayNode params = (ArrayNode) op.get("parameters");
        addWriteParameters(params);
        params.add(
                query(
                        "force",
                        "boolean",
                        "Force is going to \"force\" Apply requests. It means user will re-acquire "
                                + "conflicting fields owned by other people. Force flag must be unset for non-apply patch requests."));
        body(op, SchemaNames.meta("Patch"), PatchTypes.ADVERTISED, true);
        respond(op, schema, List.of("200", "201"), PRODUCES);
        return op;
    }

    private ObjectNode delete(String operationId) {
        ObjectNode op = operation("delete", operationId, "delete a " + rt.kind(), gvk);
        ArrayNode params = (ArrayNode) op.get("parameters");
        params.add(query(DRY_RUN));
        params.add(query(GRACE_PERIOD_SECONDS));
        params.add(query(ORPHAN_DEPENDENTS));
        params.add(query(PROPAGATION_POLICY));
        body(op, SchemaNames.meta("DeleteOptions"), List.of("*/*"), false);
        respond(op, SchemaNames.meta("Status"), List.of("200", "202"), PRODUCES);
        return op;
    }

    private ObjectNode deleteCollection(String operationId) {
        ObjectNode op = operation("deletecollection", operationId, "delete collection of " + rt.kind(), gvk);
        ArrayNode params = (ArrayNode) op.get("parameters");
        params.add(query(CONTINUE));
        params.add(query(DRY_RUN));
        params.add(query(
                "fieldSelector", "string", "A selector to restrict the list of returned objects by their fields."));
        params.add(query(GRACE_PERIOD_SECONDS));
        params.add(query(
                "labelSelector", "string", "A selector to restrict the list of returned objects by their labels."));
        params.add(query(LIMIT));
        params.add(query(ORPHAN_DEPENDENTS));
        params.add(query(PROPAGATION_POLICY));
        params.add(query(RESOURCE_VERSION));
        params.add(query(RESOURCE_VERSION_MATCH));
        params.add(query(SEND_INITIAL_EVENTS));
        params.add(query(TIMEOUT_SECONDS));
        body(op, SchemaNames.meta("DeleteOptions"), List.of("*/*"), false);
        respond(op, SchemaNames.meta("Status"), List.of("200"), PRODUCES);
        return op;
    }

    private static final String DRY_RUN_DOC = "When present, indicates that modifications should not be persisted. "
            + "An invalid or unrecognized dryRun directive will result in an error response and no further processing "
            + "of the request. Valid values are: - All: all dry run stages will be processed";

    /** A query parameter of an operation, as the OpenAPI documents describe it. */
    private record Query(String name, String type, String description) {}

    private static final Query CONTINUE = new Query(
            "continue", "string", "The continue option should be set when retrieving more results from the server.");
    private static final Query LIMIT =
            new Query("limit", "integer", "limit is a maximum number of responses to return for a list call.");
    private static final Query RESOURCE_VERSION = new Query(
            "resourceVersion",
            "string",
            "resourceVersion sets a constraint on what resource versions a request may be served from.");
    private static final Query RESOURCE_VERSION_MATCH = new Query(
            "resourceVersionMatch",
            "string",
            "resourceVersionMatch determines how resourceVersion is applied to list calls.");
    private static final Query SEND_INITIAL_EVENTS = new Query(
            "sendInitialEvents", "boolean", "`sendInitialEvents=true` may be set together with `watch=true`.");
    private static final Query TIMEOUT_SECONDS =
            new Query("timeoutSeconds", "integer", "Timeout for the list/watch call.");
    private static final Query GRACE_PERIOD_SECONDS =
            new Query("gracePeriodSeconds", "integer", "The duration in seconds before the object should be deleted.");
    private static final Query ORPHAN_DEPENDENTS =
            new Query("orphanDependents", "boolean", "Deprecated: please use the PropagationPolicy.");
    private static final Query PROPAGATION_POLICY =
            new Query("propagationPolicy", "string", "Whether and how garbage collection will be performed.");
    private static final Query DRY_RUN = new Query("dryRun", "string", DRY_RUN_DOC);

    private void addWriteParameters(ArrayNode params) {
        params.add(query(DRY_RUN));
        params.add(query(
                "fieldManager",
                "string",
                "fieldManager is a name associated with the actor or entity that "
                        + "is making these changes. The value must be less than or 128 characters long, and only contain "
                        + "printable characters, as defined by https://golang.org/pkg/unicode/#IsPrint."));
        params.add(query(
                "fieldValidation",
                "string",
                "fieldValidation instructs the server on how to handle objects "
                        + "in the request (POST/PUT/PATCH) containing unknown or duplicate fields. Valid values are: - Ignore: "
                        + "This will ignore any unknown fields that are silently dropped from the object, and will ignore all "
                        + "but the last duplicate field that the decoder encounters. - Warn: This will send a warning via the "
                        + "standard warning response header for each unknown field that is dropped from the object, and for "
                        + "each duplicate field that is encountered. This is the default. - Strict: This will fail the request "
                        + "with a BadRequest error if any unknown fields would be dropped from the object, or if any duplicate "
                        + "fields are present."));
    }

    // ---- dialect-specific pieces ----

    private ObjectNode query(Query query) {
        return query(query.name(), query.type(), query.description());
    }

    private ObjectNode query(String name, String type, String description) {
        ObjectNode param = NODES.objectNode();
        param.put("name", name);
        param.put("in", "query");
        param.put("description", description);
        boolean unique = !type.equals("boolean") && !type.equals("integer");
        if (d == SchemaDialect.V3) {
            ObjectNode schema = param.putObject("schema");
            schema.put("type", type);
            if (unique) {
                schema.put("uniqueItems", true);
            }
        } else {
            param.put("type", type);
            if (unique) {
                param.put("uniqueItems", true);
            }
        }
        return param;
    }

    private ObjectNode pathParam(String name, String description) {
        ObjectNode param = NODES.objectNode();
        param.put("name", name);
        param.put("in", "path");
        param.put("description", description);
        param.put("required", true);
        if (d == SchemaDialect.V3) {
            ObjectNode schema = param.putObject("schema");
            schema.put("type", "string");
            schema.put("uniqueItems", true);
        } else {
            param.put("type", "string");
            param.put("uniqueItems", true);
        }
        return param;
    }

    private ObjectNode pathItem(boolean withNamespace, boolean withName) {
        ObjectNode item = NODES.objectNode();
        ArrayNode params = item.putArray("parameters");
        if (withName) {
            params.add(pathParam("name", "name of the " + rt.kind()));
        }
        if (withNamespace) {
            params.add(pathParam("namespace", "object name and auth scope, such as for teams and projects"));
        }
        params.add(query(
                "pretty",
                "string",
                "If 'true', then the output is pretty printed. Defaults to 'false' unless "
                        + "the user-agent indicates a browser or command-line HTTP tool (curl and wget)."));
        return item;
    }

    private void body(ObjectNode op, String schema, List<String> contentTypes, boolean required) {
        if (d == SchemaDialect.V3) {
            ObjectNode body = NODES.objectNode();
            ObjectNode content = body.putObject("content");
            for (String type : contentTypes) {
                content.putObject(type).set("schema", d.ref(schema));
            }
            if (required) {
                body.put("required", true);
            }
            op.set("requestBody", body);
        } else {
            ObjectNode param = NODES.objectNode();
            param.put("name", "body");
            param.put("in", "body");
            if (required) {
                param.put("required", true);
            }
            param.set("schema", d.ref(schema));
            ((ArrayNode) op.get("parameters")).insert(0, param);
            ArrayNode consumes = NODES.arrayNode();
            contentTypes.forEach(consumes::add);
            op.set("consumes", consumes);
        }
    }

    private void respond(ObjectNode op, String schema, List<String> codes, List<String> produces) {
        ObjectNode responses = (ObjectNode) op.get("responses");
        for (String code : codes) {
            ObjectNode response = responses.putObject(code);
            response.put(
                    "description",
                    switch (code) {
                        case "201" -> "Created";
                        case "202" -> "Accepted";
                        default -> "OK";
                    });
            if (d == SchemaDialect.V3) {
                ObjectNode content = response.putObject("content");
                for (String type : produces) {
                    content.putObject(type).set("schema", d.ref(schema));
                }
            } else {
                response.set("schema", d.ref(schema));
            }
        }
        responses.putObject("401").put("description", "Unauthorized");
        if (d == SchemaDialect.V2) {
            ArrayNode array = NODES.arrayNode();
            produces.forEach(array::add);
            op.set("produces", array);
            op.putArray("schemes").add("https");
        }
    }

    // ---- names ----

    /** {@code CoreGardenerCloudV1beta1}, {@code CoreV1}: the group's dot-separated words capitalised, then the version. */
    private String gvCamel() {
        return groupCamel(gv.group()) + capitalize(gv.version());
    }

    private static String groupCamel(String group) {
        if (group.isEmpty()) {
            return "Core";
        }
        String trimmed = group.endsWith(".k8s.io") ? group.substring(0, group.length() - ".k8s.io".length()) : group;
        StringBuilder sb = new StringBuilder();
        for (String word : trimmed.split("\\.", -1)) {
            sb.append(capitalize(word));
        }
        return sb.toString();
    }

    /** The operation tag, e.g. {@code coreGardenerCloud_v1beta1} or {@code core_v1}. */
    private static String tag(GroupVersion gv) {
        String camel = groupCamel(gv.group());
        return Character.toLowerCase(camel.charAt(0)) + camel.substring(1) + "_" + gv.version();
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
    }
}

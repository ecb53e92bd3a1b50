package cloud.gardener.apiserver.openapi;

import static cloud.gardener.apiserver.openapi.Schemas.array;
import static cloud.gardener.apiserver.openapi.Schemas.integer;
import static cloud.gardener.apiserver.openapi.Schemas.object;
import static cloud.gardener.apiserver.openapi.Schemas.openObject;
import static cloud.gardener.apiserver.openapi.Schemas.ref;
import static cloud.gardener.apiserver.openapi.Schemas.required;
import static cloud.gardener.apiserver.openapi.Schemas.string;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.ModelSchemas;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.resource.Subresource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Schemas of the served kinds (from their typed models, open spec and status for a kind without one), their lists
 * and the kinds subresources answer with.
 */
final class KindSchemas {

    private static final String SPEC_DOC = "Spec contains the specification of this object.";
    private static final String STATUS_DOC = "Most recently observed status of this object.";

    private KindSchemas() {}

    /** Adds the schemas of a resource in one version: the kind, its list and its subresources' kinds. */
    static void addResource(Map<String, ObjectNode> schemas, SchemaDialect d, ResourceType rt, String version) {
        GroupVersionKind gvk = rt.gvk(version);
        Optional<Class<?>> model = ResourceModels.of(gvk);
        if (model.isPresent()) {
            addModelled(schemas, d, rt, gvk, model.get());
        } else {
            addOpen(schemas, d, rt, gvk, version);
        }
        for (Subresource sub : rt.subresources()) {
            if (sub.responseKind() != null) {
                addSubresourceKind(schemas, d, sub.responseKind());
            }
        }
    }

    /**
     * A kind with a typed model: every definition it reaches comes from the model (the meta definitions already
     * present are kept), and the kind's definition is tagged with its GVK.
     */
    private static void addModelled(
            Map<String, ObjectNode> schemas, SchemaDialect d, ResourceType rt, GroupVersionKind gvk, Class<?> model) {
        ModelSchemas modelSchemas =
                new ModelSchemas(d == SchemaDialect.V3 ? ModelSchemas.Dialect.V3 : ModelSchemas.Dialect.V2);
        String name = modelSchemas.add(model);
        if (!name.equals(SchemaNames.of(gvk))) {
            throw new IllegalStateException("model " + model.getName() + " of " + gvk + " is named " + name);
        }
        modelSchemas.definitions().forEach(schemas::putIfAbsent);
        ObjectNode kind = schemas.get(name).deepCopy();
        kind.set("x-kubernetes-group-version-kind", Schemas.gvkArray(List.of(gvk)));
        schemas.put(name, kind);
        if (rt.supportsVerb("list")) {
            // a review has no list kind
            GroupVersionKind listGvk = new GroupVersionKind(gvk.group(), gvk.version(), rt.listKind());
            schemas.put(SchemaNames.of(listGvk), listSchema(d, gvk, listGvk));
        }
    }

    /**
     * A kind without a typed model (only gardener-operator's Extension, see {@code KindSchemasTest}): spec and status
     * as open objects.
     */
    private static void addOpen(
            Map<String, ObjectNode> schemas, SchemaDialect d, ResourceType rt, GroupVersionKind gvk, String version) {
        ObjectNode kind = kindSchema(
                d, gvk, rt.kind() + " is the " + rt.plural() + " resource of " + rt.apiVersion(version) + ".");
        ObjectNode properties = (ObjectNode) kind.get("properties");
        properties.set("spec", openObject(SPEC_DOC));
        properties.set("status", openObject(STATUS_DOC));
        schemas.put(SchemaNames.of(gvk), sortProperties(kind));
        GroupVersionKind listGvk = new GroupVersionKind(gvk.group(), gvk.version(), rt.listKind());
        schemas.put(SchemaNames.of(listGvk), listSchema(d, gvk, listGvk));
    }

    private static ObjectNode kindSchema(SchemaDialect d, GroupVersionKind gvk, String description) {
        ObjectNode schema = object(description);
        ObjectNode p = schema.putObject("properties");
        p.set("apiVersion", string(MetaSchemas.API_VERSION_DOC));
        p.set("kind", string(MetaSchemas.KIND_DOC));
        p.set("metadata", ref(d, SchemaNames.meta("ObjectMeta"), "Standard object metadata."));
        schema.set("x-kubernetes-group-version-kind", Schemas.gvkArray(List.of(gvk)));
        return schema;
    }

    private static ObjectNode listSchema(SchemaDialect d, GroupVersionKind itemGvk, GroupVersionKind listGvk) {
        ObjectNode schema = object(listGvk.kind() + " is a list of " + itemGvk.kind() + " objects.");
        ObjectNode p = schema.putObject("properties");
        p.set("apiVersion", string(MetaSchemas.API_VERSION_DOC));
        p.set(
                "items",
                array(d.ref(SchemaNames.of(itemGvk)), null, "Items is the list of " + itemGvk.kind() + " objects."));
        p.set("kind", string(MetaSchemas.KIND_DOC));
        p.set("metadata", ref(d, SchemaNames.meta("ListMeta"), "Standard list metadata."));
        required(schema, "items");
        schema.set("x-kubernetes-group-version-kind", Schemas.gvkArray(List.of(listGvk)));
        return schema;
    }

    /** The kinds subresources answer with: Scale, the kubeconfig requests and TokenRequest. */
    private static void addSubresourceKind(Map<String, ObjectNode> schemas, SchemaDialect d, GroupVersionKind gvk) {
        ObjectNode kind = kindSchema(d, gvk, gvk.kind() + " is the body of a subresource request and response.");
        ObjectNode p = (ObjectNode) kind.get("properties");
        if (gvk.equals(StandardResources.SCALE)) {
            p.set("spec", ref(d, SchemaNames.sibling(gvk, "ScaleSpec"), "spec defines the behavior of the scale."));
            p.set(
                    "status",
                    ref(d, SchemaNames.sibling(gvk, "ScaleStatus"), "status is the current status of the scale."));
            ObjectNode spec = object("ScaleSpec describes the attributes of a scale subresource.");
            spec.putObject("properties")
                    .set(
                            "replicas",
                            integer("int32", "replicas is the desired number of instances for the scaled object."));
            schemas.put(SchemaNames.sibling(gvk, "ScaleSpec"), spec);
            ObjectNode status = object("ScaleStatus represents the current status of a scale subresource.");
            ObjectNode sp = status.putObject("properties");
            sp.set(
                    "replicas",
                    integer("int32", "replicas is the actual number of observed instances of the scaled object."));
            sp.set("selector", string("selector is the label query over pods that should match the replicas count."));
            required(status, "replicas");
            schemas.put(SchemaNames.sibling(gvk, "ScaleStatus"), status);
        } else {
            p.set("spec", openObject(SPEC_DOC));
            p.set("status", openObject(STATUS_DOC));
        }
        schemas.put(SchemaNames.of(gvk), sortProperties(kind));
    }

    /** Kubernetes prints properties sorted by name; so do we, so documents are stable and diffable. */
    private static ObjectNode sortProperties(ObjectNode schema) {
        ObjectNode properties = (ObjectNode) schema.get("properties");
        ObjectNode sorted = schema.objectNode();
        List<String> names = new ArrayList<>();
        properties.fieldNames().forEachRemaining(names::add);
        names.stream().sorted().forEach(n -> sorted.set(n, properties.get(n)));
        schema.set("properties", sorted);
        return schema;
    }
}

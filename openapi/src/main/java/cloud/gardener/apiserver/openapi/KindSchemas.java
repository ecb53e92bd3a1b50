package cloud.gardener.apiserver.openapi;

import static cloud.gardener.apiserver.openapi.Schemas.array;
import static cloud.gardener.apiserver.openapi.Schemas.bool;
import static cloud.gardener.apiserver.openapi.Schemas.bytes;
import static cloud.gardener.apiserver.openapi.Schemas.integer;
import static cloud.gardener.apiserver.openapi.Schemas.map;
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
 * Schemas of the served kinds, their lists and the kinds subresources answer with. Gardener kinds are
 * described at the top level only (spec, status and the few kinds with other top-level fields), the
 * nested content is kept open until the typed model supplies full schemas. The core/v1 kinds carry
 * their real top-level fields.
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
            return;
        }
        ObjectNode kind = kindSchema(
                d, gvk, rt.kind() + " is the " + rt.plural() + " resource of " + rt.apiVersion(version) + ".");
        ObjectNode properties = (ObjectNode) kind.get("properties");
        if (rt.group().isEmpty()) {
            addCoreV1Fields(schemas, d, gvk, properties);
        } else {
            addGardenerFields(rt, version, properties);
        }
        schemas.put(SchemaNames.of(gvk), sortProperties(kind));
        GroupVersionKind listGvk = new GroupVersionKind(gvk.group(), gvk.version(), rt.listKind());
        schemas.put(SchemaNames.of(listGvk), listSchema(d, gvk, listGvk));
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
        for (Subresource sub : rt.subresources()) {
            if (sub.responseKind() != null) {
                addSubresourceKind(schemas, d, sub.responseKind());
            }
        }
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

    /** Top-level fields of Gardener kinds; only the kinds that deviate from spec+status are listed. */
    private static void addGardenerFields(ResourceType rt, String version, ObjectNode p) {
        switch (rt.kind()) {
            case "SecretBinding" -> {
                p.set(
                        "secretRef",
                        openObject("SecretRef is a reference to a secret object in the same or another namespace."));
                p.set("provider", openObject("Provider defines the provider type of the SecretBinding."));
                p.set("quotas", array(openObject(null), null, "Quotas is a list of references to Quota objects."));
            }
            case "CredentialsBinding" -> {
                p.set(
                        "credentialsRef",
                        openObject("CredentialsRef is a reference to a resource holding the credentials."));
                p.set("provider", openObject("Provider defines the provider type of the CredentialsBinding."));
                p.set("quotas", array(openObject(null), null, "Quotas is a list of references to Quota objects."));
            }
            case "ExposureClass" -> {
                p.set(
                        "handler",
                        string(
                                "Handler is the name of the handler which applies the control plane endpoint exposure strategy."));
                p.set(
                        "scheduling",
                        openObject(
                                "Scheduling holds information how to select applicable Seed's for ExposureClass usage."));
            }
            case "InternalSecret" -> {
                p.set("data", map(bytes(null), "Data contains the secret data, base64 encoded."));
                p.set(
                        "stringData",
                        map(string(null), "stringData allows specifying non-binary secret data in string form."));
                p.set("type", string("Used to facilitate programmatic handling of secret data."));
                p.set(
                        "immutable",
                        bool("Immutable, if set to true, ensures that data stored in the Secret cannot be updated."));
            }
            case "ControllerDeployment" -> {
                if (version.equals("v1beta1")) {
                    p.set("type", string("Type is the deployment type."));
                    p.set("providerConfig", openObject("ProviderConfig contains type-specific configuration."));
                }
                p.set("helm", openObject("Helm configures that an extension controller is deployed using helm."));
                p.set(
                        "injectGardenerKubeconfig",
                        bool("InjectGardenerKubeconfig controls whether a kubeconfig to the garden "
                                + "cluster should be injected into workload resources."));
            }
            case "ShootState", "ControllerRegistration", "Quota" -> p.set("spec", openObject(SPEC_DOC));
            default -> {
                p.set("spec", openObject(SPEC_DOC));
                p.set("status", openObject(STATUS_DOC));
            }
        }
    }

    /** Namespace, Secret and ConfigMap with their real top-level fields. */
    private static void addCoreV1Fields(
            Map<String, ObjectNode> schemas, SchemaDialect d, GroupVersionKind gvk, ObjectNode p) {
        switch (gvk.kind()) {
            case "Namespace" -> {
                p.set(
                        "spec",
                        ref(
                                d,
                                SchemaNames.sibling(gvk, "NamespaceSpec"),
                                "Spec defines the behavior of the Namespace."));
                p.set(
                        "status",
                        ref(
                                d,
                                SchemaNames.sibling(gvk, "NamespaceStatus"),
                                "Status describes the current status of a Namespace."));
                ObjectNode spec = object("NamespaceSpec describes the attributes on a Namespace.");
                spec.putObject("properties")
                        .set(
                                "finalizers",
                                array(
                                        string(null),
                                        "atomic",
                                        "Finalizers is an opaque list of values that must be empty to permanently remove object from storage."));
                schemas.put(SchemaNames.sibling(gvk, "NamespaceSpec"), spec);
                ObjectNode status = object("NamespaceStatus is information about the current status of a Namespace.");
                ObjectNode sp = status.putObject("properties");
                ObjectNode conditions = array(
                        d.ref(SchemaNames.sibling(gvk, "NamespaceCondition")),
                        "map",
                        "Represents the latest available observations of a namespace's current state.");
                conditions.putArray("x-kubernetes-list-map-keys").add("type");
                conditions.put("x-kubernetes-patch-merge-key", "type");
                conditions.put("x-kubernetes-patch-strategy", "merge");
                sp.set("conditions", conditions);
                sp.set(
                        "phase",
                        string("Phase is the current lifecycle phase of the namespace. Possible enum values: "
                                + "\"Active\", \"Terminating\"."));
                schemas.put(SchemaNames.sibling(gvk, "NamespaceStatus"), status);
                ObjectNode condition = object("NamespaceCondition contains details about state of namespace.");
                ObjectNode cp = condition.putObject("properties");
                cp.set(
                        "lastTransitionTime",
                        ref(
                                d,
                                SchemaNames.meta("Time"),
                                "Last time the condition transitioned from one status to another."));
                cp.set("message", string("Human-readable message indicating details about last transition."));
                cp.set("reason", string("Unique, one-word, CamelCase reason for the condition's last transition."));
                cp.set("status", string("Status of the condition, one of True, False, Unknown."));
                cp.set("type", string("Type of namespace controller condition."));
                required(condition, "type", "status");
                schemas.put(SchemaNames.sibling(gvk, "NamespaceCondition"), condition);
            }
            case "Secret" -> {
                p.set(
                        "data",
                        map(
                                bytes(null),
                                "Data contains the secret data. Each key must consist of alphanumeric "
                                        + "characters, '-', '_' or '.'. The serialized form of the secret data is a base64 encoded string."));
                p.set(
                        "immutable",
                        bool("Immutable, if set to true, ensures that data stored in the Secret cannot be updated."));
                p.set(
                        "stringData",
                        map(
                                string(null),
                                "stringData allows specifying non-binary secret data in string "
                                        + "form. It is provided as a write-only input field for convenience."));
                p.set("type", string("Used to facilitate programmatic handling of secret data."));
            }
            case "ConfigMap" -> {
                p.set("binaryData", map(bytes(null), "BinaryData contains the binary data."));
                p.set("data", map(string(null), "Data contains the configuration data."));
                p.set(
                        "immutable",
                        bool(
                                "Immutable, if set to true, ensures that data stored in the ConfigMap cannot be updated."));
            }
            default -> throw new IllegalArgumentException("no core/v1 schema for " + gvk.kind());
        }
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

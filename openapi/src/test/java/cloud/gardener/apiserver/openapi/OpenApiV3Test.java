package cloud.gardener.apiserver.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.GroupVersion;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OpenApiV3Test {

    private static final ResourceRegistry REGISTRY = ResourceRegistry.standard(true);
    private static final OpenApiV3 OPENAPI = new OpenApiV3(REGISTRY);
    private static final List<String> OPERATIONS = List.of("get", "put", "post", "patch", "delete");

    private static JsonNode doc(String group, String version) {
        return Json.readTree(OPENAPI.document(group, version).orElseThrow().json());
    }

    private static GroupVersionKind gvk(JsonNode node) {
        return new GroupVersionKind(
                node.get("group").asText(),
                node.get("version").asText(),
                node.get("kind").asText());
    }

    /** kubectl explain: the GVK of the first operation on the resource's paths that names one. */
    private static Optional<GroupVersionKind> explainGvk(JsonNode doc, GroupVersion gv, String plural) {
        String base = gv.pathPrefix();
        for (String path : List.of(
                base + "/" + plural,
                base + "/" + plural + "/{name}",
                base + "/namespaces/{namespace}/" + plural,
                base + "/namespaces/{namespace}/" + plural + "/{name}")) {
            JsonNode item = doc.path("paths").path(path);
            for (String op : OPERATIONS) {
                JsonNode ext = item.path(op).get("x-kubernetes-group-version-kind");
                if (ext != null) {
                    return Optional.of(gvk(ext));
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> schemaFor(JsonNode doc, GroupVersionKind wanted) {
        var it = doc.get("components").get("schemas").properties().iterator();
        while (it.hasNext()) {
            var e = it.next();
            JsonNode gvks = e.getValue().get("x-kubernetes-group-version-kind");
            if (gvks != null) {
                assertThat(gvks.isArray())
                        .as("GVK extension of schema %s is an array", e.getKey())
                        .isTrue();
                for (JsonNode g : gvks) {
                    if (gvk(g).equals(wanted)) {
                        return Optional.of(e.getKey());
                    }
                }
            }
        }
        return Optional.empty();
    }

    @Test
    void everyResourceIsExplainable() {
        for (GroupVersion gv : REGISTRY.groupVersions()) {
            JsonNode doc = doc(gv.group(), gv.version());
            for (ResourceType rt : REGISTRY.resources(gv.group(), gv.version())) {
                GroupVersionKind found = explainGvk(doc, gv, rt.plural()).orElseThrow();
                assertThat(found).isEqualTo(rt.gvk(gv.version()));
                String schema = schemaFor(doc, found).orElseThrow(() -> new AssertionError("no schema for " + found));
                assertThat(schema).isEqualTo(SchemaNames.of(found));
                JsonNode properties =
                        doc.get("components").get("schemas").get(schema).get("properties");
                assertThat(properties.has("apiVersion") && properties.has("kind") && properties.has("metadata"))
                        .isTrue();
                assertThat(schemaFor(doc, new GroupVersionKind(gv.group(), gv.version(), rt.listKind())))
                        .as("list kind of %s", rt.plural())
                        .isEqualTo(
                                rt.supportsVerb("list")
                                        ? java.util.Optional.of(SchemaNames.of(
                                                new GroupVersionKind(gv.group(), gv.version(), rt.listKind())))
                                        : java.util.Optional.empty());
            }
        }
    }

    @Test
    void schemaNamesFollowGoPackages() {
        JsonNode schemas =
                doc("core.gardener.cloud", "v1beta1").get("components").get("schemas");
        assertThat(schemas.has("com.github.gardener.gardener.pkg.apis.core.v1beta1.Shoot"))
                .isTrue();
        assertThat(schemas.has("com.github.gardener.gardener.pkg.apis.core.v1beta1.ShootList"))
                .isTrue();
        assertThat(schemas.has("com.github.gardener.gardener.pkg.apis.authentication.v1alpha1.AdminKubeconfigRequest"))
                .isTrue();
        assertThat(schemas.has("io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"))
                .isTrue();
        assertThat(doc("operator.gardener.cloud", "v1alpha1")
                        .get("components")
                        .get("schemas")
                        .has("com.github.gardener.gardener.pkg.apis.operator.v1alpha1.Garden"))
                .isTrue();
        assertThat(doc("seedmanagement.gardener.cloud", "v1alpha1")
                        .get("components")
                        .get("schemas")
                        .has("io.k8s.api.autoscaling.v1.Scale"))
                .isTrue();
        assertThat(doc("core.gardener.cloud", "v1")
                        .get("components")
                        .get("schemas")
                        .has("com.github.gardener.gardener.pkg.apis.core.v1.ControllerDeployment"))
                .isTrue();

        JsonNode shoot = schemas.get("com.github.gardener.gardener.pkg.apis.core.v1beta1.Shoot");
        assertThat(shoot.get("x-kubernetes-group-version-kind").toString())
                .isEqualTo("[{\"group\":\"core.gardener.cloud\",\"kind\":\"Shoot\",\"version\":\"v1beta1\"}]");
        // modelled kinds carry their full schema: spec refers to ShootSpec, which lists every field
        assertThat(shoot.at("/properties/spec/allOf/0/$ref").asText())
                .isEqualTo("#/components/schemas/com.github.gardener.gardener.pkg.apis.core.v1beta1.ShootSpec");
        assertThat(schemas.get("com.github.gardener.gardener.pkg.apis.core.v1beta1.ShootSpec")
                        .at("/properties/provider/allOf/0/$ref")
                        .asText())
                .endsWith("v1beta1.Provider");
        assertThat(schemas.get("com.github.gardener.gardener.pkg.apis.core.v1beta1.Provider")
                        .at("/properties/workers/x-kubernetes-patch-merge-key")
                        .asText())
                .isEqualTo("name");
        assertThat(shoot.get("properties")
                        .get("metadata")
                        .get("allOf")
                        .get(0)
                        .get("$ref")
                        .asText())
                .isEqualTo("#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta");
    }

    @Test
    void coreV1KindsHaveTheirRealFields() {
        JsonNode schemas = doc("", "v1").get("components").get("schemas");
        JsonNode secret = schemas.get("io.k8s.api.core.v1.Secret").get("properties");
        assertThat(secret.get("data").get("additionalProperties").toString())
                .isEqualTo("{\"type\":\"string\",\"format\":\"byte\"}");
        assertThat(secret.has("stringData") && secret.has("type") && secret.has("immutable"))
                .isTrue();
        JsonNode configMap = schemas.get("io.k8s.api.core.v1.ConfigMap").get("properties");
        assertThat(configMap.has("data") && configMap.has("binaryData") && configMap.has("immutable"))
                .isTrue();
        assertThat(schemas.get("io.k8s.api.core.v1.NamespaceSpec")
                        .get("properties")
                        .has("finalizers"))
                .isTrue();
        assertThat(schemas.get("io.k8s.api.core.v1.NamespaceStatus")
                        .get("properties")
                        .has("phase"))
                .isTrue();
        assertThat(schemas.get("io.k8s.api.core.v1.Namespace")
                        .get("x-kubernetes-group-version-kind")
                        .toString())
                .isEqualTo("[{\"group\":\"\",\"kind\":\"Namespace\",\"version\":\"v1\"}]");
        JsonNode objectMeta =
                schemas.get("io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta").get("properties");
        for (String field : List.of(
                "annotations",
                "creationTimestamp",
                "deletionTimestamp",
                "finalizers",
                "generateName",
                "generation",
                "labels",
                "managedFields",
                "name",
                "namespace",
                "ownerReferences",
                "resourceVersion",
                "uid")) {
            assertThat(objectMeta.has(field)).as(field).isTrue();
        }
        assertThat(objectMeta
                        .get("labels")
                        .get("additionalProperties")
                        .get("type")
                        .asText())
                .isEqualTo("string");
    }

    @Test
    void everyPatchDelegatesValidationAndOffersNoStrategicMerge() {
        for (GroupVersion gv : REGISTRY.groupVersions()) {
            JsonNode doc = doc(gv.group(), gv.version());
            int patches = 0;
            for (JsonNode item : doc.get("paths")) {
                JsonNode patch = item.get("patch");
                if (patch == null) {
                    continue;
                }
                patches++;
                List<String> params = new ArrayList<>();
                patch.get("parameters").forEach(p -> {
                    assertThat(p.get("in").asText()).isEqualTo("query");
                    params.add(p.get("name").asText());
                });
                assertThat(params).contains("dryRun", "fieldManager", "fieldValidation", "force");
                List<String> types = new ArrayList<>();
                patch.get("requestBody").get("content").fieldNames().forEachRemaining(types::add);
                assertThat(types)
                        .containsExactlyElementsOf(PatchTypes.ADVERTISED)
                        .contains("application/strategic-merge-patch+json");
                assertThat(patch.get("x-kubernetes-group-version-kind").isObject())
                        .isTrue();
            }
            boolean patchable =
                    REGISTRY.resources(gv.group(), gv.version()).stream().anyMatch(rt -> rt.supportsVerb("patch"));
            assertThat(patches > 0).as("patch operations in %s", gv).isEqualTo(patchable);
        }
    }

    @Test
    void putAndPostListWriteParameters() {
        JsonNode doc = doc("core.gardener.cloud", "v1beta1");
        JsonNode collection = doc.get("paths").get("/apis/core.gardener.cloud/v1beta1/namespaces/{namespace}/shoots");
        JsonNode item = doc.get("paths").get("/apis/core.gardener.cloud/v1beta1/namespaces/{namespace}/shoots/{name}");
        for (JsonNode op : List.of(collection.get("post"), item.get("put"))) {
            List<String> params = new ArrayList<>();
            op.get("parameters").forEach(p -> params.add(p.get("name").asText()));
            assertThat(params).containsExactly("dryRun", "fieldManager", "fieldValidation");
        }
    }

    @Test
    void operationsCarryIdsActionsAndKinds() {
        JsonNode paths = doc("core.gardener.cloud", "v1beta1").get("paths");
        String ns = "/apis/core.gardener.cloud/v1beta1/namespaces/{namespace}/shoots";
        assertThat(paths.get(ns).get("get").get("operationId").asText())
                .isEqualTo("listCoreGardenerCloudV1beta1NamespacedShoot");
        assertThat(paths.get(ns).get("post").get("operationId").asText())
                .isEqualTo("createCoreGardenerCloudV1beta1NamespacedShoot");
        assertThat(paths.get(ns).get("delete").get("operationId").asText())
                .isEqualTo("deleteCoreGardenerCloudV1beta1CollectionNamespacedShoot");
        assertThat(paths.get(ns).get("delete").get("x-kubernetes-action").asText())
                .isEqualTo("deletecollection");
        assertThat(paths.get(ns + "/{name}").get("get").get("operationId").asText())
                .isEqualTo("readCoreGardenerCloudV1beta1NamespacedShoot");
        assertThat(paths.get(ns + "/{name}")
                        .get("put")
                        .get("x-kubernetes-action")
                        .asText())
                .isEqualTo("put");
        assertThat(paths.get("/apis/core.gardener.cloud/v1beta1/shoots")
                        .get("get")
                        .get("operationId")
                        .asText())
                .isEqualTo("listCoreGardenerCloudV1beta1ShootForAllNamespaces");
        assertThat(paths.get("/apis/core.gardener.cloud/v1beta1/shoots").has("post"))
                .isFalse();
        JsonNode admin = paths.get(ns + "/{name}/adminkubeconfig");
        assertThat(admin.has("get")).isFalse();
        assertThat(admin.get("post").get("operationId").asText())
                .isEqualTo("createCoreGardenerCloudV1beta1NamespacedShootAdminkubeconfig");
        assertThat(admin.get("post").get("x-kubernetes-group-version-kind").toString())
                .isEqualTo(
                        "{\"group\":\"authentication.gardener.cloud\",\"kind\":\"AdminKubeconfigRequest\",\"version\":\"v1alpha1\"}");
        assertThat(paths.get("/apis/core.gardener.cloud/v1beta1/seeds/{name}/status")
                        .get("patch")
                        .get("operationId")
                        .asText())
                .isEqualTo("patchCoreGardenerCloudV1beta1SeedStatus");
        assertThat(paths.has("/apis/core.gardener.cloud/v1beta1/seeds")).isTrue();

        for (GroupVersion gv : REGISTRY.groupVersions()) {
            Set<String> ids = new HashSet<>();
            for (JsonNode item : doc(gv.group(), gv.version()).get("paths")) {
                for (String method : OPERATIONS) {
                    JsonNode op = item.get(method);
                    if (op != null) {
                        assertThat(ids.add(op.get("operationId").asText()))
                                .as("unique %s", op.get("operationId"))
                                .isTrue();
                        assertThat(op.get("x-kubernetes-action").asText())
                                .isIn("get", "list", "post", "put", "patch", "delete", "deletecollection");
                        assertThat(op.get("x-kubernetes-group-version-kind").isObject())
                                .isTrue();
                    }
                }
            }
        }
        // kube-apiserver's namespace store has no deletecollection.
        assertThat(doc("", "v1").get("paths").get("/api/v1/namespaces").has("delete"))
                .isFalse();
        assertThat(doc("", "v1")
                        .get("paths")
                        .get("/api/v1/namespaces/{namespace}/secrets")
                        .has("delete"))
                .isTrue();
    }

    @Test
    void everyReferenceResolves() {
        for (GroupVersion gv : REGISTRY.groupVersions()) {
            JsonNode doc = doc(gv.group(), gv.version());
            JsonNode schemas = doc.get("components").get("schemas");
            List<String> refs = new ArrayList<>();
            collectRefs(doc, refs);
            assertThat(refs).isNotEmpty();
            for (String ref : refs) {
                assertThat(ref).startsWith("#/components/schemas/");
                assertThat(schemas.has(ref.substring("#/components/schemas/".length())))
                        .as(ref)
                        .isTrue();
            }
        }
    }

    static void collectRefs(JsonNode node, List<String> refs) {
        if (node.isObject()) {
            node.properties().forEach(e -> {
                if (e.getKey().equals("$ref")) {
                    refs.add(e.getValue().asText());
                } else {
                    collectRefs(e.getValue(), refs);
                }
            });
        } else if (node.isArray()) {
            node.forEach(n -> collectRefs(n, refs));
        }
    }

    @Test
    void rootLinksEveryGroupVersionWithItsHash() {
        JsonNode root = Json.readTree(OPENAPI.root().json());
        List<String> keys = new ArrayList<>();
        root.get("paths").fieldNames().forEachRemaining(keys::add);
        assertThat(keys)
                .containsExactly(
                        "api/v1",
                        "apis/authentication.k8s.io/v1",
                        "apis/authentication.k8s.io/v1beta1",
                        "apis/authorization.k8s.io/v1",
                        "apis/core.gardener.cloud/v1",
                        "apis/core.gardener.cloud/v1beta1",
                        "apis/events.k8s.io/v1",
                        "apis/operations.gardener.cloud/v1alpha1",
                        "apis/operator.gardener.cloud/v1alpha1",
                        "apis/security.gardener.cloud/v1alpha1",
                        "apis/seedmanagement.gardener.cloud/v1alpha1");
        for (Map.Entry<GroupVersion, OpenApiDocument> e : OPENAPI.documents().entrySet()) {
            OpenApiDocument document = e.getValue();
            assertThat(document.hash())
                    .isEqualTo(ContentHash.sha512Hex(document.json()))
                    .matches("[0-9A-F]{128}");
            assertThat(document.etag()).isEqualTo("\"" + document.hash() + "\"");
            String key = OpenApiV3.pathKey(e.getKey());
            assertThat(root.get("paths").get(key).get("serverRelativeURL").asText())
                    .isEqualTo("/openapi/v3/" + key + "?hash=" + document.hash());
        }
        assertThat(OPENAPI.root().hash())
                .isEqualTo(ContentHash.sha512Hex(OPENAPI.root().json()));
        JsonNode shootDoc = doc("core.gardener.cloud", "v1beta1");
        assertThat(shootDoc.get("openapi").asText()).isEqualTo("3.0.0");
        assertThat(shootDoc.get("info").get("title").asText()).isEqualTo("Gardener");
    }

    @Test
    void documentsAreStable() {
        OpenApiV3 again = new OpenApiV3(ResourceRegistry.standard(true));
        assertThat(again.root()).isEqualTo(OPENAPI.root());
        assertThat(again.document("core.gardener.cloud", "v1beta1"))
                .isEqualTo(OPENAPI.document("core.gardener.cloud", "v1beta1"));
        OpenApiV3 withoutCore = new OpenApiV3(ResourceRegistry.standard(false));
        assertThat(withoutCore.document("", "v1")).isEmpty();
        assertThat(Json.readTree(withoutCore.root().json()).get("paths").has("api/v1"))
                .isFalse();
        assertThat(OPENAPI.document("core.gardener.cloud", "v2")).isEmpty();
    }
}

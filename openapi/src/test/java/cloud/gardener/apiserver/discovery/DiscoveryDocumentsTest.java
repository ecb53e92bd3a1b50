package cloud.gardener.apiserver.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.openapi.ContentHash;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiscoveryDocumentsTest {

    private static final String ALL_VERBS =
            "[\"create\",\"delete\",\"deletecollection\",\"get\",\"list\",\"patch\",\"update\",\"watch\"]";

    private final DiscoveryDocuments docs = new DiscoveryDocuments(ResourceRegistry.standard(true));
    /** Cluster mode: Gardener's groups alone (standalone serves kube-apiserver's events and reviews before them). */
    private final DiscoveryDocuments gardenerDocs = new DiscoveryDocuments(ResourceRegistry.standard(false));

    private static JsonNode entry(JsonNode list, String field, String name) {
        for (JsonNode e : list) {
            if (e.path(field).asText().equals(name)) {
                return e;
            }
        }
        throw new AssertionError(name + " not found");
    }

    @Test
    void storageVersionHashMatchesKubernetes() {
        // kube-apiserver's /api/v1 advertises these for namespaces, configmaps and pods.
        assertThat(DiscoveryDocuments.storageVersionHash("", "v1", "Namespace")).isEqualTo("Q3oi5N2YM8M=");
        assertThat(DiscoveryDocuments.storageVersionHash("", "v1", "ConfigMap")).isEqualTo("qFsyl6wFWjQ=");
        assertThat(DiscoveryDocuments.storageVersionHash("", "v1", "Pod")).isEqualTo("xPOwRZ+Yhw8=");
    }

    @Test
    void apiResourceListEntriesAreExact() {
        JsonNode list = docs.apiResourceList("core.gardener.cloud", "v1beta1").orElseThrow();
        assertThat(list.get("kind").asText()).isEqualTo("APIResourceList");
        assertThat(list.get("apiVersion").asText()).isEqualTo("v1");
        assertThat(list.get("groupVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
        JsonNode resources = list.get("resources");
        assertThat(Json.toJson(entry(resources, "name", "shoots")))
                .isEqualTo("{\"name\":\"shoots\",\"singularName\":\"shoot\","
                        + "\"namespaced\":true,\"kind\":\"Shoot\",\"verbs\":" + ALL_VERBS + ",\"categories\":[\"all\"],"
                        + "\"storageVersionHash\":\"XxlBFIEQst4=\"}");
        assertThat(Json.toJson(entry(resources, "name", "shoots/status")))
                .isEqualTo(
                        "{\"name\":\"shoots/status\","
                                + "\"singularName\":\"\",\"namespaced\":true,\"kind\":\"Shoot\",\"verbs\":[\"get\",\"patch\",\"update\"]}");
        assertThat(Json.toJson(entry(resources, "name", "shoots/binding")))
                .isEqualTo(
                        "{\"name\":\"shoots/binding\","
                                + "\"singularName\":\"\",\"namespaced\":true,\"kind\":\"Shoot\",\"verbs\":[\"get\",\"patch\",\"update\"]}");
        assertThat(Json.toJson(entry(resources, "name", "shoots/adminkubeconfig")))
                .isEqualTo("{\"name\":\"shoots/adminkubeconfig\",\"singularName\":\"\",\"namespaced\":true,"
                        + "\"group\":\"authentication.gardener.cloud\",\"version\":\"v1alpha1\","
                        + "\"kind\":\"AdminKubeconfigRequest\",\"verbs\":[\"create\"]}");
        assertThat(Json.toJson(entry(resources, "name", "cloudprofiles")))
                .isEqualTo("{\"name\":\"cloudprofiles\","
                        + "\"singularName\":\"cloudprofile\",\"namespaced\":false,\"kind\":\"CloudProfile\",\"verbs\":"
                        + ALL_VERBS
                        + ",\"shortNames\":[\"cprofile\",\"cpfl\"],\"storageVersionHash\":\""
                        + DiscoveryDocuments.storageVersionHash("core.gardener.cloud", "v1beta1", "CloudProfile")
                        + "\"}");
        // controllerdeployments are stored as v1, so both versions advertise the v1 hash.
        assertThat(entry(resources, "name", "controllerdeployments")
                        .get("storageVersionHash")
                        .asText())
                .isEqualTo("1J9w2TONi8c=");
    }

    @Test
    void resourcesAreSortedByPathAndVerbsSorted() {
        JsonNode resources = docs.apiResourceList("core.gardener.cloud", "v1beta1")
                .orElseThrow()
                .get("resources");
        List<String> names = new ArrayList<>();
        resources.forEach(r -> names.add(r.get("name").asText()));
        assertThat(names).isSorted();
        assertThat(names)
                .containsSubsequence(
                        "shoots",
                        "shoots/adminkubeconfig",
                        "shoots/binding",
                        "shoots/status",
                        "shoots/viewerkubeconfig",
                        "shootstates");
        for (JsonNode r : resources) {
            List<String> verbs = new ArrayList<>();
            r.get("verbs").forEach(v -> verbs.add(v.asText()));
            assertThat(verbs).isSorted();
            assertThat(r.has("storageVersionHash"))
                    .isEqualTo(!r.get("name").asText().contains("/"));
        }
    }

    @Test
    void scaleSubresourceNamesItsOwnGroupVersion() {
        JsonNode resources = docs.apiResourceList("seedmanagement.gardener.cloud", "v1alpha1")
                .orElseThrow()
                .get("resources");
        assertThat(Json.toJson(entry(resources, "name", "managedseedsets/scale")))
                .isEqualTo(
                        "{\"name\":\"managedseedsets/scale\",\"singularName\":\"\",\"namespaced\":true,\"group\":\"autoscaling\","
                                + "\"version\":\"v1\",\"kind\":\"Scale\",\"verbs\":[\"get\",\"patch\",\"update\"]}");
        assertThat(entry(resources, "name", "managedseedsets")
                        .get("storageVersionHash")
                        .asText())
                .isEqualTo("OHyOTFtBLH8=");
    }

    @Test
    void coreV1ResourceListHasNoApiVersion() {
        JsonNode list = docs.apiResourceList("", "v1").orElseThrow();
        assertThat(list.has("apiVersion")).isFalse();
        assertThat(list.get("groupVersion").asText()).isEqualTo("v1");
        assertThat(Json.toJson(entry(list.get("resources"), "name", "namespaces")))
                .isEqualTo(
                        "{\"name\":\"namespaces\",\"singularName\":\"namespace\",\"namespaced\":false,\"kind\":\"Namespace\","
                                + "\"verbs\":[\"create\",\"delete\",\"get\",\"list\",\"patch\",\"update\",\"watch\"],"
                                + "\"shortNames\":[\"ns\"],\"storageVersionHash\":\"Q3oi5N2YM8M=\"}");
        assertThat(Json.toJson(entry(list.get("resources"), "name", "namespaces/finalize")))
                .isEqualTo(
                        "{\"name\":\"namespaces/finalize\",\"singularName\":\"\",\"namespaced\":false,\"kind\":\"Namespace\","
                                + "\"verbs\":[\"update\"]}");
        assertThat(new DiscoveryDocuments(ResourceRegistry.standard(false)).apiResourceList("", "v1"))
                .isEmpty();
        assertThat(docs.apiResourceList("core.gardener.cloud", "v2")).isEmpty();
    }

    @Test
    void apiVersionsGroupListAndGroup() {
        assertThat(Json.toJson(DiscoveryDocuments.apiVersions("10.0.0.1:443")))
                .isEqualTo("{\"kind\":\"APIVersions\","
                        + "\"versions\":[\"v1\"],\"serverAddressByClientCIDRs\":[{\"clientCIDR\":\"0.0.0.0/0\","
                        + "\"serverAddress\":\"10.0.0.1:443\"}]}");
        ObjectNode groups = gardenerDocs.apiGroupList(null);
        assertThat(groups.get("kind").asText()).isEqualTo("APIGroupList");
        assertThat(Json.toJson(groups.get("groups").get(0)))
                .isEqualTo(
                        "{\"name\":\"core.gardener.cloud\",\"versions\":["
                                + "{\"groupVersion\":\"core.gardener.cloud/v1beta1\",\"version\":\"v1beta1\"},"
                                + "{\"groupVersion\":\"core.gardener.cloud/v1\",\"version\":\"v1\"}],"
                                + "\"preferredVersion\":{\"groupVersion\":\"core.gardener.cloud/v1beta1\",\"version\":\"v1beta1\"}}");
        List<String> names = new ArrayList<>();
        groups.get("groups").forEach(g -> names.add(g.get("name").asText()));
        assertThat(names)
                .containsExactly(
                        "core.gardener.cloud",
                        "operations.gardener.cloud",
                        "operator.gardener.cloud",
                        "seedmanagement.gardener.cloud",
                        "security.gardener.cloud");
        assertThat(Json.toJson(docs.apiGroup("security.gardener.cloud", "h:1").orElseThrow()))
                .isEqualTo(
                        "{\"kind\":\"APIGroup\",\"apiVersion\":\"v1\",\"name\":\"security.gardener.cloud\",\"versions\":["
                                + "{\"groupVersion\":\"security.gardener.cloud/v1alpha1\",\"version\":\"v1alpha1\"}],"
                                + "\"preferredVersion\":{\"groupVersion\":\"security.gardener.cloud/v1alpha1\",\"version\":\"v1alpha1\"},"
                                + "\"serverAddressByClientCIDRs\":[{\"clientCIDR\":\"0.0.0.0/0\",\"serverAddress\":\"h:1\"}]}");
        assertThat(docs.apiGroup("", null)).isEmpty();
        assertThat(docs.apiGroup("settings.gardener.cloud", null)).isEmpty();
    }

    @Test
    void aggregatedDocumentShape() {
        JsonNode doc = gardenerDocs.aggregatedApis(AggregatedDiscoveryVersion.V2);
        assertThat(doc.get("kind").asText()).isEqualTo("APIGroupDiscoveryList");
        assertThat(doc.get("apiVersion").asText()).isEqualTo("apidiscovery.k8s.io/v2");
        assertThat(doc.get("metadata").isEmpty()).isTrue();
        JsonNode core = doc.get("items").get(0);
        assertThat(Json.toJson(core.get("metadata")))
                .isEqualTo("{\"name\":\"core.gardener.cloud\",\"creationTimestamp\":null}");
        assertThat(core.get("versions").get(0).get("version").asText()).isEqualTo("v1beta1");
        assertThat(core.get("versions").get(1).get("version").asText()).isEqualTo("v1");
        JsonNode shoots = entry(core.get("versions").get(0).get("resources"), "resource", "shoots");
        assertThat(Json.toJson(shoots))
                .isEqualTo("{\"resource\":\"shoots\",\"responseKind\":{\"group\":\"core.gardener.cloud\","
                        + "\"version\":\"v1beta1\",\"kind\":\"Shoot\"},\"scope\":\"Namespaced\",\"singularResource\":\"shoot\","
                        + "\"verbs\":" + ALL_VERBS + ",\"categories\":[\"all\"],\"subresources\":["
                        + "{\"subresource\":\"adminkubeconfig\",\"responseKind\":{\"group\":\"authentication.gardener.cloud\","
                        + "\"version\":\"v1alpha1\",\"kind\":\"AdminKubeconfigRequest\"},\"verbs\":[\"create\"]},"
                        + "{\"subresource\":\"binding\",\"responseKind\":{\"group\":\"core.gardener.cloud\",\"version\":\"v1beta1\","
                        + "\"kind\":\"Shoot\"},\"verbs\":[\"get\",\"patch\",\"update\"]},"
                        + "{\"subresource\":\"status\",\"responseKind\":{\"group\":\"core.gardener.cloud\",\"version\":\"v1beta1\","
                        + "\"kind\":\"Shoot\"},\"verbs\":[\"get\",\"patch\",\"update\"]},"
                        + "{\"subresource\":\"viewerkubeconfig\",\"responseKind\":{\"group\":\"authentication.gardener.cloud\","
                        + "\"version\":\"v1alpha1\",\"kind\":\"ViewerKubeconfigRequest\"},\"verbs\":[\"create\"]}]}");
        JsonNode v1 = core.get("versions").get(1);
        assertThat(Json.toJson(v1))
                .startsWith("{\"version\":\"v1\",\"resources\":[{\"resource\":\"controllerdeployments\","
                        + "\"responseKind\":{\"group\":\"core.gardener.cloud\",\"version\":\"v1\",\"kind\":\"ControllerDeployment\"},"
                        + "\"scope\":\"Cluster\"")
                .endsWith("],\"freshness\":\"Current\"}");
        List<String> groups = new ArrayList<>();
        doc.get("items").forEach(g -> groups.add(g.get("metadata").get("name").asText()));
        assertThat(groups)
                .containsExactly(
                        "core.gardener.cloud",
                        "operations.gardener.cloud",
                        "operator.gardener.cloud",
                        "seedmanagement.gardener.cloud",
                        "security.gardener.cloud");
        assertThat(docs.aggregatedApis(AggregatedDiscoveryVersion.V2BETA1)
                        .get("apiVersion")
                        .asText())
                .isEqualTo("apidiscovery.k8s.io/v2beta1");
        assertThat(AggregatedDiscoveryVersion.V2.contentType())
                .isEqualTo("application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList");
    }

    @Test
    void etagHashesTheItemsListWithoutTypeMeta() {
        String json = new String(docs.aggregatedApisJson(AggregatedDiscoveryVersion.V2), StandardCharsets.UTF_8);
        String prefix = "{\"kind\":\"APIGroupDiscoveryList\",\"apiVersion\":\"apidiscovery.k8s.io/v2\",";
        assertThat(json).startsWith(prefix + "\"metadata\":{},\"items\":[");
        String hashed = "{" + json.substring(prefix.length());
        assertThat(docs.aggregatedApisEtag())
                .isEqualTo("\"" + ContentHash.sha512Hex(hashed.getBytes(StandardCharsets.UTF_8)) + "\"")
                .matches("\"[0-9A-F]{128}\"");
        // Same content, same tag, across instances and versions of the document.
        assertThat(new DiscoveryDocuments(ResourceRegistry.standard(true)).aggregatedApisEtag())
                .isEqualTo(docs.aggregatedApisEtag());
        // standalone serves more groups (events, the reviews), so its tag differs from cluster mode's
        assertThat(gardenerDocs.aggregatedApisEtag()).isNotEqualTo(docs.aggregatedApisEtag());
        List<String> standalone = new ArrayList<>();
        docs.apiGroupList(null)
                .get("groups")
                .forEach(g -> standalone.add(g.get("name").asText()));
        assertThat(standalone)
                .startsWith("events.k8s.io", "authentication.k8s.io", "authorization.k8s.io", "core.gardener.cloud");
    }

    @Test
    void aggregatedCoreGroupOnlyForApi() {
        JsonNode api = Json.readTree(
                docs.aggregatedApiJson(AggregatedDiscoveryVersion.V2).orElseThrow());
        JsonNode core = api.get("items").get(0);
        assertThat(Json.toJson(core.get("metadata"))).isEqualTo("{\"creationTimestamp\":null}");
        JsonNode namespaces = entry(core.get("versions").get(0).get("resources"), "resource", "namespaces");
        assertThat(namespaces.get("scope").asText()).isEqualTo("Cluster");
        assertThat(namespaces.get("responseKind").toString())
                .isEqualTo("{\"group\":\"\",\"version\":\"v1\",\"kind\":\"Namespace\"}");
        assertThat(docs.aggregatedApiEtag()).isPresent();
        DiscoveryDocuments withoutCore = new DiscoveryDocuments(ResourceRegistry.standard(false));
        assertThat(withoutCore.aggregatedApiJson(AggregatedDiscoveryVersion.V2)).isEmpty();
        assertThat(withoutCore.aggregatedApiEtag()).isEmpty();
    }
}

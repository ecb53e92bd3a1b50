package cloud.gardener.apiserver.discovery;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.ApiGroup;
import cloud.gardener.apiserver.api.resource.GroupVersion;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.Subresource;
import cloud.gardener.apiserver.openapi.ContentHash;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The discovery documents of a registry, shaped field for field like k8s.io/apiserver's: legacy
 * {@code /api}, {@code /api/v1}, {@code /apis}, {@code /apis/<g>}, {@code /apis/<g>/<v>}, and the
 * aggregated {@code APIGroupDiscoveryList} for {@code /apis} and {@code /api}. The aggregated
 * documents and their ETags are computed once; the others are small and built per call.
 */
public final class DiscoveryDocuments {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final ResourceRegistry registry;
    private final Aggregated apis;
    private final Aggregated api;

    /** One precomputed aggregated document: the bytes per version and the ETag (quoted). */
    private record Aggregated(Map<AggregatedDiscoveryVersion, byte[]> json, String etag) {}

    public DiscoveryDocuments(ResourceRegistry registry) {
        this.registry = registry;
        this.apis = aggregate(registry.namedGroups());
        this.api = registry.servesLegacyCore()
                ? aggregate(List.of(registry.group("").orElseThrow()))
                : null;
    }

    // ---- legacy discovery ----

    /** {@code GET /api}: {@code APIVersions}, which Kubernetes writes without {@code apiVersion}. */
    public static ObjectNode apiVersions(String serverAddress) {
        ObjectNode doc = NODES.objectNode();
        doc.put("kind", "APIVersions");
        doc.putArray("versions").add("v1");
        addServerAddress(doc, serverAddress);
        return doc;
    }

    /** {@code GET /apis}: every named group, core.gardener.cloud first. */
    public ObjectNode apiGroupList(String serverAddress) {
        ObjectNode doc = NODES.objectNode();
        doc.put("kind", "APIGroupList");
        doc.put("apiVersion", "v1");
        ArrayNode groups = doc.putArray("groups");
        for (ApiGroup group : registry.namedGroups()) {
            groups.add(groupBody(NODES.objectNode(), group, serverAddress));
        }
        return doc;
    }

    /** {@code GET /apis/<group>}, empty when the group is not served. */
    public Optional<ObjectNode> apiGroup(String name, String serverAddress) {
        return registry.group(name).filter(g -> !g.isLegacyCore()).map(group -> {
            ObjectNode doc = NODES.objectNode();
            doc.put("kind", "APIGroup");
            doc.put("apiVersion", "v1");
            return groupBody(doc, group, serverAddress);
        });
    }

    private static ObjectNode groupBody(ObjectNode node, ApiGroup group, String serverAddress) {
        node.put("name", group.name());
        ArrayNode versions = node.putArray("versions");
        for (GroupVersion gv : group.groupVersions()) {
            versions.add(versionForDiscovery(gv));
        }
        node.set("preferredVersion", versionForDiscovery(new GroupVersion(group.name(), group.preferredVersion())));
        addServerAddress(node, serverAddress);
        return node;
    }

    private static ObjectNode versionForDiscovery(GroupVersion gv) {
        ObjectNode node = NODES.objectNode();
        node.put("groupVersion", gv.toString());
        node.put("version", gv.version());
        return node;
    }

    private static void addServerAddress(ObjectNode node, String serverAddress) {
        if (serverAddress != null && !serverAddress.isEmpty()) {
            ObjectNode cidr = node.putArray("serverAddressByClientCIDRs").addObject();
            cidr.put("clientCIDR", "0.0.0.0/0");
            cidr.put("serverAddress", serverAddress);
        }
    }

    /**
     * {@code GET /apis/<g>/<v>} or, for the core group, {@code GET /api/v1} (which Kubernetes writes
     * without {@code apiVersion}); empty when the group-version is not served.
     */
    public Optional<ObjectNode> apiResourceList(String group, String version) {
        if (!registry.servesGroupVersion(group, version)) {
            return Optional.empty();
        }
        GroupVersion gv = new GroupVersion(group, version);
        ObjectNode doc = NODES.objectNode();
        doc.put("kind", "APIResourceList");
        if (!group.isEmpty()) {
            doc.put("apiVersion", "v1");
        }
        doc.put("groupVersion", gv.toString());
        List<ObjectNode> entries = new ArrayList<>();
        for (ResourceType rt : registry.resources(group, version)) {
            entries.add(legacyResource(rt));
            for (Subresource sub : rt.subresources()) {
                entries.add(legacySubresource(rt, sub, gv));
            }
        }
        // The installer sorts by path, so "shoots/status" sorts before "shootstates".
        entries.sort(Comparator.comparing(e -> e.get("name").asText()));
        doc.putArray("resources").addAll(entries);
        return Optional.of(doc);
    }

    private static ObjectNode legacyResource(ResourceType rt) {
        ObjectNode node = NODES.objectNode();
        node.put("name", rt.plural());
        node.put("singularName", rt.singular());
        node.put("namespaced", rt.namespaced());
        node.put("kind", rt.kind());
        putStrings(node, "verbs", rt.verbs());
        if (!rt.shortNames().isEmpty()) {
            putStrings(node, "shortNames", rt.shortNames());
        }
        if (!rt.categories().isEmpty()) {
            putStrings(node, "categories", rt.categories());
        }
        node.put("storageVersionHash", storageVersionHash(rt.group(), rt.storageVersion(), rt.kind()));
        return node;
    }

    private static ObjectNode legacySubresource(ResourceType rt, Subresource sub, GroupVersion gv) {
        GroupVersionKind kind = rt.responseKind(sub, gv.version());
        ObjectNode node = NODES.objectNode();
        node.put("name", rt.plural() + "/" + sub.name());
        node.put("singularName", "");
        node.put("namespaced", rt.namespaced());
        if (!kind.group().equals(gv.group()) || !kind.version().equals(gv.version())) {
            node.put("group", kind.group());
            node.put("version", kind.version());
        }
        node.put("kind", kind.kind());
        putStrings(node, "verbs", sub.verbs());
        return node;
    }

    // ---- aggregated discovery ----

    /** {@code GET /apis} as {@code APIGroupDiscoveryList} in the requested version. */
    public byte[] aggregatedApisJson(AggregatedDiscoveryVersion version) {
        return apis.json().get(version);
    }

    /** The quoted ETag of the aggregated {@code /apis} document (the same for v2 and v2beta1). */
    public String aggregatedApisEtag() {
        return apis.etag();
    }

    /** {@code GET /api} as {@code APIGroupDiscoveryList}; empty unless the core group is served here. */
    public Optional<byte[]> aggregatedApiJson(AggregatedDiscoveryVersion version) {
        return Optional.ofNullable(api).map(a -> a.json().get(version));
    }

    public Optional<String> aggregatedApiEtag() {
        return Optional.ofNullable(api).map(Aggregated::etag);
    }

    /** The aggregated document as a tree (a fresh copy), mainly for tests and debugging. */
    public ObjectNode aggregatedApis(AggregatedDiscoveryVersion version) {
        return (ObjectNode) Json.readTree(aggregatedApisJson(version));
    }

    private Aggregated aggregate(List<ApiGroup> groups) {
        ArrayNode items = NODES.arrayNode();
        for (ApiGroup group : groups) {
            items.add(groupDiscovery(group));
        }
        // The ETag hashes what Go's json.Marshal makes of a list holding only items: no kind or apiVersion.
        ObjectNode hashed = NODES.objectNode();
        hashed.putObject("metadata");
        hashed.set("items", items);
        String etag = ContentHash.quotedSha512Hex(Json.toBytes(hashed));
        Map<AggregatedDiscoveryVersion, byte[]> json = new EnumMap<>(AggregatedDiscoveryVersion.class);
        for (AggregatedDiscoveryVersion version : AggregatedDiscoveryVersion.values()) {
            ObjectNode doc = NODES.objectNode();
            doc.put("kind", "APIGroupDiscoveryList");
            doc.put("apiVersion", version.apiVersion());
            doc.putObject("metadata");
            doc.set("items", items);
            json.put(version, Json.toBytes(doc));
        }
        return new Aggregated(json, etag);
    }

    private ObjectNode groupDiscovery(ApiGroup group) {
        ObjectNode node = NODES.objectNode();
        ObjectNode metadata = node.putObject("metadata");
        if (!group.name().isEmpty()) {
            metadata.put("name", group.name());
        }
        metadata.putNull("creationTimestamp");
        ArrayNode versions = node.putArray("versions");
        for (GroupVersion gv : group.groupVersions()) {
            ObjectNode version = versions.addObject();
            version.put("version", gv.version());
            ArrayNode resources = version.putArray("resources");
            for (ResourceType rt : registry.resources(gv.group(), gv.version())) {
                resources.add(resourceDiscovery(rt, gv));
            }
            if (resources.isEmpty()) {
                version.remove("resources");
            }
            version.put("freshness", "Current");
        }
        return node;
    }

    private static ObjectNode resourceDiscovery(ResourceType rt, GroupVersion gv) {
        ObjectNode node = NODES.objectNode();
        node.put("resource", rt.plural());
        node.set("responseKind", gvk(rt.gvk(gv.version())));
        node.put("scope", rt.namespaced() ? "Namespaced" : "Cluster");
        node.put("singularResource", rt.singular());
        putStrings(node, "verbs", rt.verbs());
        if (!rt.shortNames().isEmpty()) {
            putStrings(node, "shortNames", rt.shortNames());
        }
        if (!rt.categories().isEmpty()) {
            putStrings(node, "categories", rt.categories());
        }
        if (!rt.subresources().isEmpty()) {
            ArrayNode subresources = node.putArray("subresources");
            rt.subresources().stream()
                    .sorted(Comparator.comparing(Subresource::name))
                    .forEach(sub -> {
                        ObjectNode entry = subresources.addObject();
                        entry.put("subresource", sub.name());
                        entry.set("responseKind", gvk(rt.responseKind(sub, gv.version())));
                        putStrings(entry, "verbs", sub.verbs());
                    });
        }
        return node;
    }

    private static ObjectNode gvk(GroupVersionKind gvk) {
        ObjectNode node = NODES.objectNode();
        node.put("group", gvk.group());
        node.put("version", gvk.version());
        node.put("kind", gvk.kind());
        return node;
    }

    private static void putStrings(ObjectNode node, String field, List<String> values) {
        ArrayNode array = node.putArray(field);
        values.forEach(array::add);
    }

    /**
     * {@code discovery.StorageVersionHash}: standard base64 of the first 8 bytes of SHA-256 over
     * {@code "<group>/<version>/<kind>"} of the storage version (so {@code "/v1/Namespace"} for core).
     */
    public static String storageVersionHash(String group, String version, String kind) {
        try {
            byte[] sum = MessageDigest.getInstance("SHA-256")
                    .digest((group + "/" + version + "/" + kind).getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(Arrays.copyOf(sum, 8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is a mandatory JDK algorithm", e);
        }
    }
}

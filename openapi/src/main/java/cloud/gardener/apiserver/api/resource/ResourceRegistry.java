package cloud.gardener.apiserver.api.resource;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The immutable set of served resources and groups, with the lookups request routing, discovery and
 * OpenAPI need. Groups keep the order they were given in (the legacy core group, if any, first).
 */
public final class ResourceRegistry {

    private final List<ApiGroup> groups;
    private final List<ResourceType> resources;
    private final Map<String, ApiGroup> groupsByName = new LinkedHashMap<>();
    private final Map<String, ResourceType> byGroupVersionResource = new HashMap<>();
    private final Map<String, ResourceType> byGroupResource = new HashMap<>();
    private final Map<GroupVersionKind, ResourceType> byGvk = new HashMap<>();
    private final Map<GroupVersion, List<ResourceType>> byGroupVersion = new LinkedHashMap<>();

    private ResourceRegistry(List<ApiGroup> groups, List<ResourceType> resources) {
        List<ApiGroup> ordered = new ArrayList<>(groups);
        ordered.sort(Comparator.comparing(g -> !g.isLegacyCore())); // stable: only moves "" to the front
        this.groups = List.copyOf(ordered);
        this.resources = List.copyOf(resources);
        for (ApiGroup group : this.groups) {
            if (groupsByName.put(group.name(), group) != null) {
                throw new IllegalArgumentException("duplicate group " + group.name());
            }
            for (GroupVersion gv : group.groupVersions()) {
                byGroupVersion.put(gv, new ArrayList<>());
            }
        }
        for (ResourceType rt : this.resources) {
            index(rt);
        }
        byGroupVersion.replaceAll((gv, list) ->
                list.stream().sorted(Comparator.comparing(ResourceType::plural)).toList());
    }

    private void index(ResourceType rt) {
        ApiGroup group = groupsByName.get(rt.group());
        if (group == null) {
            throw new IllegalArgumentException("resource " + rt.plural() + " in unknown group \"" + rt.group() + "\"");
        }
        if (!rt.versions().contains(rt.storageVersion())) {
            throw new IllegalArgumentException("resource " + rt.plural() + " is not served in its storage version");
        }
        if (byGroupResource.put(rt.group() + "/" + rt.plural(), rt) != null) {
            throw new IllegalArgumentException("duplicate resource " + rt.groupResource());
        }
        for (String version : rt.versions()) {
            if (!group.versions().contains(version)) {
                throw new IllegalArgumentException("resource " + rt.plural() + " in unserved version " + version);
            }
            byGroupVersionResource.put(key(rt.group(), version, rt.plural()), rt);
            if (byGvk.put(rt.gvk(version), rt) != null) {
                throw new IllegalArgumentException("duplicate kind " + rt.gvk(version));
            }
            byGroupVersion.get(new GroupVersion(rt.group(), version)).add(rt);
        }
    }

    private static String key(String group, String version, String plural) {
        return group + "/" + version + "/" + plural;
    }

    public static ResourceRegistry of(List<ApiGroup> groups, List<ResourceType> resources) {
        return new ResourceRegistry(groups, resources);
    }

    /**
     * Gardener's resources, and with {@code withCoreV1} also the standalone namespaces, secrets and
     * configmaps of the core group and kube-apiserver's reviews (leave them out when a real kube-apiserver serves
     * them).
     */
    public static ResourceRegistry standard(boolean withCoreV1) {
        List<ApiGroup> groups = new ArrayList<>();
        List<ResourceType> resources = new ArrayList<>();
        if (withCoreV1) {
            groups.add(StandardResources.coreV1Group());
            resources.addAll(StandardResources.coreV1());
            groups.addAll(StandardResources.kubernetesGroups());
            resources.add(StandardResources.eventsV1());
            resources.addAll(StandardResources.kubernetesReviews());
        }
        groups.addAll(StandardResources.gardenerGroups());
        resources.addAll(StandardResources.gardener());
        return new ResourceRegistry(groups, resources);
    }

    /** Every served resource, in registration order. */
    public List<ResourceType> resources() {
        return resources;
    }

    /** The resource served at {@code (group, version, plural)}, if any. */
    public Optional<ResourceType> find(String group, String version, String plural) {
        return Optional.ofNullable(byGroupVersionResource.get(key(group, version, plural)));
    }

    /** The resource of a group regardless of version (authorization and storage are per group-resource). */
    public Optional<ResourceType> findGroupResource(String group, String plural) {
        return Optional.ofNullable(byGroupResource.get(group + "/" + plural));
    }

    /** The top-level resource whose kind this is; subresource-only kinds such as Scale are not found. */
    public Optional<ResourceType> find(GroupVersionKind gvk) {
        return Optional.ofNullable(byGvk.get(gvk));
    }

    /** The resources of one group-version, sorted by plural name; empty when the group-version is not served. */
    public List<ResourceType> resources(String group, String version) {
        return byGroupVersion.getOrDefault(new GroupVersion(group, version), List.of());
    }

    /** All served groups: the legacy core group first (if served), then the named groups in discovery order. */
    public List<ApiGroup> groups() {
        return groups;
    }

    /** The groups served under {@code /apis}, in discovery order. */
    public List<ApiGroup> namedGroups() {
        return groups.stream().filter(g -> !g.isLegacyCore()).toList();
    }

    public Optional<ApiGroup> group(String name) {
        return Optional.ofNullable(groupsByName.get(name));
    }

    public Optional<String> preferredVersion(String group) {
        return group(group).map(ApiGroup::preferredVersion);
    }

    /** Every served group-version, groups in discovery order, versions preferred first. */
    public List<GroupVersion> groupVersions() {
        return groups.stream().flatMap(g -> g.groupVersions().stream()).toList();
    }

    public boolean servesGroupVersion(String group, String version) {
        return byGroupVersion.containsKey(new GroupVersion(group, version));
    }

    /** Whether the legacy core group ({@code /api/v1}) is served by this server. */
    public boolean servesLegacyCore() {
        return groupsByName.containsKey("");
    }
}

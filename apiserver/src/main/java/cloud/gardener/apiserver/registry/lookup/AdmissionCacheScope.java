package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.selection.SelectableView;
import cloud.gardener.apiserver.registry.ResourceIndexes;
import cloud.gardener.apiserver.registry.ResourceKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which served resources the {@link ObjectCache} holds for admission. The plugins and the policy parameters read
 * nearly every Gardener resource through the lookup, so the cache follows all of them but ShootStates: no plugin
 * looks one up but DeletionConfirmation on a ShootState's own deletion (which reads it from storage), and at a few
 * hundred KiB each they would be most of the cache's memory (a landscape of 2,400 shoots held ~650 MiB of them,
 * gardener/gardener#4106). Lookups of resources outside the scope go to storage.
 */
public final class AdmissionCacheScope {

    /** Served but never held. */
    static final Set<GroupResource> NOT_CACHED = Set.of(
            Kinds.SHOOT_STATE.groupResource(),
            // no admission rule reads events, and they come in numbers
            new GroupResource("", "events"),
            new GroupResource(StandardResources.K8S_EVENTS, "events"));

    /** Held, but never decoded for longer than a lookup: large, and secret. */
    static final Set<GroupResource> NEVER_HELD_DECODED = Set.of(Kinds.INTERNAL_SECRET.groupResource());

    /**
     * What a list of Shoots hands out: what admission's scans over every Shoot read (domain uniqueness, seed
     * capacity and usage, quota, references to profiles and bindings, finalizer checks), i.e. metadata but its
     * managed fields, the spec, and of the status the seed, technical ID and last operation; not the conditions,
     * constraints, credentials and the rest of a realistic status. A get hands out the whole Shoot.
     */
    static final List<String> SHOOT_LIST_VIEW = List.of(
            "apiVersion",
            "kind",
            "metadata.name",
            "metadata.namespace",
            "metadata.uid",
            "metadata.generation",
            "metadata.creationTimestamp",
            "metadata.deletionTimestamp",
            "metadata.deletionGracePeriodSeconds",
            "metadata.labels",
            "metadata.annotations",
            "metadata.finalizers",
            "metadata.ownerReferences",
            "spec",
            "status.seedName",
            "status.technicalID",
            "status.lastOperation",
            "status.uid");

    private AdmissionCacheScope() {}

    /** The key roots ({@code <prefix>/<group>/<resource>/}) of the served resources the cache holds. */
    public static List<String> roots(ResourceRegistry resources, String prefix) {
        return resources(resources, prefix).stream().map(CachedResource::root).toList();
    }

    /** The served resources the cache holds, each with how it hands out its objects. */
    public static List<CachedResource> resources(ResourceRegistry resources, String prefix) {
        List<CachedResource> held = new ArrayList<>();
        SelectableView shootView = SelectableView.of(SHOOT_LIST_VIEW);
        for (ResourceType type : resources.resources()) {
            if (type.stored() && !NOT_CACHED.contains(type.groupResource())) {
                String root = ResourceKeys.of(prefix, type).all();
                boolean shoots = Kinds.SHOOT.groupResource().equals(type.groupResource());
                held.add(new CachedResource(
                        root,
                        !NEVER_HELD_DECODED.contains(type.groupResource()),
                        shoots ? shootView : null,
                        // declared once for the watch cache's attribute pass, which reads their terms, and here
                        ResourceIndexes.of(type).indexes()));
            }
        }
        return held;
    }
}

package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.StandardResources;
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

    private AdmissionCacheScope() {}

    /** The key roots ({@code <prefix>/<group>/<resource>/}) of the served resources the cache holds. */
    public static List<String> roots(ResourceRegistry resources, String prefix) {
        List<String> roots = new ArrayList<>();
        for (ResourceType type : resources.resources()) {
            if (type.stored() && !NOT_CACHED.contains(type.groupResource())) {
                roots.add(ResourceKeys.of(prefix, type).all());
            }
        }
        return roots;
    }
}

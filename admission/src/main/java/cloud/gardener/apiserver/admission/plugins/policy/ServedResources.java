package cloud.gardener.apiserver.admission.plugins.policy;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.StandardResources;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The resources this server serves (or mirrors), as the REST mapper finds them for params and match policies. */
final class ServedResources {

    private static final List<ResourceType> ALL = all();

    private ServedResources() {}

    /** The resource of a kind in a served version. */
    static Optional<ResourceType> byKind(String group, String version, String kind) {
        return ALL.stream()
                .filter(t -> t.group().equals(group)
                        && t.kind().equals(kind)
                        && t.versions().contains(version))
                .findFirst();
    }

    /** The served versions of a resource; empty when it is not served. */
    static List<String> versions(GroupResource resource) {
        return ALL.stream()
                .filter(t -> t.group().equals(resource.group()) && t.plural().equals(resource.resource()))
                .findFirst()
                .map(ResourceType::versions)
                .orElse(List.of());
    }

    private static List<ResourceType> all() {
        List<ResourceType> all = new ArrayList<>(StandardResources.gardener());
        all.addAll(StandardResources.coreV1());
        return List.copyOf(all);
    }
}

package cloud.gardener.apiserver.api.resource;

import java.util.List;

/**
 * A served API group with its versions, preferred first. The legacy core group has the empty name
 * and is served under {@code /api} rather than {@code /apis}.
 */
public record ApiGroup(String name, List<String> versions) {

    public ApiGroup {
        if (versions.isEmpty()) {
            throw new IllegalArgumentException("group " + name + " has no versions");
        }
        versions = List.copyOf(versions);
    }

    public String preferredVersion() {
        return versions.get(0);
    }

    public boolean isLegacyCore() {
        return name.isEmpty();
    }

    public List<GroupVersion> groupVersions() {
        return versions.stream().map(v -> new GroupVersion(name, v)).toList();
    }
}

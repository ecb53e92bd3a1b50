package cloud.gardener.apiserver.api.meta;

/** Identifies a kind in one version of an API group; the core group is the empty string. */
public record GroupVersionKind(String group, String version, String kind) {

    /** The {@code apiVersion} string of objects of this kind: {@code group/version}, or {@code version} for core. */
    public String apiVersion() {
        return group.isEmpty() ? version : group + "/" + version;
    }
}

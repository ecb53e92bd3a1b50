package cloud.gardener.apiserver.api.meta;

/** Identifies a kind in one version of an API group; the core group is the empty string. */
public record GroupVersionKind(String group, String version, String kind) {

    /** The kind an {@code apiVersion} and kind name: split at the first slash, none for the core group ({@code v1}). */
    public static GroupVersionKind of(String apiVersion, String kind) {
        int slash = apiVersion.indexOf('/');
        return slash < 0
                ? new GroupVersionKind("", apiVersion, kind)
                : new GroupVersionKind(apiVersion.substring(0, slash), apiVersion.substring(slash + 1), kind);
    }

    /** The {@code apiVersion} string of objects of this kind: {@code group/version}, or {@code version} for core. */
    public String apiVersion() {
        return group.isEmpty() ? version : group + "/" + version;
    }
}

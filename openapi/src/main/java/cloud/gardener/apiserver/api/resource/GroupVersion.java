package cloud.gardener.apiserver.api.resource;

/** A version of an API group; the legacy core group is the empty string. */
public record GroupVersion(String group, String version) {

    /** {@code group/version}, or just {@code version} for the core group, as in {@code apiVersion}. */
    @Override
    public String toString() {
        return group.isEmpty() ? version : group + "/" + version;
    }

    /** The URL path prefix of this group-version: {@code /apis/g/v}, or {@code /api/v1} for the core group. */
    public String pathPrefix() {
        return group.isEmpty() ? "/api/" + version : "/apis/" + group + "/" + version;
    }
}

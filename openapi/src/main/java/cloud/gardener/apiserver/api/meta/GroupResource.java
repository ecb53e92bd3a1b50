package cloud.gardener.apiserver.api.meta;

/** A resource within an API group, printed as {@code resource.group} (or just {@code resource} for the core group). */
public record GroupResource(String group, String resource) {

    @Override
    public String toString() {
        return group.isEmpty() ? resource : resource + "." + group;
    }
}

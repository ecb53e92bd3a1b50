package cloud.gardener.apiserver.registry.fieldmanager;

/**
 * Who owns a field set ({@code BuildManagerIdentifier}): the manager's name, its operation, the API version for
 * updaters (appliers keep one identity across versions, so theirs is empty) and the subresource written through.
 */
public record ManagerId(String manager, String operation, String apiVersion, String subresource) {

    public static final String APPLY = "Apply";
    public static final String UPDATE = "Update";

    public ManagerId {
        apiVersion = APPLY.equals(operation) ? "" : apiVersion;
    }

    public boolean applies() {
        return APPLY.equals(operation);
    }

    /**
     * As conflict messages print it ({@code printManager}): {@code "name"}, plus {@code with subresource "status"},
     * plus {@code using <apiVersion>} for updaters.
     */
    public String describe() {
        String s = quote(manager);
        if (!subresource.isEmpty()) {
            s += " with subresource " + quote(subresource);
        }
        return UPDATE.equals(operation) ? s + " using " + apiVersion : s;
    }

    private static String quote(String s) {
        return cloud.gardener.apiserver.api.json.Json.toJson(s);
    }
}

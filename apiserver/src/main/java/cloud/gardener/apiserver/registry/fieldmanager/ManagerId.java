package cloud.gardener.apiserver.registry.fieldmanager;

import cloud.gardener.apiserver.api.validation.GoQuote;

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
     * plus {@code using <apiVersion>} for updaters (names quoted with {@code %q}).
     */
    public String describe() {
        String s = GoQuote.quote(manager);
        if (!subresource.isEmpty()) {
            s += " with subresource " + GoQuote.quote(subresource);
        }
        return UPDATE.equals(operation) ? s + " using " + apiVersion : s;
    }
}

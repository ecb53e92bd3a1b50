package cloud.gardener.apiserver.authz.seed;

import cloud.gardener.apiserver.authn.UserInfo;
import java.util.List;
import java.util.Optional;

/**
 * Who a seed client is, as Gardener's {@code gardenletidentity/seed.FromUserInfoInterface}: a gardenlet
 * ({@code gardener.cloud:system:seed:<seed>} in {@code gardener.cloud:system:seeds}) or an extension's
 * service account ({@code system:serviceaccount:seed-<seed>:extension-*}).
 *
 * @param seedName the seed the client acts for
 * @param type     gardenlet or extension
 */
public record SeedIdentity(String seedName, Type type) {

    public enum Type {
        GARDENLET,
        EXTENSION
    }

    public static final String SEEDS_GROUP = "gardener.cloud:system:seeds";
    public static final String SEED_USER_PREFIX = "gardener.cloud:system:seed:";
    static final String SERVICE_ACCOUNTS_GROUP = "system:serviceaccounts";
    static final String SERVICE_ACCOUNT_GROUP_PREFIX = "system:serviceaccounts:";
    static final String SERVICE_ACCOUNT_USER_PREFIX = "system:serviceaccount:";
    static final String SEED_NAMESPACE_PREFIX = "seed-";
    static final String EXTENSION_SERVICE_ACCOUNT_PREFIX = "extension-";

    /** The identity of {@code user}, or empty when it is not a seed client. */
    public static Optional<SeedIdentity> of(UserInfo user) {
        if (user == null) {
            return Optional.empty();
        }
        return of(user.name(), user.groups());
    }

    /** The identity of a user name and groups (also used for a CSR's common name and organizations). */
    public static Optional<SeedIdentity> of(String name, List<String> groups) {
        if (groups.contains(SEEDS_GROUP)) {
            if (!name.startsWith(SEED_USER_PREFIX) || name.length() == SEED_USER_PREFIX.length()) {
                return Optional.empty();
            }
            return Optional.of(new SeedIdentity(name.substring(SEED_USER_PREFIX.length()), Type.GARDENLET));
        }
        if (groups.contains(SERVICE_ACCOUNTS_GROUP)) {
            return extension(name, groups);
        }
        return Optional.empty();
    }

    private static Optional<SeedIdentity> extension(String name, List<String> groups) {
        // The first namespace group decides, as upstream: a service account belongs to exactly one namespace.
        String namespace = "";
        for (String group : groups) {
            if (group.startsWith(SERVICE_ACCOUNT_GROUP_PREFIX)) {
                namespace = group.substring(SERVICE_ACCOUNT_GROUP_PREFIX.length());
                break;
            }
        }
        if (!namespace.startsWith(SEED_NAMESPACE_PREFIX)) {
            return Optional.empty();
        }
        String seed = namespace.substring(SEED_NAMESPACE_PREFIX.length());
        String prefix = SERVICE_ACCOUNT_USER_PREFIX + namespace + ":";
        String account = name.startsWith(prefix) ? name.substring(prefix.length()) : name;
        if (!seed.isEmpty() && account.startsWith(EXTENSION_SERVICE_ACCOUNT_PREFIX)) {
            return Optional.of(new SeedIdentity(seed, Type.EXTENSION));
        }
        return Optional.empty();
    }

    public boolean isExtension() {
        return type == Type.EXTENSION;
    }

    /** The seed's namespace in the garden, {@code seed-<name>}. */
    public String seedNamespace() {
        return SEED_NAMESPACE_PREFIX + seedName;
    }
}

package cloud.gardener.apiserver.authz.seed;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Names of the objects a gardenlet uses to bootstrap another gardenlet, as Gardener's
 * {@code bootstraptoken.TokenID} and {@code gardenlet/bootstrap/util}.
 */
public final class BootstrapTokens {

    public static final String TOKEN_SECRET_PREFIX = "bootstrap-token-";
    public static final String SERVICE_ACCOUNT_PREFIX = "gardenlet-bootstrap-";
    public static final String SEED_BOOTSTRAPPER = "gardener.cloud:system:seed-bootstrapper";
    public static final String CLUSTER_ROLE_BINDING_PREFIX = SEED_BOOTSTRAPPER + ":";
    private static final int ID_LENGTH = 6;

    private BootstrapTokens() {}

    /** The token id of an object: the first six hex digits of SHA-256 over {@code <namespace>--<name>}. */
    public static String tokenId(String namespace, String name) {
        String value = namespace == null || namespace.isEmpty() ? name : namespace + "--" + name;
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, ID_LENGTH);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        }
    }

    /** {@code bootstrap-token-<id>} in {@code kube-system}. */
    public static String secretName(String namespace, String name) {
        return TOKEN_SECRET_PREFIX + tokenId(namespace, name);
    }

    public static String clusterRoleBindingName(String managedSeedNamespace, String serviceAccountName) {
        return CLUSTER_ROLE_BINDING_PREFIX + managedSeedNamespace + ":" + serviceAccountName;
    }

    /** The ManagedSeed {@code [namespace, name]} a bootstrap ClusterRoleBinding name stands for. */
    public static String[] managedSeedOfClusterRoleBinding(String clusterRoleBindingName) {
        String metadata = clusterRoleBindingName.startsWith(CLUSTER_ROLE_BINDING_PREFIX)
                ? clusterRoleBindingName.substring(CLUSTER_ROLE_BINDING_PREFIX.length())
                : clusterRoleBindingName;
        String[] split = metadata.split(":", -1);
        String namespace = "";
        String name = split[0];
        if (split.length > 1) {
            namespace = split[0];
            name = split[1];
        }
        if (name.startsWith(SERVICE_ACCOUNT_PREFIX)) {
            name = name.substring(SERVICE_ACCOUNT_PREFIX.length());
        }
        return new String[] {namespace, name};
    }
}

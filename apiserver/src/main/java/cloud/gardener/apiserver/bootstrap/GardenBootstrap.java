package cloud.gardener.apiserver.bootstrap;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;

/**
 * gardener-apiserver's own post-start hooks (cmd/gardener-apiserver/app/gardener_apiserver.go):
 * {@code bootstrap-garden-cluster} creates the namespaces gardenlets and the shoot issuer need, and
 * {@code bootstrap-cluster-identity} publishes {@code --cluster-identity} in ConfigMap
 * {@code kube-system/cluster-identity}.
 */
public final class GardenBootstrap {

    public static final String GARDEN_CLUSTER_HOOK = "bootstrap-garden-cluster";
    public static final String CLUSTER_IDENTITY_HOOK = "bootstrap-cluster-identity";
    /** Gardener's {@code GardenerSeedLeaseNamespace} and {@code GardenerShootIssuerNamespace}, created unlabelled. */
    public static final List<String> GARDEN_NAMESPACES =
            List.of("gardener-system-seed-lease", "gardener-system-shoot-issuer");

    public static final String KUBE_SYSTEM = "kube-system";
    public static final String DEFAULT = "default";
    public static final String CLUSTER_IDENTITY = "cluster-identity";
    public static final String ORIGIN = "origin";
    public static final String ORIGIN_GARDENER_APISERVER = "gardener-apiserver";

    private GardenBootstrap() {}

    /**
     * The hooks for this server.
     *
     * @param clusterIdentity   {@code --cluster-identity}; without it there is no cluster identity hook
     * @param ensureKubeSystem  standalone: create {@code default} and {@code kube-system} first, as kube-apiserver's
     *                          system namespaces controller would have ({@code default} holds the events about
     *                          cluster-scoped objects, such as the project controller's about Projects)
     */
    public static List<PostStartHook> hooks(CoreApi api, String clusterIdentity, boolean ensureKubeSystem) {
        List<PostStartHook> hooks = new ArrayList<>();
        hooks.add(new PostStartHook(
                GARDEN_CLUSTER_HOOK,
                () -> (ensureKubeSystem ? ensureNamespace(api, DEFAULT) : Future.<Void>succeededFuture())
                        .compose(v -> gardenNamespaces(api))));
        if (clusterIdentity != null && !clusterIdentity.isEmpty()) {
            hooks.add(new PostStartHook(
                    CLUSTER_IDENTITY_HOOK,
                    () -> (ensureKubeSystem ? ensureNamespace(api, KUBE_SYSTEM) : Future.<Void>succeededFuture())
                            .compose(v -> clusterIdentity(api, clusterIdentity))));
        }
        return hooks;
    }

    /** Creates each garden namespace that does not exist yet; existing ones are left as they are. */
    static Future<Void> gardenNamespaces(CoreApi api) {
        Future<Void> chain = Future.succeededFuture();
        for (String namespace : GARDEN_NAMESPACES) {
            chain = chain.compose(v -> ensureNamespace(api, namespace));
        }
        return chain;
    }

    private static Future<Void> ensureNamespace(CoreApi api, String name) {
        return api.get("namespaces", "", name).compose(existing -> {
            if (existing.isPresent()) {
                return Future.succeededFuture();
            }
            ObjectNode namespace =
                    Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "Namespace");
            namespace.putObject("metadata").put("name", name);
            return api.create("namespaces", "", namespace);
        });
    }

    /**
     * As Gardener: absent, the ConfigMap is created immutable with the identity and origin
     * {@code gardener-apiserver}; present and immutable, it is left alone, whatever identity it holds; present,
     * mutable, without an origin and with the same identity, it is adopted (origin set, made immutable); any other
     * existing ConfigMap (another identity or origin) is left alone as well.
     */
    static Future<Void> clusterIdentity(CoreApi api, String identity) {
        return api.get("configmaps", KUBE_SYSTEM, CLUSTER_IDENTITY).compose(existing -> {
            if (existing.isEmpty()) {
                ObjectNode configMap =
                        Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
                configMap.putObject("metadata").put("name", CLUSTER_IDENTITY).put("namespace", KUBE_SYSTEM);
                configMap.put("immutable", true);
                configMap.putObject("data").put(CLUSTER_IDENTITY, identity).put(ORIGIN, ORIGIN_GARDENER_APISERVER);
                return api.create("configmaps", KUBE_SYSTEM, configMap);
            }
            ObjectNode configMap = existing.get();
            if (configMap.path("immutable").asBoolean(false)) {
                return Future.succeededFuture();
            }
            boolean noOrigin = configMap.path("data").path(ORIGIN).asText("").isEmpty();
            if (noOrigin
                    && identity.equals(
                            configMap.path("data").path(CLUSTER_IDENTITY).asText(""))) {
                configMap.withObjectProperty("data").put(ORIGIN, ORIGIN_GARDENER_APISERVER);
                configMap.put("immutable", true);
                return api.update("configmaps", KUBE_SYSTEM, configMap);
            }
            return Future.succeededFuture();
        });
    }
}

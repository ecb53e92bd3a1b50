package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.certs.Kubeconfig;
import java.time.Duration;

/**
 * Standalone or cluster mode: where the core objects (namespaces, secrets, config maps, events) live, and what
 * this server runs for them. In cluster mode ({@code coreKubeconfig} set) none are served here and the standalone
 * controllers stay off, whatever was asked; the compact constructor keeps that so.
 *
 * @param coreKubeconfig    {@code --kubeconfig}: the virtual garden whose namespaces, secrets and config maps are
 *                          used; null in standalone mode
 * @param serveCoreV1       whether to serve namespaces, secrets, config maps and events under /api/v1
 * @param projectController whether this server runs the project controller's namespace part itself (standalone
 *                          mode; gardener-controller-manager does it in cluster mode)
 * @param garbageCollector  whether this server collects the dependents of deleted owners itself (standalone mode;
 *                          kube-controller-manager's garbage collector does it in cluster mode)
 * @param namespacedCloudProfileController whether this server keeps NamespacedCloudProfiles' status current itself
 *                          (standalone mode; gardener-controller-manager does it in cluster mode)
 * @param clusterIdentity   {@code --cluster-identity}, published in ConfigMap {@code kube-system/cluster-identity}
 *                          by a post-start hook; null for none
 * @param eventTtl          {@code --event-ttl}: how long standalone events are kept after their last write
 */
public record ClusterConfig(
        Kubeconfig coreKubeconfig,
        boolean serveCoreV1,
        boolean projectController,
        boolean garbageCollector,
        boolean namespacedCloudProfileController,
        String clusterIdentity,
        Duration eventTtl) {

    /** kube-apiserver's {@code --event-ttl} default. */
    public static final Duration DEFAULT_EVENT_TTL = Duration.ofHours(1);

    public ClusterConfig {
        serveCoreV1 = serveCoreV1 && coreKubeconfig == null;
        projectController = projectController && serveCoreV1;
        garbageCollector = garbageCollector && coreKubeconfig == null;
        namespacedCloudProfileController = namespacedCloudProfileController && coreKubeconfig == null;
        eventTtl = eventTtl == null ? DEFAULT_EVENT_TTL : eventTtl;
        if (eventTtl.isNegative() || eventTtl.isZero()) {
            throw new IllegalArgumentException("--event-ttl must be greater than 0");
        }
    }
}

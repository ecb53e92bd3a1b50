package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.NginxIngress;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.VerticalPodAutoscaler;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Questions about Shoot object trees that several plugins ask (Gardener's core helpers). */
public final class ShootTrees {

    private ShootTrees() {}

    /** {@code IsWorkerless} on a Shoot's record: a Shoot without worker pools. */
    public static boolean isWorkerless(Shoot shoot) {
        return workers(shoot.spec()).isEmpty();
    }

    /** A Shoot spec's worker pools, none where the spec or its provider is absent. */
    public static List<Worker> workers(ShootSpec spec) {
        return spec == null || spec.provider() == null
                ? List.of()
                : CoreRules.list(spec.provider().workers());
    }

    /** {@code NginxIngressEnabled}: the spec's nginx-ingress addon is enabled. */
    public static boolean nginxIngressEnabled(ShootSpec spec) {
        NginxIngress nginx =
                spec == null || spec.addons() == null ? null : spec.addons().nginxIngress();
        return nginx != null && nginx.addon() != null && nginx.addon().enabled();
    }

    /** {@code ShootWantsVerticalPodAutoscaler}: the spec enables the Shoot's VPA. */
    public static boolean wantsVerticalPodAutoscaler(ShootSpec spec) {
        VerticalPodAutoscaler vpa = spec == null || spec.kubernetes() == null
                ? null
                : spec.kubernetes().verticalPodAutoscaler();
        return vpa != null && vpa.enabled();
    }

    /** {@code GetAllZonesFromShoot}: the zones of a Shoot spec's worker pools, sorted. */
    public static Set<String> zones(ShootSpec spec) {
        Set<String> zones = new TreeSet<>();
        workers(spec).forEach(w -> zones.addAll(CoreRules.list(w.zones())));
        return zones;
    }

    /** The object at {@code path} below {@code node}, created (as empty objects) where missing. */
    public static ObjectNode object(ObjectNode node, String... path) {
        ObjectNode current = node;
        for (String p : path) {
            current = current.get(p) instanceof ObjectNode child ? child : current.putObject(p);
        }
        return current;
    }
}

package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.admission.validation.core.ShootWarnings;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * ManagedSeedSets: the generation follows spec changes (also through {@code scale}), deletion and
 * {@code gardener.cloud/operation: reconcile} (removed).
 */
public final class ManagedSeedSetStrategy extends GardenerStrategy {

    public ManagedSeedSetStrategy() {
        super(false);
    }

    @Override
    public List<String> warningsOnCreate(ObjectNode set) {
        return warnings(set);
    }

    @Override
    public List<String> warningsOnUpdate(ObjectNode set, ObjectNode old, String subresource) {
        return warnings(set);
    }

    /** The Shoot template's deprecated kube-apiserver and DNS settings. */
    private static List<String> warnings(ObjectNode set) {
        JsonNode spec = set.path("spec").path("shootTemplate").path("spec");
        List<String> warnings = new ArrayList<>(ShootWarnings.kubeApiServer(
                spec.path("kubernetes").path("kubeAPIServer"), "spec.shootTemplate.spec.kubernetes.kubeAPIServer"));
        warnings.addAll(ShootWarnings.dnsProviders(spec.path("dns"), "spec.shootTemplate.spec.dns"));
        return warnings;
    }

    @Override
    protected void update(ObjectNode set, ObjectNode old) {
        if (specChangedOrDeletionStarted(set, old) || Operations.takeReconcile(set)) {
            bumpGeneration(set, old);
        }
    }
}

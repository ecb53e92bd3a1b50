package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.api.json.JsonTrees;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Seeds: the generation follows spec changes, deletion and some {@code gardener.cloud/operation} values
 * ({@code reconcile} is removed again); the provider type and region are mirrored into labels.
 */
public final class SeedStrategy extends GardenerStrategy {

    static final String PROVIDER_LABEL = "seed.gardener.cloud/provider";
    static final String REGION_LABEL = "seed.gardener.cloud/region";

    public SeedStrategy() {
        super(true);
    }

    @Override
    protected void update(ObjectNode seed, ObjectNode old) {
        if (mustIncreaseGeneration(old, seed)) {
            bumpGeneration(seed, old);
        }
    }

    private static boolean mustIncreaseGeneration(ObjectNode old, ObjectNode seed) {
        if (specChangedOrDeletionStarted(seed, old)) {
            return true;
        }
        String operation = Trees.annotation(seed, Trees.OPERATION);
        if (java.util.Objects.equals(Trees.annotation(old, Trees.OPERATION), operation) || operation == null) {
            return false;
        }
        return switch (operation) {
            case "renew-garden-access-secrets", "renew-workload-identity-tokens", "renew-kubeconfig" -> true;
            case Trees.RECONCILE -> {
                Trees.removeAnnotation(seed, Trees.OPERATION);
                yield true;
            }
            default -> false;
        };
    }

    @Override
    public void canonicalize(ObjectNode seed) {
        Trees.setLabel(seed, PROVIDER_LABEL, JsonTrees.text(seed, "spec", "provider", "type"));
        Trees.setLabel(seed, REGION_LABEL, JsonTrees.text(seed, "spec", "provider", "region"));
    }
}

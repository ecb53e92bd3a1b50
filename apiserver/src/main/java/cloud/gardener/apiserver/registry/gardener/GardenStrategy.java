package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.admission.plugins.garden.GardenWarnings;
import cloud.gardener.apiserver.registry.ResourceStrategy;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * {@code operator.gardener.cloud/gardens}: a CustomResourceDefinition in Gardener, so the conventional rules, plus
 * the warnings gardener-operator's webhook gives about deprecated kube-apiserver settings.
 */
public final class GardenStrategy implements ResourceStrategy {

    @Override
    public List<String> warningsOnCreate(ObjectNode garden) {
        return GardenWarnings.of(garden);
    }

    @Override
    public List<String> warningsOnUpdate(ObjectNode garden, ObjectNode old, String subresource) {
        // the webhook guards the Garden itself, not its status
        return subresource.isEmpty() ? GardenWarnings.of(garden) : List.of();
    }
}

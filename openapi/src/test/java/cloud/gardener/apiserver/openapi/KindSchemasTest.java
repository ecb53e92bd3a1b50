package cloud.gardener.apiserver.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KindSchemasTest {

    /**
     * Why the per-kind field lists for kinds without a model could go: every served kind in every served version has
     * a typed model but gardener-operator's Extension, which gets open spec and status.
     */
    @Test
    void onlyTheOperatorsExtensionLacksATypedModel() {
        List<GroupVersionKind> unmodelled = new ArrayList<>();
        for (ResourceType rt : ResourceRegistry.standard(true).resources()) {
            for (String version : rt.versions()) {
                if (ResourceModels.of(rt.gvk(version)).isEmpty()) {
                    unmodelled.add(rt.gvk(version));
                }
            }
        }
        assertThat(unmodelled)
                .containsExactly(new GroupVersionKind("operator.gardener.cloud", "v1alpha1", "Extension"));
    }
}

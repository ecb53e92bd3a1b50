package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import java.util.List;

@Doc("CapabilityDefinition contains the Name and Values of a capability.")
public record CapabilityDefinition(
        String name,
        List<String> values) {
}

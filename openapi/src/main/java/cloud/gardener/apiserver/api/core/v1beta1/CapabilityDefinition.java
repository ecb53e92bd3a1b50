package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("CapabilityDefinition contains the Name and Values of a capability.")
public record CapabilityDefinition(
        @ProtoTag(1) String name,
        @ProtoTag(value = 2, itemsMessage = true) List<String> values) {}

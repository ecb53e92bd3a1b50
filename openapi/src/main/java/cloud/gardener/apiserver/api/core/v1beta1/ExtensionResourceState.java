package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

@Doc("ExtensionResourceState contains the kind of the extension custom resource and its last observed state in "
        + "the Shoot's namespace on the Seed cluster.")
public record ExtensionResourceState(
        @Doc("Kind (type) of the extension custom resource") @ProtoTag(1)
        String kind,

        @Doc("Name of the extension custom resource") @ProtoTag(2) @OmitEmpty @Ptr
        String name,

        @Doc("Purpose of the extension custom resource") @ProtoTag(3) @OmitEmpty @Ptr
        String purpose,

        @Doc("State of the extension resource") @ProtoTag(4) @OmitEmpty @Ptr
        JsonNode state,

        @Doc("Resources holds a list of named resource references that can be referred to in the state by their "
                + "names.")
        @ProtoTag(5)
        @OmitEmpty
        List<NamedResourceReference> resources) {}

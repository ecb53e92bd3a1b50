package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

@Doc("ControllerInstallationStatus is the status of a ControllerInstallation.")
public record ControllerInstallationStatus(
        @Doc("Conditions represents the latest available observations of a ControllerInstallations's current "
                + "state.")
        @ProtoTag(1)
        @OmitEmpty
        @Patch(key = "type")
        List<Condition> conditions,

        @Doc("ProviderStatus contains type-specific status.") @ProtoTag(2) @OmitEmpty @Ptr
        JsonNode providerStatus) {}

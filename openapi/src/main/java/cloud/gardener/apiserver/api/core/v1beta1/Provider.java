package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

@Doc("Provider contains provider-specific information that are handed-over to the provider-specific "
        + "extension controller.")
public record Provider(
        @Doc("Type is the type of the provider. This field is immutable.") @ProtoTag(1)
        String type,

        @Doc("ControlPlaneConfig contains the provider-specific control plane config blob. Please look up "
                + "the concrete definition in the documentation of your provider extension.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        JsonNode controlPlaneConfig,

        @Doc("InfrastructureConfig contains the provider-specific infrastructure config blob. Please look "
                + "up the concrete definition in the documentation of your provider extension.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        JsonNode infrastructureConfig,

        @Doc("Workers is a list of worker groups.") @ProtoTag(4) @OmitEmpty @Patch(key = "name")
        List<Worker> workers,

        @Doc("WorkersSettings contains settings for all workers.") @ProtoTag(5) @OmitEmpty @Ptr
        WorkersSettings workersSettings) {}

package cloud.gardener.apiserver.api.model.sample;

import cloud.gardener.apiserver.api.model.JsonName;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.OmitZero;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

public record WidgetSpec(
        String name,
        @OmitEmpty String purpose,
        @Ptr @OmitEmpty String description,
        @OmitEmpty int replicas,
        @OmitEmpty Integer maxSurge,
        @OmitEmpty boolean paused,

        @OmitEmpty @Patch(key = "name") @ListType(value = "map", keys = "name")
        List<Part> parts,

        List<String> tags,
        @OmitEmpty Map<String, String> labels,
        @Ptr @OmitEmpty JsonNode providerConfig,
        Part primary,
        @Ptr @OmitEmpty Part secondary,
        @JsonName("default") @OmitEmpty String defaultValue,
        @OmitEmpty long size,
        @OmitZero Part zeroable) {}

package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

@Doc("GardenerResourceData holds the data which is used to generate resources, deployed in the Shoot's control "
        + "plane.")
public record GardenerResourceData(
        @Doc("Name of the object required to generate resources") @ProtoTag(1)
        String name,

        @Doc("Type of the object") @ProtoTag(2) String type,

        @Doc("Data contains the payload required to generate resources") @ProtoTag(3)
        JsonNode data,

        @Doc("Labels are labels of the object") @ProtoTag(4) @OmitEmpty
        Map<String, String> labels) {}

package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

@Doc("GardenerResourceData holds the data which is used to generate resources, deployed in the Shoot's control "
        + "plane.")
public record GardenerResourceData(
        @Doc("Name of the object required to generate resources")
        String name,
        @Doc("Type of the object")
        String type,
        @Doc("Data contains the payload required to generate resources")
        JsonNode data,
        @Doc("Labels are labels of the object")
        @OmitEmpty Map<String, String> labels) {
}

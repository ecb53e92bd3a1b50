package cloud.gardener.apiserver.endpoints.patch;

import cloud.gardener.apiserver.api.model.Patch;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/** Model records for the strategic-merge-patch tests, one field for every kind of merge metadata. */
public final class SmpTypes {

    private SmpTypes() {}

    public record Item(
            String name,
            String value,
            String other,
            @Patch(key = "name") List<Item> mergingList,
            List<Item> nonMergingList,
            @Patch List<Integer> mergingIntList,
            List<Integer> nonMergingIntList,
            Map<String, String> simpleMap,
            Map<String, Item> itemMap,
            @Patch(strategy = "replace") JsonNode replacingItem,
            JsonNode rawItem,
            @Patch(strategy = "retainKeys") RetainKeys retainKeysMap,

            @Patch(strategy = "merge,retainKeys", key = "name")
            List<Item> retainKeysMergingList,

            @Patch(key = "port") List<Port> ports,
            List<List<String>> listOfLists,
            @Patch(strategy = "replace") Item replacedItem) {}

    public record RetainKeys(
            String name,
            String value,
            String other,
            Map<String, String> simpleMap,
            List<String> nonMergingList,
            @Patch(key = "name") List<Item> mergingList) {}

    public record Port(int port, String protocol) {}
}

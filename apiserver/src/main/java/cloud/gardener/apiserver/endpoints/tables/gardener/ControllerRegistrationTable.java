package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import cloud.gardener.apiserver.api.json.JsonTrees;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/** {@code controllerregistrations}: NAME RESOURCES AGE, resources as {@code Kind/Type, Kind/Type}. */
public final class ControllerRegistrationTable extends GardenerTableConvertor {

    public ControllerRegistrationTable(Clock clock) {
        super(clock, NAME, column("Resources", "spec.resources"), AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        List<String> resources = new ArrayList<>();
        JsonNode list = JsonTrees.at(o, "spec", "resources");
        if (list.isArray()) {
            for (JsonNode resource : list) {
                resources.add(text(resource, "kind") + "/" + text(resource, "type"));
            }
        }
        return row(name(o), String.join(", ", resources), age(o));
    }
}

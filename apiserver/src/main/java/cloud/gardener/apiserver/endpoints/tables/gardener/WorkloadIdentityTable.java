package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.endpoints.tables.Column;
import cloud.gardener.apiserver.endpoints.tables.TableColumn;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/** {@code workloadidentities}: NAME SUB TYPE AGE, and AUDIENCES (comma-joined) with {@code -o wide}. */
public final class WorkloadIdentityTable extends GardenerTableConvertor {

    public WorkloadIdentityTable(Clock clock) {
        super(
                clock,
                NAME,
                Column.reading(
                        new TableColumn(
                                "Sub",
                                "string",
                                "name",
                                "Sub is the value of the sub claim of the issued JWT token.",
                                0),
                        "status.sub"),
                Column.reading(
                        new TableColumn("Type", "string", "", "Type is the provider type of the WorkloadIdentity.", 0),
                        "spec.targetSystem.type"),
                Column.reading(
                        new TableColumn(
                                "Audiences",
                                "string",
                                "name",
                                "Audiences is list with the audiences of the issued JWT token.",
                                1),
                        "spec.audiences"),
                AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        List<String> audiences = new ArrayList<>();
        JsonNode list = JsonTrees.at(o, "spec", "audiences");
        if (list.isArray()) {
            list.forEach(a -> audiences.add(a.isValueNode() && !a.isNull() ? a.asText() : ""));
        }
        return row(
                name(o),
                text(o, "status", "sub"),
                text(o, "spec", "targetSystem", "type"),
                String.join(",", audiences),
                age(o));
    }
}

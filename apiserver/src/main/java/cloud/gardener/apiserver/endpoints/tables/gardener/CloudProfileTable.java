package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/** {@code cloudprofiles}: NAME PROVIDER AGE. */
public final class CloudProfileTable extends GardenerTableConvertor {

    public CloudProfileTable(Clock clock) {
        super(clock, NAME, column("Provider", "spec.type"), AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(name(o), text(o, "spec", "type"), age(o));
    }
}

package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/** {@code exposureclasses}: NAME HANDLER AGE. */
public final class ExposureClassTable extends GardenerTableConvertor {

    public ExposureClassTable(Clock clock) {
        super(clock, NAME, column("Handler", "handler"), AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(name(o), text(o, "handler"), age(o));
    }
}

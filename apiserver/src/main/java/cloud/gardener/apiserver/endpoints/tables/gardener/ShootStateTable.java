package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;
import static cloud.gardener.apiserver.endpoints.tables.Cells.size;

import cloud.gardener.apiserver.endpoints.tables.Column;
import cloud.gardener.apiserver.endpoints.tables.TableColumn;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/** {@code shootstates}: NAME GARDENER DATA EXTENSION STATES (entry counts) AGE. */
public final class ShootStateTable extends GardenerTableConvertor {

    public ShootStateTable(Clock clock) {
        // these two columns are declared without a format
        super(
                clock,
                NAME,
                Column.reading(new TableColumn("Gardener Data", "string", "", "", 0), "len(spec.gardener)"),
                Column.reading(new TableColumn("Extension States", "string", "", "", 0), "len(spec.extensions)"),
                AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(name(o), size(o, "spec", "gardener"), size(o, "spec", "extensions"), age(o));
    }
}

package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;
import static cloud.gardener.apiserver.endpoints.tables.Cells.size;

import cloud.gardener.apiserver.endpoints.tables.RowReads;
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
                new TableColumn("Gardener Data", "string", "", "", 0),
                new TableColumn("Extension States", "string", "", "", 0),
                AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(name(o), size(o, "spec", "gardener"), size(o, "spec", "extensions"), age(o));
    }

    @Override
    public RowReads rowReads() {
        return SPEC_AND_STATUS;
    }
}

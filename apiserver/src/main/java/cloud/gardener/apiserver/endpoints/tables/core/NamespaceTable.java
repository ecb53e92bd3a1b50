package cloud.gardener.apiserver.endpoints.tables.core;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import cloud.gardener.apiserver.endpoints.tables.RowReads;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.List;

/** {@code namespaces}: NAME STATUS (the phase) AGE. */
public final class NamespaceTable extends KubePrinterTable {

    public NamespaceTable(Clock clock) {
        super(clock, NAME, column("Status", "The status of the namespace"), AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(name(o), text(o, "status", "phase"), age(o));
    }

    @Override
    public RowReads rowReads() {
        return RowReads.of(List.of("status"), List.of());
    }
}

package cloud.gardener.apiserver.endpoints.tables.core;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/** {@code namespaces}: NAME STATUS (the phase) AGE. */
public final class NamespaceTable extends KubePrinterTable {

    public NamespaceTable(Clock clock) {
        super(clock, NAME, column("Status", "The status of the namespace", "status.phase"), AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(name(o), text(o, "status", "phase"), age(o));
    }
}

package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.isSet;
import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.integer;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/** {@code managedseedsets}: NAME READY ({@code ready/replicas}) PENDING ({@code name:reason}) AGE. */
public final class ManagedSeedSetTable extends GardenerTableConvertor {

    public ManagedSeedSetTable(Clock clock) {
        super(
                clock,
                NAME,
                column("Ready", "spec.replicas", "status.readyReplicas"),
                column("Pending", "status.pendingReplica"),
                AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        // spec.replicas is always defaulted; Gardener would fail on an object without it, here it is <unknown>
        String replicas = isSet(o, "spec", "replicas") ? String.valueOf(integer(o, "spec", "replicas")) : "<unknown>";
        String pending = isSet(o, "status", "pendingReplica")
                ? text(o, "status", "pendingReplica", "name") + ":" + text(o, "status", "pendingReplica", "reason")
                : "";
        return row(name(o), integer(o, "status", "readyReplicas") + "/" + replicas, pending, age(o));
    }
}

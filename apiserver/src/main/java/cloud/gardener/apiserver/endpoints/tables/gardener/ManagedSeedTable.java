package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.conditionStatus;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/** {@code managedseeds}: NAME STATUS (from the SeedRegistered condition) SHOOT AGE. */
public final class ManagedSeedTable extends GardenerTableConvertor {

    public ManagedSeedTable(Clock clock) {
        super(clock, NAME, column("Status", CONDITIONS), column("Shoot", "spec.shoot.name"), AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        String registered = conditionStatus(o, "SeedRegistered").orElse("Unknown");
        String status = switch (registered) {
            case "Unknown" -> "Unknown";
            case "True" -> "Registered";
            default -> "NotRegistered";
        };
        return row(name(o), status, text(o, "spec", "shoot", "name"), age(o));
    }
}

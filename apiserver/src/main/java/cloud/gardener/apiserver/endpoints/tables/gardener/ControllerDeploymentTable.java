package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/** {@code controllerdeployments} (both versions): NAME AGE. */
public final class ControllerDeploymentTable extends GardenerTableConvertor {

    public ControllerDeploymentTable(Clock clock) {
        super(clock, NAME, AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(name(o), age(o));
    }
}

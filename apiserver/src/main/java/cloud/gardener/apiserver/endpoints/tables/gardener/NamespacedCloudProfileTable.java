package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/** {@code namespacedcloudprofiles}: NAME PARENT NAME PARENT KIND AGE. */
public final class NamespacedCloudProfileTable extends GardenerTableConvertor {

    public NamespacedCloudProfileTable(Clock clock) {
        super(clock, NAME, column("Parent Name", "spec.parent.name"), column("Parent Kind", "spec.parent.kind"), AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(name(o), text(o, "spec", "parent", "name"), text(o, "spec", "parent", "kind"), age(o));
    }
}

package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.isSet;
import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import cloud.gardener.apiserver.endpoints.tables.Cells;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/** {@code quotas}: NAME SCOPE ({@code <apiVersion>.<kind>}) CLUSTER LIFETIME ({@code N days}) AGE. */
public final class QuotaTable extends GardenerTableConvertor {

    public QuotaTable(Clock clock) {
        super(clock, NAME, column("Scope", "spec.scope"), column("Cluster Lifetime", "spec.clusterLifetimeDays"), AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        String scope = text(o, "spec", "scope", "apiVersion") + "." + text(o, "spec", "scope", "kind");
        String lifetime = isSet(o, "spec", "clusterLifetimeDays")
                ? Cells.integer(o, "spec", "clusterLifetimeDays") + " days"
                : "<unspecified>";
        return row(name(o), scope, lifetime, age(o));
    }
}

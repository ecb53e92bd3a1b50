package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import cloud.gardener.apiserver.endpoints.tables.Cells;
import cloud.gardener.apiserver.endpoints.tables.Column;
import cloud.gardener.apiserver.endpoints.tables.ObjectMetaDocs;
import cloud.gardener.apiserver.endpoints.tables.TableColumn;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/**
 * {@code internalsecrets}: NAME TYPE DATA AGE. Unlike its siblings this convertor copies kube's Secret printer:
 * the columns have no format and Age is of type {@code string}.
 */
public final class InternalSecretTable extends GardenerTableConvertor {

    public InternalSecretTable(Clock clock) {
        super(
                clock,
                NAME,
                Column.reading(new TableColumn("Type", "string", "", "", 0), "type"),
                Column.reading(new TableColumn("Data", "string", "", "", 0), "len(data)", "len(stringData)"),
                Column.reading(
                        new TableColumn("Age", "string", "", ObjectMetaDocs.CREATION_TIMESTAMP, 0),
                        "metadata.creationTimestamp"));
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        // stringData is merged into data on write; an object stored before that was done may still carry it
        return row(name(o), text(o, "type"), (long) Cells.mergedKeyCount(o.get("data"), o.get("stringData")), age(o));
    }
}

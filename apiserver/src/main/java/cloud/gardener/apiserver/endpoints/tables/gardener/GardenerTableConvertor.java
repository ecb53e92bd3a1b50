package cloud.gardener.apiserver.endpoints.tables.gardener;

import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.endpoints.tables.Cells;
import cloud.gardener.apiserver.endpoints.tables.ObjectMetaDocs;
import cloud.gardener.apiserver.endpoints.tables.RowReads;
import cloud.gardener.apiserver.endpoints.tables.TableColumn;
import cloud.gardener.apiserver.endpoints.tables.TableConvertor;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.util.List;

/**
 * What every {@code pkg/apiserver/registry/**}{@code /storage/tableconvertor.go} of Gardener shares: a Name column
 * first, an Age column (type {@code date}, the cell already a duration such as {@code 5m}), the other columns of
 * type {@code string} and format {@code name} with the (missing, so empty) ObjectMeta doc of their key as
 * description, and list metadata without {@code remainingItemCount}.
 */
abstract class GardenerTableConvertor implements TableConvertor {

    static final TableColumn NAME = new TableColumn("Name", "string", "name", ObjectMetaDocs.NAME, 0);
    static final TableColumn AGE = new TableColumn("Age", "date", "", ObjectMetaDocs.CREATION_TIMESTAMP, 0);

    /** What the rows of most of Gardener's kinds read: metadata, spec and status. */
    static final RowReads SPEC_AND_STATUS = RowReads.of(List.of("spec", "status"), List.of());

    private final List<TableColumn> columns;
    private final Clock clock;

    GardenerTableConvertor(Clock clock, TableColumn... columns) {
        this.clock = clock;
        this.columns = List.of(columns);
    }

    /** A default column as most of Gardener's are declared: type string, format name, no description. */
    static TableColumn column(String header) {
        return new TableColumn(header, "string", "name", "", 0);
    }

    /** Like {@link #column(String)}, shown with {@code -o wide} only. */
    static TableColumn wide(String header) {
        return new TableColumn(header, "string", "name", "", 1);
    }

    @Override
    public final List<TableColumn> columns() {
        return columns;
    }

    @Override
    public final boolean carriesRemainingItemCount() {
        return false;
    }

    /** The Age cell. */
    final String age(JsonNode object) {
        return Cells.age(object, clock);
    }

    final Clock clock() {
        return clock;
    }

    /** {@code fmt.Sprintf("%s %s (%d%%)", type, state, progress)} of {@code status.lastOperation}, else {@code <pending>}. */
    static String lastOperation(JsonNode object) {
        JsonNode op = JsonTrees.at(object, "status", "lastOperation");
        if (!JsonTrees.isSet(op)) {
            return "<pending>";
        }
        return JsonTrees.text(op, "type") + " " + JsonTrees.text(op, "state") + " (" + Cells.integer(op, "progress")
                + "%)";
    }
}

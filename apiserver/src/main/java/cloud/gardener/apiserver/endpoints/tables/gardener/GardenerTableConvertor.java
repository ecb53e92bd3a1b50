package cloud.gardener.apiserver.endpoints.tables.gardener;

import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.endpoints.tables.Cells;
import cloud.gardener.apiserver.endpoints.tables.Column;
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

    static final Column NAME =
            Column.reading(new TableColumn("Name", "string", "name", ObjectMetaDocs.NAME, 0), "metadata.name");
    static final Column AGE = Column.reading(
            new TableColumn("Age", "date", "", ObjectMetaDocs.CREATION_TIMESTAMP, 0), "metadata.creationTimestamp");

    /** What a condition column reads ({@link Cells#conditionStatus}). */
    static final String CONDITIONS = "status.conditions";

    private final List<TableColumn> columns;
    private final RowReads reads;
    private final Clock clock;

    GardenerTableConvertor(Clock clock, Column... columns) {
        this.clock = clock;
        this.columns = Column.definitions(List.of(columns));
        this.reads = RowReads.ofColumns(List.of(columns));
    }

    /**
     * A default column as most of Gardener's are declared (type string, format name, no description) whose cells
     * read {@code reads} ({@link RowReads} paths).
     */
    static Column column(String header, String... reads) {
        return Column.reading(new TableColumn(header, "string", "name", "", 0), reads);
    }

    /** Like {@link #column}, shown with {@code -o wide} only. */
    static Column wide(String header, String... reads) {
        return Column.reading(new TableColumn(header, "string", "name", "", 1), reads);
    }

    @Override
    public final List<TableColumn> columns() {
        return columns;
    }

    /** Computed from the columns' declarations. */
    @Override
    public final RowReads rowReads() {
        return reads;
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

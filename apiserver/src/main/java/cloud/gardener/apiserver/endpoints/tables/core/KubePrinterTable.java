package cloud.gardener.apiserver.endpoints.tables.core;

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
 * What kube-apiserver's printer-based tables ({@code pkg/printers/internalversion/printers.go}) share: columns
 * without format except Name, an Age column of type {@code string} holding the duration, and list metadata with
 * {@code remainingItemCount}.
 */
abstract class KubePrinterTable implements TableConvertor {

    static final Column NAME =
            Column.reading(new TableColumn("Name", "string", "name", ObjectMetaDocs.NAME, 0), "metadata.name");
    static final Column AGE = Column.reading(
            new TableColumn("Age", "string", "", ObjectMetaDocs.CREATION_TIMESTAMP, 0), "metadata.creationTimestamp");

    private final List<TableColumn> columns;
    private final RowReads reads;
    private final Clock clock;

    KubePrinterTable(Clock clock, Column... columns) {
        this.clock = clock;
        this.columns = Column.definitions(List.of(columns));
        this.reads = RowReads.ofColumns(List.of(columns));
    }

    /** A default column whose cells read {@code reads} ({@link RowReads} paths). */
    static Column column(String header, String description, String... reads) {
        return Column.reading(new TableColumn(header, "string", "", description, 0), reads);
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

    /** {@code translateTimestampSince(obj.CreationTimestamp)}. */
    final String age(JsonNode object) {
        return Cells.age(object, clock);
    }
}

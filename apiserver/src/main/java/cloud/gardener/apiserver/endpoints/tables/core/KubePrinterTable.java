package cloud.gardener.apiserver.endpoints.tables.core;

import cloud.gardener.apiserver.endpoints.tables.Cells;
import cloud.gardener.apiserver.endpoints.tables.ObjectMetaDocs;
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

    static final TableColumn NAME = new TableColumn("Name", "string", "name", ObjectMetaDocs.NAME, 0);
    static final TableColumn AGE = new TableColumn("Age", "string", "", ObjectMetaDocs.CREATION_TIMESTAMP, 0);

    private final List<TableColumn> columns;
    private final Clock clock;

    KubePrinterTable(Clock clock, TableColumn... columns) {
        this.clock = clock;
        this.columns = List.of(columns);
    }

    static TableColumn column(String header, String description) {
        return new TableColumn(header, "string", "", description, 0);
    }

    @Override
    public final List<TableColumn> columns() {
        return columns;
    }

    /** {@code translateTimestampSince(obj.CreationTimestamp)}. */
    final String age(JsonNode object) {
        return Cells.age(object, clock);
    }
}

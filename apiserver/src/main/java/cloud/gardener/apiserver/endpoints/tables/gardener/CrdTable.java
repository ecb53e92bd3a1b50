package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.endpoints.tables.Cells;
import cloud.gardener.apiserver.endpoints.tables.Column;
import cloud.gardener.apiserver.endpoints.tables.ObjectMetaDocs;
import cloud.gardener.apiserver.endpoints.tables.RowReads;
import cloud.gardener.apiserver.endpoints.tables.TableColumn;
import cloud.gardener.apiserver.endpoints.tables.TableConvertor;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The table of a kind that is a CustomResourceDefinition in Gardener (gardener-operator's {@code gardens} and
 * {@code extensions}): what kube-apiserver's CRD convertor makes of the CRD's {@code additionalPrinterColumns}, a
 * Name column, then each column with its description and no format; a string cell is the JSONPath value or null
 * when absent, a date cell the age or {@code <invalid>}.
 */
public final class CrdTable implements TableConvertor {

    /**
     * One printer column: name, type ({@code string} or {@code date}), description, the path its JSONPath reads and
     * the value it shows.
     */
    private record PrinterColumn(
            String name, String type, String description, String reads, Function<ObjectNode, JsonNode> value) {}

    private final List<PrinterColumn> columns;
    private final List<TableColumn> tableColumns;
    private final RowReads reads;
    private final Clock clock;

    private CrdTable(Clock clock, List<PrinterColumn> columns) {
        this.clock = clock;
        this.columns = columns;
        List<Column> all = new ArrayList<>();
        all.add(Column.reading(new TableColumn("Name", "string", "name", ObjectMetaDocs.NAME, 0), "metadata.name"));
        columns.forEach(
                c -> all.add(Column.reading(new TableColumn(c.name(), c.type(), "", c.description(), 0), c.reads())));
        this.tableColumns = Column.definitions(all);
        this.reads = RowReads.ofColumns(all);
    }

    /** {@code gardens.operator.gardener.cloud}. */
    public static CrdTable gardens(Clock clock) {
        return new CrdTable(
                clock,
                List.of(
                        path(
                                "K8S Version",
                                "string",
                                "Kubernetes version of virtual cluster.",
                                "spec.virtualCluster.kubernetes.version"),
                        path(
                                "Gardener Version",
                                "string",
                                "Version of the Gardener components.",
                                "status.gardener.version"),
                        path("Last Operation", "string", "Status of the last operation", "status.lastOperation.state"),
                        condition(
                                "Runtime",
                                "Indicates whether the components related to the runtime cluster are healthy.",
                                "RuntimeComponentsHealthy"),
                        condition(
                                "Virtual",
                                "Indicates whether the components related to the virtual cluster are healthy.",
                                "VirtualComponentsHealthy"),
                        condition(
                                "API Server",
                                "Indicates whether the API server of the virtual cluster is available.",
                                "VirtualGardenAPIServerAvailable"),
                        condition(
                                "Observability",
                                "Indicates whether the observability components related to the runtime "
                                        + "cluster are healthy.",
                                "ObservabilityComponentsHealthy"),
                        age()));
    }

    /** {@code extensions.operator.gardener.cloud}. */
    public static CrdTable extensions(Clock clock) {
        return new CrdTable(
                clock,
                List.of(
                        condition(
                                "Installed",
                                "Indicates whether the extension has been reconciled successfully.",
                                "Installed"),
                        condition(
                                "Required Runtime",
                                "Indicates whether the extension is required in the runtime cluster.",
                                "RequiredRuntime"),
                        condition(
                                "Required Virtual",
                                "Indicates whether the extension is required in the virtual cluster.",
                                "RequiredVirtual"),
                        age()));
    }

    /** A column whose JSONPath is the simple path {@code dotted}. */
    private static PrinterColumn path(String name, String type, String description, String dotted) {
        String[] fields = dotted.split("\\.");
        return new PrinterColumn(name, type, description, dotted, o -> JsonTrees.at(o, fields));
    }

    private static PrinterColumn condition(String name, String description, String type) {
        return new PrinterColumn(name, "string", description, "status.conditions", o -> condition(o, type));
    }

    private static PrinterColumn age() {
        return path("Age", "date", "creation timestamp", "metadata.creationTimestamp");
    }

    @Override
    public List<TableColumn> columns() {
        return tableColumns;
    }

    /** Computed from the columns' paths. */
    @Override
    public RowReads rowReads() {
        return reads;
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        List<Object> cells = new ArrayList<>();
        cells.add(name(o));
        for (PrinterColumn c : columns) {
            JsonNode value = c.value().apply(o);
            cells.add(c.type().equals("date") ? date(value) : string(value));
        }
        return row(cells.toArray());
    }

    /** A {@code string} column: the value as text, null when the path finds nothing. */
    private static String string(JsonNode value) {
        if (value.isMissingNode() || value.isNull()) {
            return null;
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }

    /** {@code .status.conditions[?(@.type=="<type>")].status}: the first matching condition that has a status. */
    private static JsonNode condition(JsonNode o, String type) {
        JsonNode conditions = JsonTrees.at(o, "status", "conditions");
        if (conditions.isArray()) {
            for (JsonNode c : conditions) {
                if (type.equals(JsonTrees.text(c, "type")) && JsonTrees.isSet(c, "status")) {
                    return c.get("status");
                }
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    /** A {@code date} column: the age, {@code <unknown>} for an empty time, {@code <invalid>} when unparsable. */
    private String date(JsonNode value) {
        if (!value.isTextual()) {
            return null;
        }
        if (value.asText().isEmpty()) {
            return "<unknown>";
        }
        try {
            OffsetDateTime.parse(value.asText());
        } catch (DateTimeParseException e) {
            return "<invalid>";
        }
        return Cells.since(Cells.time(value), clock);
    }
}

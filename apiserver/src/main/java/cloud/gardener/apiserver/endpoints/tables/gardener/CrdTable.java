package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.endpoints.tables.Cells;
import cloud.gardener.apiserver.endpoints.tables.ObjectMetaDocs;
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

    /** One printer column: name, type ({@code string} or {@code date}), description and the value it shows. */
    private record Column(String name, String type, String description, Function<ObjectNode, JsonNode> value) {}

    private final List<Column> columns;
    private final List<TableColumn> tableColumns;
    private final Clock clock;

    private CrdTable(Clock clock, List<Column> columns) {
        this.clock = clock;
        this.columns = columns;
        List<TableColumn> all = new ArrayList<>();
        all.add(new TableColumn("Name", "string", "name", ObjectMetaDocs.NAME, 0));
        columns.forEach(c -> all.add(new TableColumn(c.name(), c.type(), "", c.description(), 0)));
        this.tableColumns = List.copyOf(all);
    }

    /** {@code gardens.operator.gardener.cloud}. */
    public static CrdTable gardens(Clock clock) {
        return new CrdTable(
                clock,
                List.of(
                        new Column(
                                "K8S Version",
                                "string",
                                "Kubernetes version of virtual cluster.",
                                o -> JsonTrees.at(o, "spec", "virtualCluster", "kubernetes", "version")),
                        new Column(
                                "Gardener Version",
                                "string",
                                "Version of the Gardener components.",
                                o -> JsonTrees.at(o, "status", "gardener", "version")),
                        new Column(
                                "Last Operation",
                                "string",
                                "Status of the last operation",
                                o -> JsonTrees.at(o, "status", "lastOperation", "state")),
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

    private static Column condition(String name, String description, String type) {
        return new Column(name, "string", description, o -> condition(o, type));
    }

    private static Column age() {
        return new Column("Age", "date", "creation timestamp", o -> JsonTrees.at(o, "metadata", "creationTimestamp"));
    }

    @Override
    public List<TableColumn> columns() {
        return tableColumns;
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        List<Object> cells = new ArrayList<>();
        cells.add(name(o));
        for (Column c : columns) {
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

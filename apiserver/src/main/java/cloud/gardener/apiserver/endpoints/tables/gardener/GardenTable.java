package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

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
import java.util.List;

/**
 * {@code gardens.operator.gardener.cloud}: in Gardener a CustomResourceDefinition, so its table is what
 * kube-apiserver's CRD convertor makes of the CRD's {@code additionalPrinterColumns}: a Name column, then each
 * column with its description and no format; a string cell is the JSONPath value or null when absent, a date
 * cell the age or {@code <invalid>}.
 */
public final class GardenTable implements TableConvertor {

    private static final List<TableColumn> COLUMNS = List.of(
            new TableColumn("Name", "string", "name", ObjectMetaDocs.NAME, 0),
            crdColumn("K8S Version", "string", "Kubernetes version of virtual cluster."),
            crdColumn("Gardener Version", "string", "Version of the Gardener components."),
            crdColumn("Last Operation", "string", "Status of the last operation"),
            crdColumn("Runtime", "string",
                    "Indicates whether the components related to the runtime cluster are healthy."),
            crdColumn("Virtual", "string",
                    "Indicates whether the components related to the virtual cluster are healthy."),
            crdColumn("API Server", "string", "Indicates whether the API server of the virtual cluster is available."),
            crdColumn("Observability", "string",
                    "Indicates whether the observability components related to the runtime cluster are healthy."),
            crdColumn("Age", "date", "creation timestamp"));

    private final Clock clock;

    public GardenTable(Clock clock) {
        this.clock = clock;
    }

    private static TableColumn crdColumn(String name, String type, String description) {
        return new TableColumn(name, type, "", description, 0);
    }

    @Override
    public List<TableColumn> columns() {
        return COLUMNS;
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(name(o),
                string(Cells.at(o, "spec", "virtualCluster", "kubernetes", "version")),
                string(Cells.at(o, "status", "gardener", "version")),
                string(Cells.at(o, "status", "lastOperation", "state")),
                condition(o, "RuntimeComponentsHealthy"),
                condition(o, "VirtualComponentsHealthy"),
                condition(o, "VirtualGardenAPIServerAvailable"),
                condition(o, "ObservabilityComponentsHealthy"),
                date(Cells.at(o, "metadata", "creationTimestamp")));
    }

    /** A {@code string} column: the value as text, null when the path finds nothing. */
    private static String string(JsonNode value) {
        if (value.isMissingNode() || value.isNull()) {
            return null;
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }

    /** {@code .status.conditions[?(@.type=="<type>")].status}: the first matching condition that has a status. */
    private static String condition(JsonNode o, String type) {
        JsonNode conditions = Cells.at(o, "status", "conditions");
        if (conditions.isArray()) {
            for (JsonNode c : conditions) {
                if (type.equals(Cells.text(c, "type")) && Cells.isSet(c, "status")) {
                    return string(c.get("status"));
                }
            }
        }
        return null;
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

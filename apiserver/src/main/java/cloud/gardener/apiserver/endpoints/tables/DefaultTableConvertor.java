package cloud.gardener.apiserver.endpoints.tables;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * {@code rest.NewDefaultTableConvertor}: columns {@code Name} and {@code Created At} with ObjectMeta's
 * documentation as descriptions; empty results have {@code "rows": null}.
 */
public final class DefaultTableConvertor implements TableConvertor {

    public static final DefaultTableConvertor INSTANCE = new DefaultTableConvertor();

    /** {@code ObjectMeta.SwaggerDoc()["name"]}. */
    public static final String NAME_DESCRIPTION = ObjectMetaDocs.NAME;

    /** {@code ObjectMeta.SwaggerDoc()["creationTimestamp"]}. */
    public static final String CREATED_AT_DESCRIPTION = ObjectMetaDocs.CREATION_TIMESTAMP;

    private static final List<Column> COLUMNS = List.of(
            Column.reading(new TableColumn("Name", "string", "name", NAME_DESCRIPTION, 0), "metadata.name"),
            Column.reading(
                    new TableColumn("Created At", "date", "", CREATED_AT_DESCRIPTION, 0),
                    "metadata.creationTimestamp"));

    private static final List<TableColumn> DEFINITIONS = Column.definitions(COLUMNS);

    private static final RowReads READS = RowReads.ofColumns(COLUMNS);

    /** Go's zero {@code time.Time} in RFC 3339, printed for objects without a creationTimestamp. */
    static final String ZERO_TIME = "0001-01-01T00:00:00Z";

    private static final DateTimeFormatter RFC3339_SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'");

    private DefaultTableConvertor() {}

    @Override
    public List<TableColumn> columns() {
        return DEFINITIONS;
    }

    @Override
    public ArrayNode cells(ObjectNode object) {
        ArrayNode cells = JsonNodeFactory.instance.arrayNode();
        cells.add(object.path("metadata").path("name").asText(""));
        cells.add(rfc3339Utc(object.path("metadata").path("creationTimestamp").asText("")));
        return cells;
    }

    @Override
    public RowReads rowReads() {
        return READS;
    }

    @Override
    public boolean nullRowsWhenEmpty() {
        return true;
    }

    /** {@code t.UTC().Format(time.RFC3339)}: whole seconds, {@code Z}; unset or unparsable is the zero time. */
    static String rfc3339Utc(String timestamp) {
        if (timestamp.isEmpty()) {
            return ZERO_TIME;
        }
        try {
            return OffsetDateTime.parse(timestamp)
                    .withOffsetSameInstant(ZoneOffset.UTC)
                    .format(RFC3339_SECONDS);
        } catch (DateTimeParseException e) {
            return ZERO_TIME;
        }
    }
}

package cloud.gardener.apiserver.endpoints.tables;

import static java.nio.charset.StandardCharsets.UTF_8;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** A fixed clock, JSON from single-quoted text, and columns and cells in a form that is easy to assert on. */
public final class TableTestSupport {

    public static final Instant NOW = Instant.parse("2025-06-01T12:00:00Z");
    public static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    private TableTestSupport() {}

    /** JSON written with single quotes. */
    public static ObjectNode json(String singleQuoted) {
        return (ObjectNode) Json.readTree(singleQuoted.replace('\'', '"').getBytes(UTF_8));
    }

    /** The RFC 3339 time {@code d} before {@link #NOW}. */
    public static String before(Duration d) {
        return NOW.minus(d).toString();
    }

    /** The RFC 3339 time {@code d} after {@link #NOW}. */
    public static String after(Duration d) {
        return NOW.plus(d).toString();
    }

    /** {@code {"metadata":{"name":<name>,"creationTimestamp":<5m ago>}, <rest>}} with single quotes in {@code rest}. */
    public static ObjectNode object(String name, String rest) {
        return json("{'metadata':{'name':'" + name + "','creationTimestamp':'" + before(Duration.ofMinutes(5)) + "'}"
                + (rest.isEmpty() ? "" : "," + rest) + "}");
    }

    /**
     * Each column as {@code name|type|format|priority|description}, ObjectMeta's docs abbreviated as
     * {@code NAME_DOC}, {@code NAMESPACE_DOC} and {@code AGE_DOC}.
     */
    public static List<String> columns(TableConvertor table) {
        List<String> out = new ArrayList<>();
        for (TableColumn c : table.columns()) {
            String doc = c.description().equals(ObjectMetaDocs.NAME)
                    ? "NAME_DOC"
                    : c.description().equals(ObjectMetaDocs.NAMESPACE)
                            ? "NAMESPACE_DOC"
                            : c.description().equals(ObjectMetaDocs.CREATION_TIMESTAMP) ? "AGE_DOC" : c.description();
            out.add(c.name() + "|" + c.type() + "|" + c.format() + "|" + c.priority() + "|" + doc);
        }
        return out;
    }

    /** One row's cells as Java values: String, Long, Boolean or null. */
    public static List<Object> cells(TableConvertor table, ObjectNode object) {
        List<Object> out = new ArrayList<>();
        for (JsonNode cell : table.cells(object)) {
            if (cell.isNull()) {
                out.add(null);
            } else if (cell.isIntegralNumber()) {
                out.add(cell.asLong());
            } else if (cell.isBoolean()) {
                out.add(cell.asBoolean());
            } else {
                out.add(cell.asText());
            }
        }
        if (out.size() != table.columns().size()) {
            throw new AssertionError(
                    "row has " + out.size() + " cells for " + table.columns().size() + " columns");
        }
        return out;
    }
}

package cloud.gardener.apiserver.endpoints.tables.core;

import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import cloud.gardener.apiserver.endpoints.tables.Cells;
import cloud.gardener.apiserver.endpoints.tables.Column;
import cloud.gardener.apiserver.endpoints.tables.ObjectMetaDocs;
import cloud.gardener.apiserver.endpoints.tables.TableColumn;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code events} (core/v1 and events.k8s.io/v1, which upstream prints alike): LAST SEEN, TYPE, REASON, OBJECT,
 * MESSAGE, and with {@code -o wide} SUBOBJECT, SOURCE, FIRST SEEN, COUNT and NAME, as kube-apiserver's
 * {@code printEvent}.
 */
public final class EventTable extends KubePrinterTable {

    /** Empty upstream: {@code eventsv1.Event{}.SwaggerDoc()["lastTimestamp"]} names no field of that type. */
    static final String LAST_SEEN_DOC = "";

    static final String TYPE_DOC = "Type of this event (Normal, Warning), new types could be added in the future";
    static final String REASON_DOC = "This should be a short, machine understandable string that gives the reason for "
            + "the transition into the object's current status.";
    static final String OBJECT_DOC = "The object that this event is about.";
    static final String SUBOBJECT_DOC = "If referring to a piece of an object instead of an entire object, this string "
            + "should contain a valid JSON/Go field access statement, such as desiredState.manifest.containers[2]. For "
            + "example, if the object reference is to a container within a pod, this would take on a value like: "
            + "\"spec.containers{name}\" (where \"name\" refers to the name of the container that triggered the event) "
            + "or if no container name is specified \"spec.containers[2]\" (container with index 2 in this pod). This "
            + "syntax is chosen only to have some well-defined way of referencing a part of an object.";
    static final String SOURCE_DOC =
            "The component reporting this event. Should be a short machine understandable " + "string.";
    static final String MESSAGE_DOC = "A human-readable description of the status of this operation.";
    static final String FIRST_SEEN_DOC =
            "The time at which the event was first recorded. (Time of server receipt is " + "in TypeMeta.)";
    static final String COUNT_DOC = "The number of times this event has occurred.";

    private final Clock clock;

    public EventTable(Clock clock) {
        super(
                clock,
                column("Last Seen", LAST_SEEN_DOC),
                column("Type", TYPE_DOC),
                column("Reason", REASON_DOC),
                column("Object", OBJECT_DOC),
                wide("Subobject", SUBOBJECT_DOC),
                wide("Source", SOURCE_DOC),
                column("Message", MESSAGE_DOC),
                wide("First Seen", FIRST_SEEN_DOC),
                wide("Count", COUNT_DOC),
                Column.undeclared(new TableColumn("Name", "string", "name", ObjectMetaDocs.NAME, 1)));
        this.clock = clock;
    }

    /** The cells read many fields, differently for each API version: not declared, rows are made whole. */
    private static Column column(String header, String description) {
        return Column.undeclared(new TableColumn(header, "string", "", description, 0));
    }

    private static Column wide(String header, String description) {
        return Column.undeclared(new TableColumn(header, "string", "", description, 1));
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        boolean v1 = "events.k8s.io/v1".equals(o.path("apiVersion").asText());
        Optional<Instant> first = Cells.time(o, v1 ? "deprecatedFirstTimestamp" : "firstTimestamp");
        if (first.isEmpty()) {
            first = Cells.time(o, "eventTime");
        }
        String firstSeen = Cells.since(first, clock);
        Optional<Instant> last = Cells.time(o, v1 ? "deprecatedLastTimestamp" : "lastTimestamp");
        String lastSeen = last.isEmpty() ? firstSeen : Cells.since(last, clock);
        long count = Cells.integer(o, v1 ? "deprecatedCount" : "count");
        if (o.path("series").isObject()) {
            lastSeen = Cells.since(Cells.time(o, "series", "lastObservedTime"), clock);
            count = Cells.integer(o, "series", "count");
        } else if (count == 0) {
            // singleton events have no count in the new API
            count = 1;
        }
        JsonNode regarding = o.path(v1 ? "regarding" : "involvedObject");
        String kind = regarding.path("kind").asText("").toLowerCase(Locale.ROOT);
        String target = regarding.path("name").asText("").isEmpty()
                ? kind
                : kind + "/" + regarding.path("name").asText();
        JsonNode source = o.path(v1 ? "deprecatedSource" : "source");
        String component = firstNonEmpty(
                source.path("component").asText(""),
                o.path(v1 ? "reportingController" : "reportingComponent").asText(""));
        String instance = firstNonEmpty(
                source.path("host").asText(""), o.path("reportingInstance").asText(""));
        String sourceCell = component.isEmpty() ? "" : instance.isEmpty() ? component : component + ", " + instance;
        return row(
                lastSeen,
                o.path("type").asText(""),
                o.path("reason").asText(""),
                target,
                regarding.path("fieldPath").asText(""),
                sourceCell,
                o.path(v1 ? "note" : "message").asText("").strip(),
                firstSeen,
                count,
                name(o));
    }

    private static String firstNonEmpty(String first, String second) {
        return first.isEmpty() ? second : first;
    }
}

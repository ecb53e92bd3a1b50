package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.isSet;
import static cloud.gardener.apiserver.api.json.JsonTrees.optionalText;
import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import cloud.gardener.apiserver.endpoints.tables.Column;
import cloud.gardener.apiserver.endpoints.tables.ObjectMetaDocs;
import cloud.gardener.apiserver.endpoints.tables.TableColumn;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/** {@code projects}: NAME NAMESPACE STATUS OWNER CREATOR AGE, each unset value {@code <unknown>}. */
public final class ProjectTable extends GardenerTableConvertor {

    private static final String UNKNOWN = "<unknown>";

    public ProjectTable(Clock clock) {
        // "namespace" is the one key Gardener looks up that ObjectMeta documents
        super(
                clock,
                NAME,
                Column.reading(
                        new TableColumn("Namespace", "string", "name", ObjectMetaDocs.NAMESPACE, 0), "spec.namespace"),
                column("Status", "status.phase"),
                column("Owner", "spec.owner"),
                column("Creator", "spec.createdBy"),
                AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        String phase = text(o, "status", "phase");
        return row(
                name(o),
                optionalText(o, "spec", "namespace").orElse(UNKNOWN),
                phase.isEmpty() ? UNKNOWN : phase,
                isSet(o, "spec", "owner") ? text(o, "spec", "owner", "name") : UNKNOWN,
                isSet(o, "spec", "createdBy") ? text(o, "spec", "createdBy", "name") : UNKNOWN,
                age(o));
    }
}

package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.isSet;
import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.conditionStatusOrUnknown;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/**
 * {@code controllerinstallations}: NAME REGISTRATION CLUSTER VALID INSTALLED HEALTHY PROGRESSING AGE; the four
 * condition columns print the condition's status or {@code <unknown>}.
 */
public final class ControllerInstallationTable extends GardenerTableConvertor {

    public ControllerInstallationTable(Clock clock) {
        super(
                clock,
                NAME,
                column("Registration", "spec.registrationRef.name"),
                column("Cluster", "spec.shootRef", "spec.seedRef"),
                column("Valid", CONDITIONS),
                column("Installed", CONDITIONS),
                column("Healthy", CONDITIONS),
                column("Progressing", CONDITIONS),
                AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(
                name(o),
                text(o, "spec", "registrationRef", "name"),
                cluster(o),
                conditionStatusOrUnknown(o, "Valid"),
                conditionStatusOrUnknown(o, "Installed"),
                conditionStatusOrUnknown(o, "Healthy"),
                conditionStatusOrUnknown(o, "Progressing"),
                age(o));
    }

    /** {@code Shoot/<namespace>/<name>} or {@code Seed/<name>}, the shoot reference winning; else {@code <unknown>}. */
    private static String cluster(ObjectNode o) {
        if (isSet(o, "spec", "shootRef")) {
            return "Shoot/" + text(o, "spec", "shootRef", "namespace") + "/" + text(o, "spec", "shootRef", "name");
        }
        if (isSet(o, "spec", "seedRef")) {
            return "Seed/" + text(o, "spec", "seedRef", "name");
        }
        return "<unknown>";
    }
}

package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.optionalText;
import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.conditionStatus;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.Optional;

/** {@code seeds}: NAME STATUS LAST OPERATION PROVIDER REGION AGE VERSION K8S VERSION (Age is not last here). */
public final class SeedTable extends GardenerTableConvertor {

    private static final String TRUE = "True";
    private static final String FALSE = "False";
    private static final String UNKNOWN = "Unknown";

    public SeedTable(Clock clock) {
        super(
                clock,
                NAME,
                column("Status", CONDITIONS),
                column("Last Operation", "status.lastOperation"),
                column("Provider", "spec.provider.type"),
                column("Region", "spec.provider.region"),
                AGE,
                column("Version", "status.gardener.version"),
                column("K8S Version", "status.kubernetesVersion"));
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        String version = text(o, "status", "gardener", "version");
        return row(
                name(o),
                status(o),
                lastOperation(o),
                text(o, "spec", "provider", "type"),
                text(o, "spec", "provider", "region"),
                age(o),
                version.isEmpty() ? "<unknown>" : version,
                optionalText(o, "status", "kubernetesVersion").orElse("<unknown>"));
    }

    /**
     * {@code Unknown} when the gardenlet's readiness is unknown; {@code NotReady} when the gardenlet is not ready, a
     * present BackupBucketsReady is not True, ExtensionsReady is missing, False or Unknown, or a present
     * SeedSystemComponentsHealthy is False or Unknown; else {@code Ready}.
     */
    static String status(ObjectNode o) {
        Optional<String> gardenlet = conditionStatus(o, "GardenletReady");
        Optional<String> backupBuckets = conditionStatus(o, "BackupBucketsReady");
        Optional<String> extensions = conditionStatus(o, "ExtensionsReady");
        Optional<String> systemComponents = conditionStatus(o, "SeedSystemComponentsHealthy");
        if (gardenlet.isPresent() && gardenlet.get().equals(UNKNOWN)) {
            return UNKNOWN;
        }
        boolean notReady = !gardenlet.map(TRUE::equals).orElse(false)
                || backupBuckets.map(s -> !s.equals(TRUE)).orElse(false)
                || extensions.map(s -> s.equals(FALSE) || s.equals(UNKNOWN)).orElse(true)
                || systemComponents
                        .map(s -> s.equals(FALSE) || s.equals(UNKNOWN))
                        .orElse(false);
        return notReady ? "NotReady" : "Ready";
    }
}

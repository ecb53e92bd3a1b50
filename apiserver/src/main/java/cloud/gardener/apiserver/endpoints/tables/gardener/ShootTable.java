package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.isSet;
import static cloud.gardener.apiserver.api.json.JsonTrees.isTrue;
import static cloud.gardener.apiserver.api.json.JsonTrees.optionalText;
import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.conditionStatusOrUnknown;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/**
 * {@code shoots}: NAME CLOUDPROFILE PROVIDER REGION K8S VERSION HIBERNATION LAST OPERATION STATUS AGE, and with
 * {@code -o wide} also SEED, PURPOSE, GARDENER VERSION and the condition columns APISERVER, CONTROL,
 * OBSERVABILITY, NODES, SYSTEM.
 */
public final class ShootTable extends GardenerTableConvertor {

    private static final String UNKNOWN = "<unknown>";
    private static final String NONE = "<none>";

    public ShootTable(Clock clock) {
        super(
                clock,
                NAME,
                column("CloudProfile", "spec.cloudProfile", "spec.cloudProfileName", "metadata.namespace"),
                column("Provider", "spec.provider.type"),
                column("Region", "spec.region"),
                wide("Seed", "spec.seedName"),
                column("K8S Version", "spec.kubernetes.version"),
                column("Hibernation", "spec.hibernation.enabled", "status.hibernated"),
                column("Last Operation", "status.lastOperation"),
                column("Status", "metadata.labels"),
                wide("Purpose", "spec.purpose"),
                wide("Gardener Version", "status.gardener.version"),
                wide("APIServer", CONDITIONS),
                wide("Control", CONDITIONS),
                wide("Observability", CONDITIONS),
                wide("Nodes", CONDITIONS),
                wide("System", CONDITIONS),
                AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        String gardenerVersion = text(o, "status", "gardener", "version");
        return row(
                name(o),
                cloudProfile(o),
                text(o, "spec", "provider", "type"),
                text(o, "spec", "region"),
                optionalText(o, "spec", "seedName").orElse(NONE),
                text(o, "spec", "kubernetes", "version"),
                hibernation(o),
                lastOperation(o),
                optionalText(o, "metadata", "labels", "shoot.gardener.cloud/status")
                        .orElse("<pending>"),
                optionalText(o, "spec", "purpose").orElse(NONE),
                gardenerVersion.isEmpty() ? UNKNOWN : gardenerVersion,
                conditionStatusOrUnknown(o, "APIServerAvailable"),
                conditionStatusOrUnknown(o, "ControlPlaneHealthy"),
                conditionStatusOrUnknown(o, "ObservabilityComponentsHealthy"),
                conditionStatusOrUnknown(o, "EveryNodeReady"),
                conditionStatusOrUnknown(o, "SystemComponentsHealthy"),
                age(o));
    }

    /**
     * {@code gardenerutils.BuildCoreCloudProfileReference}: {@code spec.cloudProfile} (kind defaulting to
     * CloudProfile) before the legacy {@code spec.cloudProfileName}; a NamespacedCloudProfile prints as
     * {@code <namespace>/<name>}, any other kind (or none at all) as empty.
     */
    static String cloudProfile(ObjectNode o) {
        String kind;
        String name;
        if (isSet(o, "spec", "cloudProfile")) {
            kind = text(o, "spec", "cloudProfile", "kind");
            name = text(o, "spec", "cloudProfile", "name");
            if (kind.isEmpty()) {
                kind = "CloudProfile";
            }
        } else if (!text(o, "spec", "cloudProfileName").isEmpty()) {
            kind = "CloudProfile";
            name = text(o, "spec", "cloudProfileName");
        } else {
            return "";
        }
        return switch (kind) {
            case "CloudProfile" -> name;
            case "NamespacedCloudProfile" -> text(o, "metadata", "namespace") + "/" + name;
            default -> "";
        };
    }

    /** {@code spec.hibernation.enabled} against {@code status.hibernated} (Go: IsHibernated). */
    static String hibernation(ObjectNode o) {
        boolean wanted = isTrue(o, "spec", "hibernation", "enabled");
        boolean hibernated = isTrue(o, "status", "hibernated");
        if (wanted) {
            return hibernated ? "Hibernated" : "Hibernating";
        }
        return hibernated ? "Waking Up" : "Awake";
    }
}

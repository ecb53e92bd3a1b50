package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.optionalText;
import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;
import static cloud.gardener.apiserver.endpoints.tables.Cells.time;

import cloud.gardener.apiserver.endpoints.tables.Column;
import cloud.gardener.apiserver.endpoints.tables.HumanDuration;
import cloud.gardener.apiserver.endpoints.tables.TableColumn;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Duration;

/** {@code bastions}: NAME SHOOT SEED IP HEARTBEAT EXPIRES AGE; the only Gardener table with column descriptions. */
public final class BastionTable extends GardenerTableConvertor {

    private static final String PENDING = "<pending>";

    public BastionTable(Clock clock) {
        super(
                clock,
                NAME,
                described("Shoot", "The Shoot this bastion belongs to.", "spec.shootRef.name"),
                described("Seed", "The Seed cluster on which the Shoot is scheduled.", "spec.seedName"),
                described("IP", "The bastion host's IP and/or hostname.", "status.ingress"),
                described(
                        "Heartbeat",
                        "The time and date when the last heartbeat occurred.",
                        "status.lastHeartbeatTimestamp"),
                described(
                        "Expires",
                        "The time and date after which the bastion will be deleted.",
                        "status.expirationTimestamp"),
                AGE);
    }

    private static Column described(String header, String description, String reads) {
        return Column.reading(new TableColumn(header, "string", "name", description, 0), reads);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(
                name(o),
                text(o, "spec", "shootRef", "name"),
                optionalText(o, "spec", "seedName").orElse(PENDING),
                address(o),
                heartbeat(o),
                expires(o),
                age(o));
    }

    /** The ingress hostname, else its IP, else {@code <pending>}. */
    private static String address(ObjectNode o) {
        String hostname = text(o, "status", "ingress", "hostname");
        String ip = text(o, "status", "ingress", "ip");
        if (!hostname.isEmpty()) {
            return hostname;
        }
        return ip.isEmpty() ? PENDING : ip;
    }

    /** {@code <duration> ago} since the last heartbeat, or {@code <never>}. */
    private String heartbeat(ObjectNode o) {
        return time(o, "status", "lastHeartbeatTimestamp")
                .map(t -> HumanDuration.format(Duration.between(t, clock().instant())) + " ago")
                .orElse("<never>");
    }

    /** The time left until expiry, {@code <expired>} once past, or {@code <pending>} before one is set. */
    private String expires(ObjectNode o) {
        return time(o, "status", "expirationTimestamp")
                .map(t -> Duration.between(clock().instant(), t))
                .map(remaining -> remaining.isNegative() ? "<expired>" : HumanDuration.format(remaining))
                .orElse(PENDING);
    }
}

package cloud.gardener.apiserver.registry.events;

import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.registry.DeleteRequest;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ListQuery;
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.WriteContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * kube-apiserver's {@code --event-ttl}: an event goes away that long after it was last written. kube-apiserver
 * attaches an etcd lease to every event write; the storage contract here has no leases (the embedded store neither),
 * so this sweeper deletes, every {@link #period}, the events whose last write (the newest {@code managedFields} time,
 * which every create, update and patch sets, else the creation time) is older than the TTL. A deletion is
 * conditional on the resourceVersion it judged, so an event written meanwhile stays. Several servers on one etcd
 * may sweep at once: the losers' conditional deletes simply fail.
 */
public final class EventExpiry {

    private static final Logger LOG = LoggerFactory.getLogger(EventExpiry.class);
    private static final UserInfo SWEEPER = new UserInfo("system:apiserver", "", List.of("system:masters"), Map.of());

    private final Vertx vertx;
    private final GenericStore events;
    private final Duration ttl;
    private final Clock clock;
    private long timer = -1;
    private boolean sweeping;

    public EventExpiry(Vertx vertx, GenericStore events, Duration ttl, Clock clock) {
        this.vertx = vertx;
        this.events = events;
        this.ttl = ttl;
        this.clock = clock;
    }

    /** How often expired events are looked for: a tenth of the TTL, between a second and a minute. */
    Duration period() {
        Duration tenth = ttl.dividedBy(10);
        return tenth.compareTo(Duration.ofSeconds(1)) < 0
                ? Duration.ofSeconds(1)
                : tenth.compareTo(Duration.ofMinutes(1)) > 0 ? Duration.ofMinutes(1) : tenth;
    }

    public void start() {
        timer = vertx.setPeriodic(period().toMillis(), id -> {
            if (!sweeping) {
                sweeping = true;
                sweep().onComplete(ar -> sweeping = false);
            }
        });
    }

    public void stop() {
        vertx.cancelTimer(timer);
    }

    /** Deletes the events expired now; completes with how many were deleted. */
    public Future<Integer> sweep() {
        Instant cutoff = clock.instant().minus(ttl);
        ListQuery expired =
                new ListQuery(0, false, 0, null, event -> lastWrite(event).isBefore(cutoff), false);
        return events.list("", expired)
                .compose(result -> {
                    WriteContext ctx = new WriteContext(SWEEPER, false, "gardener-apiserver");
                    List<Future<Boolean>> deletions = new ArrayList<>();
                    for (ObjectNode event : result.items()) {
                        DeleteRequest unchanged = new DeleteRequest(
                                JsonTrees.text(ObjectTrees.meta(event), "uid"),
                                JsonTrees.text(ObjectTrees.meta(event), "resourceVersion"),
                                null);
                        deletions.add(
                                events.delete(ObjectTrees.namespace(event), ObjectTrees.name(event), unchanged, ctx)
                                        .map(true)
                                        .otherwise(false));
                    }
                    return Future.join(deletions).map(all ->
                            (int) deletions.stream().filter(Future::result).count());
                })
                .onFailure(t -> LOG.warn("expiring events failed: {}", t.getMessage()));
    }

    /** When the event was last written: its newest managedFields time, else its creation. */
    static Instant lastWrite(JsonNode event) {
        JsonNode meta = event.path("metadata");
        Instant last = time(meta.path("creationTimestamp"));
        for (JsonNode entry : meta.path("managedFields")) {
            Instant written = time(entry.path("time"));
            if (written.isAfter(last)) {
                last = written;
            }
        }
        return last;
    }

    private static Instant time(JsonNode value) {
        if (!value.isTextual()) {
            return Instant.MIN;
        }
        try {
            return OffsetDateTime.parse(value.asText()).toInstant();
        } catch (DateTimeParseException e) {
            return Instant.MIN;
        }
    }
}

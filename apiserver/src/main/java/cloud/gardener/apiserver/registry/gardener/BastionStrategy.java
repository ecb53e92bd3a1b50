package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.registry.ObjectTrees;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * Bastions: every create and every {@code gardener.cloud/operation: keepalive} is a heartbeat (the annotation is
 * consumed, the expiration moves one time-to-live ahead); a status write recomputes the expiration from its
 * heartbeat. The generation follows spec changes, deletion, {@code reconcile} (kept) and the force-deletion
 * confirmation. The client's status survives a create, as in Gardener.
 */
public final class BastionStrategy extends GardenerStrategy {

    static final Duration TIME_TO_LIVE = Duration.ofHours(1);
    static final String KEEPALIVE = "keepalive";
    static final String FORCE_DELETION = "confirmation.gardener.cloud/force-deletion";

    private final Clock clock;

    public BastionStrategy() {
        this(Clock.systemUTC());
    }

    BastionStrategy(Clock clock) {
        super(false);
        this.clock = clock;
    }

    @Override
    public boolean resetsStatusOnCreate() {
        return false;
    }

    @Override
    protected void create(ObjectNode bastion) {
        heartbeat(bastion);
    }

    @Override
    protected void update(ObjectNode bastion, ObjectNode old) {
        if (mustIncreaseGeneration(old, bastion)) {
            bumpGeneration(bastion, old);
        }
        if (Trees.hasAnnotation(bastion, Trees.OPERATION, KEEPALIVE)) {
            heartbeat(bastion);
        }
    }

    private static boolean mustIncreaseGeneration(ObjectNode old, ObjectNode bastion) {
        return specChangedOrDeletionStarted(bastion, old)
                || Trees.hasAnnotation(bastion, Trees.OPERATION, Trees.RECONCILE)
                || (Trees.hasAnnotation(bastion, FORCE_DELETION, "true")
                        && !Trees.hasAnnotation(old, FORCE_DELETION, "true"));
    }

    @Override
    protected void updateStatus(ObjectNode bastion, ObjectNode old) {
        String heartbeat = JsonTrees.text(bastion, "status", "lastHeartbeatTimestamp");
        if (heartbeat.isEmpty()) {
            return;
        }
        try {
            Instant last = OffsetDateTime.parse(heartbeat).toInstant();
            bastion.withObjectProperty("status")
                    .put("expirationTimestamp", ObjectTrees.format(last.plus(TIME_TO_LIVE)));
        } catch (DateTimeParseException e) {
            // not a time: validation of the status answers for it
        }
    }

    private void heartbeat(ObjectNode bastion) {
        Instant now = clock.instant();
        ObjectNode status = bastion.withObjectProperty("status");
        status.put("lastHeartbeatTimestamp", ObjectTrees.format(now));
        status.put("expirationTimestamp", ObjectTrees.format(now.plus(TIME_TO_LIVE)));
        if (Trees.hasAnnotation(bastion, Trees.OPERATION, KEEPALIVE)) {
            Trees.removeAnnotation(bastion, Trees.OPERATION);
        }
    }
}

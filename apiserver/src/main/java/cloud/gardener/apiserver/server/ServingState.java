package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.server.filters.InFlightRequests;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * What the readiness checks and the shutdown sequence share: which caches are not synced yet, whether shutdown
 * began, and the requests in flight.
 */
final class ServingState {

    private final Supplier<List<String>> unsynced;
    private final AtomicBoolean shuttingDown = new AtomicBoolean();
    private final InFlightRequests inFlight = new InFlightRequests();

    /** @param unsynced the names of the caches that have not completed their first list */
    ServingState(Supplier<List<String>> unsynced) {
        this.unsynced = unsynced;
    }

    List<String> unsynced() {
        return unsynced.get();
    }

    void initiateShutdown() {
        shuttingDown.set(true);
    }

    boolean shuttingDown() {
        return shuttingDown.get();
    }

    InFlightRequests inFlight() {
        return inFlight;
    }
}

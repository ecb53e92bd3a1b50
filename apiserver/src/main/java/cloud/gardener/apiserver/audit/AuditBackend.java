package cloud.gardener.apiserver.audit;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;

/** Where events go: a log file or a webhook. Called on the dispatcher's thread, never on an event loop. */
public interface AuditBackend extends AutoCloseable {

    /** The plugin name of upstream's error metric: {@code log} or {@code webhook}. */
    String plugin();

    /**
     * Whether requests wait for this backend to have taken their events ({@code --audit-*-mode=blocking} and
     * {@code blocking-strict}); the others take events into a buffer and answer at once.
     */
    default boolean awaited() {
        return false;
    }

    /** {@code blocking-strict}: a RequestReceived event this backend loses fails its request. */
    default boolean strict() {
        return false;
    }

    /**
     * Takes one event.
     *
     * @param event the snapshot
     * @param json  its Event JSON
     * @param bytes the same JSON, serialized once for every backend
     * @return completes once the backend is done with the event; fails only when a {@code blocking-strict} backend
     *     could not record it (upstream's {@code ProcessEvents} answering false), which fails a RequestReceived
     */
    Future<Void> process(AuditEvent event, ObjectNode json, byte[] bytes);

    /** Flushes what is buffered, as far as it can within a short time, and releases files and connections. */
    @Override
    void close();
}

package cloud.gardener.apiserver.audit;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** Where events go: a log file or a webhook. Called on the dispatcher's thread, never on an event loop. */
public interface AuditBackend extends AutoCloseable {

    /** The plugin name of upstream's error metric: {@code log} or {@code webhook}. */
    String plugin();

    /**
     * Writes one event.
     *
     * @param event the snapshot
     * @param json  its Event JSON
     * @param bytes the same JSON, serialized once for every backend
     */
    void process(AuditEvent event, ObjectNode json, byte[] bytes);

    /** Flushes what is buffered, as far as it can within a short time, and releases files and connections. */
    @Override
    void close();
}

package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes events from the event loops without waiting (a bounded queue; a full queue drops the event, counts it as
 * an error of every backend and says so in the log at most once a second) and, on one dedicated thread, turns each
 * into JSON once and hands it to every backend.
 */
final class AuditDispatcher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AuditDispatcher.class);

    private final BlockingQueue<AuditEvent> queue;
    private final List<AuditBackend> backends;
    private final AuditCounters counters;
    private final Thread thread;
    private volatile boolean stopping;
    private final AtomicLong lastDropLogNanos = new AtomicLong(System.nanoTime() - TimeUnit.SECONDS.toNanos(2));

    AuditDispatcher(int capacity, List<AuditBackend> backends, AuditCounters counters) {
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.backends = List.copyOf(backends);
        this.counters = counters;
        this.thread = new Thread(this::run, "audit-dispatcher");
        thread.setDaemon(true);
        thread.start();
    }

    void emit(AuditEvent event) {
        counters.eventGenerated();
        if (!queue.offer(event)) {
            backends.forEach(b -> counters.errors(b.plugin(), 1));
            long now = System.nanoTime();
            long last = lastDropLogNanos.get();
            if (now - last > TimeUnit.SECONDS.toNanos(1) && lastDropLogNanos.compareAndSet(last, now)) {
                LOG.error("audit buffer is full ({} events): dropping audit events", queue.size());
            }
        }
    }

    private void run() {
        while (true) {
            AuditEvent event;
            try {
                event = queue.poll(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (event == null) {
                if (stopping) {
                    return;
                }
                continue;
            }
            ObjectNode json;
            byte[] bytes;
            try {
                json = event.toJson();
                bytes = Json.MAPPER.writeValueAsBytes(json);
            } catch (JsonProcessingException | RuntimeException e) {
                LOG.error("audit event {} could not be encoded", event.auditId(), e);
                backends.forEach(b -> counters.errors(b.plugin(), 1));
                continue;
            }
            for (AuditBackend backend : backends) {
                try {
                    backend.process(event, json, bytes);
                } catch (RuntimeException e) {
                    counters.errors(backend.plugin(), 1);
                    LOG.error("audit backend {} failed", backend.plugin(), e);
                }
            }
        }
    }

    /** Hands over what is queued, then closes the backends. */
    @Override
    public void close() {
        try {
            stopping = true;
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        backends.forEach(AuditBackend::close);
    }
}

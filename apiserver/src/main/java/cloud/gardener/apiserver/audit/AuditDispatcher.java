package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes events from the event loops without waiting and without a lock they would share (a bounded lock-free queue:
 * a count of the events queued bounds it; a full queue drops the event, counts it under
 * the plugin {@code buffered} once per backend and says so in the log at most once a second) and, on one dedicated
 * thread, turns each into JSON once and hands it to every backend.
 *
 * <p>With a backend requests wait for ({@link AuditBackend#awaited()}: a webhook in {@code blocking} or
 * {@code blocking-strict} mode) every event carries a promise, completed (on whatever thread the backends finish on)
 * once all backends are done with it, and failed when a strict backend lost it or it never got into the queue.
 */
final class AuditDispatcher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AuditDispatcher.class);
    private static final Future<Void> DONE = Future.succeededFuture();

    /** An event on its way, with the promise of an awaited one (else null). */
    private record Pending(AuditEvent event, Promise<Void> recorded) {}

    private final Queue<Pending> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    /** Set while the dispatcher thread parks with an empty queue: the next event wakes it. */
    private final AtomicBoolean sleeping = new AtomicBoolean();

    private final int capacity;
    private final List<AuditBackend> backends;
    private final boolean awaited;
    private final boolean strict;
    private final AuditCounters counters;
    private final Thread thread;
    private volatile boolean stopping;
    private final AtomicLong lastDropLogNanos = new AtomicLong(System.nanoTime() - TimeUnit.SECONDS.toNanos(2));

    AuditDispatcher(int capacity, List<AuditBackend> backends, AuditCounters counters) {
        this.capacity = capacity;
        this.backends = List.copyOf(backends);
        this.awaited = backends.stream().anyMatch(AuditBackend::awaited);
        this.strict = backends.stream().anyMatch(AuditBackend::strict);
        this.counters = counters;
        this.thread = new Thread(this::run, "audit-dispatcher");
        thread.setDaemon(true);
        thread.start();
    }

    /** Whether callers should wait for {@link #emit}'s future (some backend is blocking). */
    boolean awaited() {
        return awaited;
    }

    /**
     * Hands an event over without waiting. The future is already complete unless a backend is blocking; it fails
     * when a {@code blocking-strict} backend could not record the event.
     */
    Future<Void> emit(AuditEvent event) {
        counters.eventGenerated();
        Promise<Void> recorded = awaited ? Promise.promise() : null;
        if (queued.incrementAndGet() <= capacity) {
            queue.add(new Pending(event, recorded));
            if (sleeping.get() && sleeping.compareAndSet(true, false)) {
                LockSupport.unpark(thread);
            }
            return recorded == null ? DONE : recorded.future();
        }
        queued.decrementAndGet();
        counters.errors("buffered", backends.size());
        long now = System.nanoTime();
        long last = lastDropLogNanos.get();
        if (now - last > TimeUnit.SECONDS.toNanos(1) && lastDropLogNanos.compareAndSet(last, now)) {
            LOG.error("audit buffer is full ({} events): dropping audit events", capacity);
        }
        return recorded == null ? DONE : strictness(Future.failedFuture("audit buffer queue blocked"));
    }

    /** A lost event fails the request only when a strict backend should have taken it. */
    private Future<Void> strictness(Future<Void> lost) {
        return strict ? lost : DONE;
    }

    private void run() {
        while (true) {
            Pending pending = queue.poll();
            if (pending == null) {
                if (stopping || Thread.currentThread().isInterrupted()) {
                    return;
                }
                // announce the nap, then look again: an event added meanwhile either is seen or unparks us
                sleeping.set(true);
                if (queue.isEmpty()) {
                    LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(100));
                }
                sleeping.set(false);
                continue;
            }
            queued.decrementAndGet();
            Future<Void> done = dispatch(pending.event());
            if (pending.recorded() != null) {
                done.onComplete(pending.recorded());
            }
        }
    }

    private Future<Void> dispatch(AuditEvent event) {
        ObjectNode json;
        byte[] bytes;
        try {
            json = event.toJson();
            bytes = Json.MAPPER.writeValueAsBytes(json);
        } catch (JsonProcessingException | RuntimeException e) {
            LOG.error("audit event {} could not be encoded", event.auditId(), e);
            backends.forEach(b -> counters.errors(b.plugin(), 1));
            return strictness(Future.failedFuture(e));
        }
        List<Future<Void>> outcomes = awaited ? new ArrayList<>(backends.size()) : null;
        for (AuditBackend backend : backends) {
            Future<Void> outcome;
            try {
                outcome = backend.process(event, json, bytes);
            } catch (RuntimeException e) {
                counters.errors(backend.plugin(), 1);
                LOG.error("audit backend {} failed", backend.plugin(), e);
                outcome = backend.strict() ? Future.failedFuture(e) : DONE;
            }
            if (outcomes != null) {
                outcomes.add(outcome);
            }
        }
        return outcomes == null ? DONE : Future.all(outcomes).mapEmpty();
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

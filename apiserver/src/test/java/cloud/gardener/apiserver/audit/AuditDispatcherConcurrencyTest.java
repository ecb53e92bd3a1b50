package cloud.gardener.apiserver.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Every event loop hands its events to the dispatcher at once: none is lost or doubled while there is room, and a
 * full buffer refuses exactly what does not fit, counted as dropped.
 */
class AuditDispatcherConcurrencyTest {

    private static final int THREADS = 8;
    private static final int EVENTS_PER_THREAD = 2_000;

    private static final AuditEvent EVENT =
            AuditEventTest.event(Level.METADATA, Stage.RESPONSE_COMPLETE, "get", 200, null, null, true);

    /** Counts what it is given; the first event waits for {@code release} when there is one. */
    private static final class CountingBackend implements AuditBackend {
        final AtomicInteger processed = new AtomicInteger();
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release;

        CountingBackend(CountDownLatch release) {
            this.release = release;
        }

        @Override
        public String plugin() {
            return "log";
        }

        @Override
        public Future<Void> process(AuditEvent event, ObjectNode json, byte[] bytes) {
            if (processed.incrementAndGet() == 1 && release != null) {
                entered.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return Future.succeededFuture();
        }

        @Override
        public void close() {}
    }

    @Test
    void everyEventFromManyThreadsIsDispatchedOnce() throws Exception {
        AuditCounters counters = new AuditCounters();
        CountingBackend backend = new CountingBackend(null);
        AuditDispatcher dispatcher = new AuditDispatcher(THREADS * EVENTS_PER_THREAD, List.of(backend), counters);

        emitFromManyThreads(dispatcher);
        dispatcher.close();

        assertThat(backend.processed.get()).isEqualTo(THREADS * EVENTS_PER_THREAD);
        assertThat(counters.auditEventsTotal()).isEqualTo(THREADS * EVENTS_PER_THREAD);
        assertThat(counters.auditErrorsTotal("buffered")).isZero();
    }

    @Test
    void aFullBufferRefusesExactlyWhatDoesNotFit() throws Exception {
        int capacity = 100;
        AuditCounters counters = new AuditCounters();
        CountDownLatch release = new CountDownLatch(1);
        CountingBackend backend = new CountingBackend(release);
        AuditDispatcher dispatcher = new AuditDispatcher(capacity, List.of(backend), counters);
        // the dispatcher holds the first event in the backend; the buffer then takes `capacity` more
        dispatcher.emit(EVENT);
        assertThat(backend.entered.await(10, TimeUnit.SECONDS)).isTrue();

        emitFromManyThreads(dispatcher);
        release.countDown();
        dispatcher.close();

        assertThat(backend.processed.get()).isEqualTo(1 + capacity);
        assertThat(counters.auditErrorsTotal("buffered")).isEqualTo((long) THREADS * EVENTS_PER_THREAD - capacity);
    }

    private static void emitFromManyThreads(AuditDispatcher dispatcher) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch go = new CountDownLatch(1);
        List<java.util.concurrent.Future<?>> emitters = new ArrayList<>();
        try {
            for (int t = 0; t < THREADS; t++) {
                emitters.add(pool.submit(() -> {
                    go.await();
                    for (int i = 0; i < EVENTS_PER_THREAD; i++) {
                        dispatcher.emit(EVENT);
                    }
                    return null;
                }));
            }
            go.countDown();
            for (java.util.concurrent.Future<?> emitter : emitters) {
                emitter.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}

package cloud.gardener.apiserver.benchmarks;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * A closed-loop load: {@code concurrency} operations in flight for a fixed time, each slot starting its next
 * operation when the previous one ends (as many clients each waiting for their answer). The rate counts the
 * operations completed within the time, over the time: the tail of operations still in flight at its end (fewer
 * than {@code concurrency}, so not the same load) is waited for but not counted. Any failed operation fails the measurement: a benchmark
 * that counts errors as work is wrong.
 */
final class ClosedLoop {

    private final int concurrency;
    private final Duration duration;
    private final int limit;
    private final ProcessCpu cpu;

    /** Operations for {@code duration}. */
    ClosedLoop(int concurrency, Duration duration) {
        this(concurrency, duration, Integer.MAX_VALUE, ProcessCpu.NONE);
    }

    /** Operations for {@code duration}, each run reporting the CPU per operation of the processes {@code cpu} meters. */
    ClosedLoop(int concurrency, Duration duration, ProcessCpu cpu) {
        this(concurrency, duration, Integer.MAX_VALUE, cpu);
    }

    private ClosedLoop(int concurrency, Duration duration, int limit, ProcessCpu cpu) {
        this.concurrency = concurrency;
        this.duration = duration;
        this.limit = limit;
        this.cpu = cpu;
    }

    /** Exactly {@code count} operations (to fill a store), however long they take. */
    static ClosedLoop forCount(int concurrency, int count) {
        return new ClosedLoop(concurrency, Duration.ofDays(1), count, ProcessCpu.NONE);
    }

    /** The same load for another duration (a shorter warm-up). */
    ClosedLoop withDuration(Duration newDuration) {
        return new ClosedLoop(concurrency, newDuration, limit, cpu);
    }

    /** The same load, ending early after {@code count} operations (when each consumes a prepared object). */
    ClosedLoop withLimit(int count) {
        return new ClosedLoop(concurrency, duration, count, cpu);
    }

    int concurrency() {
        return concurrency;
    }

    /** How long {@link #run} goes on. */
    Duration duration() {
        return duration;
    }

    /**
     * Runs the load.
     *
     * @param op starts operation number {@code i} (0, 1, 2, ... across all slots: a unique name for creates)
     * @return operations per second
     */
    double run(String name, IntFunction<Future<?>> op) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        AtomicLong completed = new AtomicLong();
        AtomicLong finished = new AtomicLong();
        ProcessCpu.Sample[] cpuBefore = cpu.snapshot();
        AtomicInteger running = new AtomicInteger(concurrency);
        CompletableFuture<Void> done = new CompletableFuture<>();
        long started = System.nanoTime();
        long deadline = started + duration.toNanos();
        for (int slot = 0; slot < concurrency; slot++) {
            loop(op, next, completed, finished, running, deadline, done);
        }
        try {
            done.get(Math.min(duration.toSeconds(), 3600) + 300, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(name + " failed: " + e.getCause().getMessage(), e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException(name + ": operations did not end", e);
        }
        // every operation that ended, the tail too, spent the CPU measured
        String perOp = cpu.perOperation(cpuBefore, cpu.snapshot(), finished.get());
        if (!perOp.isEmpty()) {
            System.err.printf(
                    Locale.ROOT,
                    "[bench-api %tT] %s: %d operations, CPU ms per operation: %s%n",
                    System.currentTimeMillis(),
                    name,
                    finished.get(),
                    perOp);
        }
        return completed.get() / (Math.min(System.nanoTime() - started, duration.toNanos()) / 1e9);
    }

    private void loop(
            IntFunction<Future<?>> op,
            AtomicInteger next,
            AtomicLong completed,
            AtomicLong finished,
            AtomicInteger running,
            long deadline,
            CompletableFuture<Void> done) {
        if (done.isDone()) {
            return;
        }
        int i = next.getAndIncrement();
        if (i >= limit || System.nanoTime() >= deadline) {
            if (running.decrementAndGet() == 0) {
                done.complete(null);
            }
            return;
        }
        Future<?> started;
        try {
            started = op.apply(i);
        } catch (RuntimeException e) {
            done.completeExceptionally(e);
            return;
        }
        started.onComplete(ar -> {
            if (ar.failed()) {
                done.completeExceptionally(ar.cause());
                return;
            }
            finished.incrementAndGet();
            if (System.nanoTime() <= deadline) {
                completed.incrementAndGet();
            }
            loop(op, next, completed, finished, running, deadline, done);
        });
    }
}

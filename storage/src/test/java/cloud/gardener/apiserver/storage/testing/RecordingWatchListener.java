package cloud.gardener.apiserver.storage.testing;

import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A watch listener for tests: records everything and lets the test wait for it with bounded waits. */
public final class RecordingWatchListener implements WatchListener {

    private final LinkedBlockingQueue<WatchEvent> events = new LinkedBlockingQueue<>();
    private final LinkedBlockingQueue<Long> progress = new LinkedBlockingQueue<>();
    private final CompletableFuture<StorageException> error = new CompletableFuture<>();
    private final List<WatchEvent> all = new ArrayList<>();
    private final AtomicInteger callsAfterError = new AtomicInteger();

    @Override
    public void onEvent(WatchEvent event) {
        noteCall();
        synchronized (all) {
            all.add(event);
        }
        events.add(event);
    }

    @Override
    public void onProgress(long revision) {
        noteCall();
        progress.add(revision);
    }

    @Override
    public void onError(StorageException e) {
        noteCall();
        error.complete(e);
    }

    private void noteCall() {
        if (error.isDone()) {
            callsAfterError.incrementAndGet();
        }
    }

    /** The next event, failing the test if none arrives within {@code timeout}. */
    public WatchEvent nextEvent(Duration timeout) {
        try {
            WatchEvent e = events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (e == null) {
                throw new AssertionError("no watch event within " + timeout
                        + (error.isDone() ? "; the watch failed: " + error.join() : ""));
            }
            return e;
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", ex);
        }
    }

    /** The next {@code n} events. */
    public List<WatchEvent> nextEvents(int n, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<WatchEvent> out = new ArrayList<>(n);
        while (out.size() < n) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("got " + out.size() + " of " + n + " watch events within " + timeout);
            }
            out.add(nextEvent(Duration.ofNanos(left)));
        }
        return out;
    }

    /** Asserts that no event arrives within {@code quiet}. */
    public void assertNoEvent(Duration quiet) {
        try {
            WatchEvent e = events.poll(quiet.toMillis(), TimeUnit.MILLISECONDS);
            if (e != null) {
                throw new AssertionError("unexpected watch event " + e.type() + " " + e.key() + " @" + e.revision());
            }
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", ex);
        }
    }

    /** The next progress revision, or null if none arrives within {@code timeout}. */
    public Long pollProgress(Duration timeout) {
        try {
            return progress.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", ex);
        }
    }

    /** The error that ended the watch, failing the test if none arrives within {@code timeout}. */
    public StorageException awaitError(Duration timeout) {
        try {
            return error.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception ex) {
            throw new AssertionError("the watch did not fail within " + timeout, ex);
        }
    }

    public boolean failed() {
        return error.isDone();
    }

    /** Listener calls after onError (the contract says there are none). */
    public int callsAfterError() {
        return callsAfterError.get();
    }

    /** Every event delivered so far, in delivery order. */
    public List<WatchEvent> allEvents() {
        synchronized (all) {
            return List.copyOf(all);
        }
    }
}

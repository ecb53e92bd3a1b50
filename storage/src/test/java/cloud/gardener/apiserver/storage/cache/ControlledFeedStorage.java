package cloud.gardener.apiserver.storage.cache;

import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import cloud.gardener.apiserver.storage.testing.ForwardingStorage;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real store whose watches the test can hold back and break: {@link #pause()} keeps events and progress
 * from reaching the watchers (a lagging watch stream), {@link #resume()} lets them through in order,
 * {@link #breakWatches} ends every watch with an error (a compaction or a lost stream). Everything else is
 * the store's own behaviour.
 */
final class ControlledFeedStorage extends ForwardingStorage {

    private final List<Gate> gates = new ArrayList<>();
    private final AtomicInteger watchesOpened = new AtomicInteger();
    private final AtomicInteger revisionReads = new AtomicInteger();
    private volatile boolean paused;
    private volatile Promise<Void> revisionGate = released();

    private static Promise<Void> released() {
        Promise<Void> p = Promise.promise();
        p.complete();
        return p;
    }

    ControlledFeedStorage(Storage store) {
        super(store);
    }

    void pause() {
        paused = true;
    }

    void resume() {
        paused = false;
        List<Gate> all;
        synchronized (this) {
            all = List.copyOf(gates);
        }
        all.forEach(Gate::flush);
    }

    void breakWatches(StorageException error) {
        List<Gate> all;
        synchronized (this) {
            all = List.copyOf(gates);
            gates.clear();
        }
        all.forEach(g -> g.fail(error));
    }

    /** How many listener calls (events, progress, errors) are held back now. */
    synchronized int held() {
        int n = 0;
        for (Gate g : gates) {
            synchronized (g) {
                n += g.held.size();
            }
        }
        return n;
    }

    /** How many watches were opened on the store (the cache's feed and its restarts). */
    int watchesOpened() {
        return watchesOpened.get();
    }

    /** One watch's listener, holding back what arrives while paused. */
    private final class Gate implements WatchListener {
        private final WatchListener listener;
        private final List<Runnable> held = new ArrayList<>();
        private WatchSubscription inner;
        private boolean failed;

        Gate(WatchListener listener) {
            this.listener = listener;
        }

        @Override
        public void onEvent(WatchEvent event) {
            pass(() -> listener.onEvent(event));
        }

        @Override
        public void onProgress(long revision) {
            pass(() -> listener.onProgress(revision));
        }

        @Override
        public void onError(StorageException error) {
            pass(() -> listener.onError(error));
        }

        /** Listener calls only hand work to the cache's context, so running them under the lock keeps order cheaply. */
        private synchronized void pass(Runnable call) {
            if (failed) {
                return;
            }
            if (paused || !held.isEmpty()) {
                held.add(call);
                return;
            }
            call.run();
        }

        synchronized void flush() {
            held.forEach(Runnable::run);
            held.clear();
        }

        void fail(StorageException error) {
            synchronized (this) {
                failed = true;
                held.clear();
            }
            inner.close();
            listener.onError(error);
        }
    }

    @Override
    public WatchSubscription watch(String keyOrPrefix, long afterRevision, WatchListener listener) {
        Gate gate = new Gate(listener);
        watchesOpened.incrementAndGet();
        gate.inner = super.watch(keyOrPrefix, afterRevision, gate);
        synchronized (this) {
            gates.add(gate);
        }
        return gate.inner;
    }

    /** How many times the store's current revision was read. */
    int revisionReads() {
        return revisionReads.get();
    }

    /** Holds quorum revision reads back until {@link #releaseRevisionReads()} (a slow etcd round trip). */
    void holdRevisionReads() {
        revisionGate = Promise.promise();
    }

    void releaseRevisionReads() {
        revisionGate.tryComplete();
    }

    @Override
    public Future<Long> currentRevision() {
        revisionReads.incrementAndGet();
        return revisionGate.future().compose(v -> super.currentRevision());
    }
}

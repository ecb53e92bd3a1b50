package cloud.gardener.apiserver.storage.cache;

import cloud.gardener.apiserver.storage.Storage;
import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The store's current revision for consistent reads from the cache, with concurrent callers sharing quorum
 * reads: a caller joins the next read that has not started yet, so every answer comes from a read that began
 * after the caller asked (the result stays linearizable) while at most one read is in flight. Under load a
 * thousand consistent GETs cost one or two round trips to etcd, not a thousand.
 */
public final class QuorumRevision implements Supplier<Future<Long>> {

    private final Storage store;
    private final AtomicReference<Round> next = new AtomicReference<>();
    private final AtomicBoolean reading = new AtomicBoolean();
    /** Whether the store answered a read at once: then reads are asked of it directly ({@link #get}). */
    private volatile boolean immediate;

    public QuorumRevision(Storage store) {
        this.store = store;
    }

    /** Callers waiting for the same read; completed on each caller's context. */
    private static final class Round {
        private final List<Promise<Long>> waiting = new ArrayList<>();
        private boolean started;

        synchronized boolean join(Promise<Long> p) {
            if (started) {
                return false;
            }
            waiting.add(p);
            return true;
        }

        synchronized List<Promise<Long>> start() {
            started = true;
            return waiting;
        }
    }

    @Override
    public Future<Long> get() {
        if (immediate) {
            // a store that knows its revision at once (the embedded one): asked now, after the caller, so the
            // answer stays linearizable, and without a round, a promise and a listener per read
            Future<Long> now = store.currentRevision();
            if (now.isComplete()) {
                return now;
            }
            immediate = false; // it waits after all: this read runs on its own, the later ones share rounds
            return now;
        }
        Context current = Vertx.currentContext();
        Promise<Long> promise = current instanceof ContextInternal ci ? ci.promise() : Promise.promise();
        while (true) {
            Round round = next.get();
            if (round == null) {
                Round fresh = new Round();
                if (!next.compareAndSet(null, fresh)) {
                    continue;
                }
                round = fresh;
            }
            if (round.join(promise)) {
                break;
            }
            next.compareAndSet(round, null); // that round started meanwhile; join a newer one
        }
        startNext();
        return promise.future();
    }

    private void startNext() {
        if (!reading.compareAndSet(false, true)) {
            return; // the running read starts the next round when it finishes
        }
        Round round = next.getAndSet(null);
        if (round == null) {
            reading.set(false);
            if (next.get() != null) {
                startNext();
            }
            return;
        }
        List<Promise<Long>> waiting = round.start();
        Future<Long> read = store.currentRevision();
        if (read.isComplete() && read.succeeded()) {
            immediate = true;
        }
        read.onComplete(ar -> {
            reading.set(false);
            for (Promise<Long> p : waiting) {
                complete(p, ar);
            }
            if (next.get() != null) {
                startNext();
            }
        });
    }

    private static void complete(Promise<Long> p, AsyncResult<Long> ar) {
        if (ar.succeeded()) {
            p.tryComplete(ar.result());
        } else {
            p.tryFail(ar.cause());
        }
    }
}

package cloud.gardener.apiserver.storage.etcd3;

import com.google.protobuf.ByteString;
import io.etcd.jetcd.api.KeyValue;
import io.etcd.jetcd.api.RangeRequest;
import io.etcd.jetcd.api.RangeResponse;
import io.etcd.jetcd.api.ResponseOp;
import io.etcd.jetcd.api.TxnRequest;
import io.etcd.jetcd.api.TxnResponse;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;

/**
 * Coalesces one event loop's concurrent consistent single-key reads: a read that arrives while nothing of
 * this loop is in flight goes out at the end of the loop's turn, together with every read asked for in that
 * turn; a read that arrives while a round trip is in flight waits for it. Each batch goes as one read-only
 * transaction of up to {@link #MAX_TXN_OPS} ranges (a lone read as a range). With 64 GETs in flight etcd then
 * answers a few transactions instead of 64 ranges, and the client parses and frames a few messages instead of
 * 64. Sending the first read of a quiet loop at once instead made batches alternate between that one read and
 * the rest of the turn's reads, which waited a whole round trip for it (the benchmark's GET row over HTTP/2:
 * 9183 lone ranges against 2230 transactions of 63).
 *
 * <p>Each read stays linearizable: a batch is sent only after every read in it was asked for, and a
 * read-only transaction of non-serializable ranges is itself a linearizable read in etcd (it waits for the
 * leader's commit index, as a single range does), so each read observes every write that completed before
 * it was asked for, and the answer comes back before the read completes. The batch answers all its keys at
 * one revision, which is a state each read could have observed on its own.
 *
 * <p>Confined to its event loop's thread: no locks.
 */
final class GetBatcher {

    /** etcd's default {@code --max-txn-ops}: a transaction with more operations is refused. */
    static final int MAX_TXN_OPS = 128;

    /** Where the batcher sends its reads; callbacks run on the same loop thread. */
    interface Sender {
        void range(RangeRequest request, BiConsumer<RangeResponse, Throwable> done);

        void readTxn(TxnRequest request, BiConsumer<TxnResponse, Throwable> done);
    }

    /** One waiting read; {@code done} gets the pair (without its value if keys only), or null when the key is absent. */
    private record Pending(ByteString key, boolean keysOnly, BiConsumer<KeyValue, Throwable> done) {
        RangeRequest request() {
            return keysOnly ? KvRequests.keyOnly(key) : KvRequests.get(key);
        }
    }

    private final Sender sender;
    private final Executor turnEnd;
    private final ArrayDeque<Pending> waiting = new ArrayDeque<>();
    private int inFlight;
    private boolean flushQueued;

    /**
     * @param turnEnd runs a task on the loop's thread after the work the loop has at hand (the loop's
     *                {@code execute}: after the I/O events of its turn and the tasks queued before)
     */
    GetBatcher(Sender sender, Executor turnEnd) {
        this.sender = sender;
        this.turnEnd = turnEnd;
    }

    /**
     * Reads {@code key} with the batch sent at the end of this turn if nothing is in flight, else with the batch
     * sent when the round trip in flight is answered.
     *
     * @param keysOnly whether to read the pair without its value (its revisions alone)
     */
    void get(ByteString key, boolean keysOnly, BiConsumer<KeyValue, Throwable> done) {
        waiting.add(new Pending(key, keysOnly, done));
        if (inFlight == 0 && !flushQueued) {
            flushQueued = true;
            try {
                turnEnd.execute(this::queuedFlush);
            } catch (RuntimeException e) { // the loop is shutting down: send now, its failure reaches each read
                flushQueued = false;
                flush();
            }
        }
    }

    private void queuedFlush() {
        flushQueued = false;
        if (inFlight == 0) {
            flush();
        }
    }

    private void flush() {
        while (!waiting.isEmpty()) {
            List<Pending> batch = new ArrayList<>(Math.min(waiting.size(), MAX_TXN_OPS));
            while (batch.size() < MAX_TXN_OPS && !waiting.isEmpty()) {
                batch.add(waiting.poll());
            }
            inFlight++;
            try {
                send(batch);
            } catch (RuntimeException e) {
                inFlight--;
                deliver(batch, null, e);
            }
        }
    }

    private void send(List<Pending> batch) {
        if (batch.size() == 1) {
            Pending only = batch.get(0);
            sender.range(only.request(), (resp, failure) -> {
                try {
                    only.done().accept(failure == null ? first(resp) : null, failure);
                } finally {
                    roundTripDone();
                }
            });
        } else {
            sender.readTxn(KvRequests.reads(requests(batch)), (resp, failure) -> {
                try {
                    deliver(batch, resp, failure);
                } finally {
                    roundTripDone();
                }
            });
        }
    }

    /**
     * The next batch starts once this loop has nothing in flight: everything that waited meanwhile, including
     * reads the answered callers asked for while their answers were delivered.
     */
    private void roundTripDone() {
        inFlight--;
        if (inFlight == 0 && !waiting.isEmpty()) {
            flush();
        }
    }

    private static void deliver(List<Pending> batch, TxnResponse resp, Throwable failure) {
        for (int i = 0; i < batch.size(); i++) {
            Pending pending = batch.get(i);
            if (failure != null) {
                pending.done().accept(null, failure);
            } else {
                ResponseOp op = resp.getResponses(i);
                pending.done().accept(first(op.getResponseRange()), null);
            }
        }
    }

    private static KeyValue first(RangeResponse resp) {
        return resp.getKvsCount() == 0 ? null : resp.getKvs(0);
    }

    private static List<RangeRequest> requests(List<Pending> batch) {
        List<RangeRequest> requests = new ArrayList<>(batch.size());
        for (Pending pending : batch) {
            requests.add(pending.request());
        }
        return requests;
    }
}

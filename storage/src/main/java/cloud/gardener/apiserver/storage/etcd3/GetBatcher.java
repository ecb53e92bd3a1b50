package cloud.gardener.apiserver.storage.etcd3;

import com.google.protobuf.ByteString;
import io.etcd.jetcd.api.KeyValue;
import io.etcd.jetcd.api.RangeRequest;
import io.etcd.jetcd.api.RangeResponse;
import io.etcd.jetcd.api.TxnRequest;
import io.etcd.jetcd.api.TxnResponse;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * 9183 lone ranges against 2230 transactions of 63). One batcher for all loops (one round trip in flight for all,
 * each loop's answers hopping back to it) made HTTP/1.1's round trips carry 23 reads instead of 18 and cut etcd's
 * CPU per GET by a tenth, but the benchmark's GETs/s were no better (reads waited for the other loop's round trip):
 * each loop keeps its own.
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

    /**
     * One waiting read; {@code done} gets the pair (keys only: perhaps without its value), or null when the key is
     * absent.
     */
    private record Pending(ByteString key, boolean keysOnly, BiConsumer<KeyValue, Throwable> done) {}

    /**
     * The reads of one key in a batch, answered by one range: keys only when every one of them is. Each read may
     * take the same answer: they were all asked for before the batch was sent, and the range reads at the batch's
     * one revision, which each of them could have observed on its own (see the class comment).
     */
    private static final class Range {
        private final ByteString key;
        private final List<Pending> reads = new ArrayList<>(1);
        private boolean keysOnly = true;

        Range(ByteString key) {
            this.key = key;
        }

        void add(Pending read) {
            reads.add(read);
            keysOnly &= read.keysOnly();
        }

        RangeRequest request() {
            return keysOnly ? KvRequests.keyOnly(key) : KvRequests.get(key);
        }

        void answer(KeyValue kv, Throwable failure) {
            for (Pending read : reads) {
                read.done().accept(kv, failure);
            }
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
            // Reads of one key share a range: up to MAX_TXN_OPS distinct keys per batch, however many reads
            Map<ByteString, Range> batch = new LinkedHashMap<>();
            while (!waiting.isEmpty()) {
                Pending next = waiting.peek();
                Range range = batch.get(next.key());
                if (range == null) {
                    if (batch.size() == MAX_TXN_OPS) {
                        break;
                    }
                    range = new Range(next.key());
                    batch.put(next.key(), range);
                }
                range.add(waiting.poll());
            }
            List<Range> ranges = new ArrayList<>(batch.values());
            inFlight++;
            try {
                send(ranges);
            } catch (RuntimeException e) {
                inFlight--;
                deliver(ranges, null, e);
            }
        }
    }

    private void send(List<Range> batch) {
        if (batch.size() == 1) {
            Range only = batch.get(0);
            sender.range(only.request(), (resp, failure) -> {
                try {
                    only.answer(failure == null ? first(resp) : null, failure);
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

    private static void deliver(List<Range> batch, TxnResponse resp, Throwable failure) {
        for (int i = 0; i < batch.size(); i++) {
            Range range = batch.get(i);
            if (failure != null) {
                range.answer(null, failure);
            } else {
                range.answer(first(resp.getResponses(i).getResponseRange()), null);
            }
        }
    }

    private static KeyValue first(RangeResponse resp) {
        return resp.getKvsCount() == 0 ? null : resp.getKvs(0);
    }

    private static List<RangeRequest> requests(List<Range> batch) {
        List<RangeRequest> requests = new ArrayList<>(batch.size());
        for (Range range : batch) {
            requests.add(range.request());
        }
        return requests;
    }
}

package cloud.gardener.apiserver.storage.etcd3;

import com.google.protobuf.ByteString;
import io.etcd.jetcd.api.KeyValue;
import io.etcd.jetcd.api.RangeRequest;
import io.etcd.jetcd.api.RangeResponse;
import io.etcd.jetcd.api.TxnRequest;
import io.etcd.jetcd.api.TxnResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * Coalesces the concurrent consistent single-key reads of every event loop into shared round trips: a read that
 * arrives while no round trip is in flight goes out at the end of its loop's turn, together with every read asked
 * for meanwhile on any loop; a read that arrives while a round trip is in flight waits for it, and then goes with
 * every other read that waited, over the connection of the loop that got the answer. Each batch goes as one
 * read-only transaction of one range per distinct key, up to {@link #MAX_TXN_OPS} (a lone key as a range). With 64
 * GETs in flight etcd then answers a few transactions instead of 64 ranges, and the client parses and frames a few
 * messages instead of 64. Sending the first read of a quiet loop at once instead made batches alternate between that
 * one read and the rest of the turn's reads, which waited a whole round trip for it (the benchmark's GET row over
 * HTTP/2: 9183 lone ranges against 2230 transactions of 63). Batching each loop on its own halved the batches where
 * requests are spread over loops (HTTP/1.1's connections: 18 reads a round trip on two loops against 40 over one
 * HTTP/2 connection), and each round trip costs etcd a linearizable read and a gRPC call.
 *
 * <p>Each read stays linearizable: a batch is sent only after every read in it was asked for (taken from the
 * queue it was added to before), and a read-only transaction of non-serializable ranges is itself a linearizable
 * read in etcd (it waits for the leader's commit index, as a single range does), so each read observes every write
 * that completed before it was asked for, and the answer comes back before the read completes. The batch answers
 * all its keys at one revision, which is a state each read could have observed on its own; so the reads of one key
 * share its range.
 *
 * <p>Thread-safe: reads are queued from any loop; one loop at a time sends (the {@link #state} says which phase),
 * and answers each read on its own loop (one task per other loop and round trip).
 */
final class GetBatcher {

    /** etcd's default {@code --max-txn-ops}: a transaction with more operations is refused. */
    static final int MAX_TXN_OPS = 128;

    private static final int IDLE = 0;
    private static final int QUEUED = 1;
    private static final int SENDING = 2;

    /**
     * An event loop's connection: sends on its loop's connection (callbacks on that loop) and runs tasks on that
     * loop after the work it has at hand.
     */
    interface Home {
        void range(RangeRequest request, BiConsumer<RangeResponse, Throwable> done);

        void readTxn(TxnRequest request, BiConsumer<TxnResponse, Throwable> done);

        /** Runs the task on the loop, after the I/O events of its turn and the tasks queued before. */
        void execute(Runnable task);
    }

    /**
     * One waiting read, answered on its {@code home} loop; {@code done} gets the pair (keys only: perhaps without its
     * value), or null when the key is absent.
     */
    private record Pending(Home home, ByteString key, boolean keysOnly, BiConsumer<KeyValue, Throwable> done) {}

    /** The reads of one key in a batch, answered by one range: keys only when every one of them is. */
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
    }

    private final Queue<Pending> waiting = new ConcurrentLinkedQueue<>();
    /**
     * IDLE: nothing in flight and no send queued; QUEUED: a loop will send at the end of its turn; SENDING: a loop's
     * round trips are in flight, and that loop sends what waits when they are answered. Only the loop that moved it
     * out of IDLE moves it on.
     */
    private final AtomicInteger state = new AtomicInteger(IDLE);
    /** The sending loop's round trips in flight: touched only by that loop while SENDING. */
    private int inFlight;

    /**
     * Reads {@code key} with the batch sent at the end of this turn if nothing is in flight, else with the batch sent
     * when the round trip in flight is answered; answered on {@code home}'s loop.
     *
     * @param home     the calling loop's connection (the caller is on that loop)
     * @param keysOnly whether to read the pair without its value (its revisions alone)
     */
    void get(Home home, ByteString key, boolean keysOnly, BiConsumer<KeyValue, Throwable> done) {
        waiting.add(new Pending(home, key, keysOnly, done));
        // after the add: a sender that goes IDLE looks at the queue again after it did (see roundTripDone)
        if (state.get() == IDLE && state.compareAndSet(IDLE, QUEUED)) {
            try {
                home.execute(() -> flush(home));
            } catch (RuntimeException e) { // the loop is shutting down: send now, its failure reaches each read
                flush(home);
            }
        }
    }

    /** On {@code home}'s loop, which moved the state out of IDLE: sends everything waiting, or goes IDLE. */
    private void flush(Home home) {
        state.set(SENDING);
        List<List<Range>> batches = drain();
        if (batches.isEmpty()) {
            idle(home);
            return;
        }
        inFlight += batches.size();
        for (List<Range> batch : batches) {
            try {
                send(home, batch);
            } catch (RuntimeException e) {
                deliver(home, batch, null, e);
                roundTripDone(home);
            }
        }
    }

    /** Everything waiting now, in batches of up to MAX_TXN_OPS distinct keys, however many reads of each. */
    private List<List<Range>> drain() {
        List<List<Range>> batches = new ArrayList<>(1);
        Map<ByteString, Range> batch = new LinkedHashMap<>();
        for (Pending next = waiting.poll(); next != null; next = waiting.poll()) {
            Range range = batch.get(next.key());
            if (range == null) {
                if (batch.size() == MAX_TXN_OPS) {
                    batches.add(new ArrayList<>(batch.values()));
                    batch = new LinkedHashMap<>();
                }
                range = new Range(next.key());
                batch.put(next.key(), range);
            }
            range.add(next);
        }
        if (!batch.isEmpty()) {
            batches.add(new ArrayList<>(batch.values()));
        }
        return batches;
    }

    private void send(Home home, List<Range> batch) {
        if (batch.size() == 1) {
            home.range(batch.get(0).request(), (resp, failure) -> {
                try {
                    deliver(home, batch, failure == null ? first(resp) : null, failure);
                } finally {
                    roundTripDone(home);
                }
            });
        } else {
            home.readTxn(KvRequests.reads(requests(batch)), (resp, failure) -> {
                try {
                    if (failure != null) {
                        deliver(home, batch, null, failure);
                    } else {
                        deliver(home, batch, resp);
                    }
                } finally {
                    roundTripDone(home);
                }
            });
        }
    }

    /**
     * On the sending loop. The next batch starts once its round trips are all answered: everything that waited
     * meanwhile on any loop, including reads this loop's answered callers asked for while their answers were
     * delivered.
     */
    private void roundTripDone(Home home) {
        if (--inFlight > 0) {
            return;
        }
        if (!waiting.isEmpty()) {
            flush(home);
        } else {
            idle(home);
        }
    }

    /** Goes IDLE, then sends what a read queued just before (it saw SENDING and left the send to this loop). */
    private void idle(Home home) {
        state.set(IDLE);
        if (!waiting.isEmpty() && state.compareAndSet(IDLE, QUEUED)) {
            flush(home);
        }
    }

    /** One answer (or failure) for every read of the batch's single range. */
    private static void deliver(Home sender, List<Range> batch, KeyValue kv, Throwable failure) {
        Answers answers = new Answers(sender);
        for (Range range : batch) {
            for (Pending read : range.reads) {
                answers.add(read, kv, failure);
            }
        }
        answers.send();
    }

    private static void deliver(Home sender, List<Range> batch, TxnResponse resp) {
        Answers answers = new Answers(sender);
        for (int i = 0; i < batch.size(); i++) {
            KeyValue kv = first(resp.getResponses(i).getResponseRange());
            for (Pending read : batch.get(i).reads) {
                answers.add(read, kv, null);
            }
        }
        answers.send();
    }

    /** A batch's answers: the sending loop's own at once, each other loop's in one task on that loop. */
    private static final class Answers {
        private final Home sender;
        private final List<Home> homes = new ArrayList<>(2);
        private final List<List<Runnable>> elsewhere = new ArrayList<>(2);

        Answers(Home sender) {
            this.sender = sender;
        }

        void add(Pending read, KeyValue kv, Throwable failure) {
            if (read.home() == sender) {
                read.done().accept(kv, failure);
                return;
            }
            int at = homes.indexOf(read.home());
            if (at < 0) {
                at = homes.size();
                homes.add(read.home());
                elsewhere.add(new ArrayList<>());
            }
            elsewhere.get(at).add(() -> read.done().accept(kv, failure));
        }

        void send() {
            for (int i = 0; i < homes.size(); i++) {
                List<Runnable> tasks = elsewhere.get(i);
                Runnable all = () -> tasks.forEach(Runnable::run);
                try {
                    homes.get(i).execute(all);
                } catch (RuntimeException e) { // that loop is shutting down: answer here (promises complete anywhere)
                    all.run();
                }
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

package cloud.gardener.apiserver.storage.etcd3;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.etcd.jetcd.api.KeyValue;
import io.etcd.jetcd.api.RangeRequest;
import io.etcd.jetcd.api.RangeResponse;
import io.etcd.jetcd.api.RequestOp;
import io.etcd.jetcd.api.ResponseOp;
import io.etcd.jetcd.api.TxnRequest;
import io.etcd.jetcd.api.TxnResponse;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/** How one loop's reads are grouped into round trips, against a sender that answers when told. */
class GetBatcherTest {

    private final ArrayDeque<Runnable> turnEnd = new ArrayDeque<>();
    private final FakeSender sender = new FakeSender();
    private final GetBatcher batcher = new GetBatcher(sender, turnEnd::add);

    @Test
    void readsOfOneKeyInATurnShareOneRangeThatReadsTheValueIfAnyOfThemWantsIt() {
        List<Answer> answers = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            answers.add(read("/a", i != 3)); // one wants the value
        }
        endTurn();

        assertThat(sender.txns).isEmpty();
        assertThat(sender.ranges).hasSize(1);
        RangeRequest sent = sender.ranges.get(0).request;
        assertThat(sent.getKey().toStringUtf8()).isEqualTo("/a");
        assertThat(sent.getKeysOnly()).isFalse();
        assertThat(sent.getSerializable()).isFalse();

        KeyValue kv = pair("/a", 7);
        sender.ranges.get(0).answer(RangeResponse.newBuilder().addKvs(kv).build());
        assertThat(answers).allSatisfy(a -> assertThat(a.kv).isSameAs(kv));
    }

    @Test
    void keysOnlyReadsOfOneKeyStayKeysOnly() {
        read("/a", true);
        read("/a", true);
        endTurn();

        assertThat(sender.ranges)
                .singleElement()
                .satisfies(r -> assertThat(r.request.getKeysOnly()).isTrue());
    }

    @Test
    void aBatchOfSeveralKeysIsOneTransactionOfOneRangePerKeyAndEachReadGetsItsKeysAnswer() {
        List<Answer> answers = new ArrayList<>();
        String[] keys = {"/a", "/b", "/a", "/c", "/b", "/a", "/missing"};
        for (String key : keys) {
            answers.add(read(key, true));
        }
        endTurn();

        assertThat(sender.ranges).isEmpty();
        assertThat(sender.txns).hasSize(1);
        TxnRequest txn = sender.txns.get(0).request;
        assertThat(txn.getCompareCount()).isZero();
        assertThat(txn.getSuccessList())
                .extracting(op -> op.getRequestRange().getKey().toStringUtf8())
                .containsExactly("/a", "/b", "/c", "/missing");
        TxnResponse.Builder resp = TxnResponse.newBuilder().setSucceeded(true);
        for (RequestOp op : txn.getSuccessList()) {
            String key = op.getRequestRange().getKey().toStringUtf8();
            RangeResponse.Builder range = RangeResponse.newBuilder();
            if (!key.equals("/missing")) {
                range.addKvs(pair(key, key.charAt(1)));
            }
            resp.addResponses(ResponseOp.newBuilder().setResponseRange(range));
        }
        sender.txns.get(0).answer(resp.build());

        for (int i = 0; i < keys.length; i++) {
            Answer answer = answers.get(i);
            assertThat(answer.done).as(keys[i]).isTrue();
            assertThat(answer.failure).isNull();
            if (keys[i].equals("/missing")) {
                assertThat(answer.kv).isNull();
            } else {
                assertThat(answer.kv.getKey().toStringUtf8()).isEqualTo(keys[i]);
                assertThat(answer.kv.getModRevision()).isEqualTo(keys[i].charAt(1));
            }
        }
    }

    @Test
    void aBatchHoldsAtMost128DistinctKeysWithAnyNumberOfRepeats() {
        List<Answer> answers = new ArrayList<>();
        for (int i = 0; i < 130; i++) {
            answers.add(read("/k" + i, true));
            answers.add(read("/k" + i, true));
        }
        endTurn();

        // 256 reads of the first 128 keys in one, the four reads of the last two keys in another
        assertThat(sender.txns).hasSize(2);
        assertThat(sender.txns.get(0).request.getSuccessCount()).isEqualTo(GetBatcher.MAX_TXN_OPS);
        assertThat(sender.txns.get(1).request.getSuccessList())
                .extracting(op -> op.getRequestRange().getKey().toStringUtf8())
                .containsExactly("/k128", "/k129");
        sender.txns.get(1).fail(new RuntimeException("late"));
        assertThat(answers.subList(0, 256)).allSatisfy(a -> assertThat(a.done).isFalse());
        assertThat(answers.subList(256, 260))
                .allSatisfy(a -> assertThat(a.failure).hasMessage("late"));
    }

    @Test
    void aFailureReachesEveryReadOfTheKey() {
        List<Answer> answers = List.of(read("/a", true), read("/a", false));
        endTurn();

        RuntimeException failure = new RuntimeException("unavailable");
        sender.ranges.get(0).fail(failure);
        assertThat(answers).allSatisfy(a -> {
            assertThat(a.done).isTrue();
            assertThat(a.failure).isSameAs(failure);
        });
    }

    @Test
    void readsAskedForWhileARoundTripIsInFlightGoInTheNextOneWhenItIsAnswered() {
        read("/a", true);
        endTurn();
        Answer later = read("/a", true);
        endTurn();
        assertThat(sender.ranges).hasSize(1); // the second waits for the first

        sender.ranges
                .get(0)
                .answer(RangeResponse.newBuilder().addKvs(pair("/a", 1)).build());
        assertThat(sender.ranges).hasSize(2);
        assertThat(later.done).isFalse(); // it reads anew: the first answer may predate it

        sender.ranges
                .get(1)
                .answer(RangeResponse.newBuilder().addKvs(pair("/a", 2)).build());
        assertThat(later.kv.getModRevision()).isEqualTo(2);
    }

    private Answer read(String key, boolean keysOnly) {
        Answer answer = new Answer();
        batcher.get(ByteString.copyFromUtf8(key), keysOnly, answer);
        return answer;
    }

    private void endTurn() {
        while (!turnEnd.isEmpty()) {
            turnEnd.poll().run();
        }
    }

    private static KeyValue pair(String key, long modRevision) {
        return KeyValue.newBuilder()
                .setKey(ByteString.copyFromUtf8(key))
                .setModRevision(modRevision)
                .build();
    }

    private static final class Answer implements BiConsumer<KeyValue, Throwable> {
        boolean done;
        KeyValue kv;
        Throwable failure;

        @Override
        public void accept(KeyValue kv, Throwable failure) {
            assertThat(done).as("answered once").isFalse();
            done = true;
            this.kv = kv;
            this.failure = failure;
        }
    }

    private static final class Call<Q, R> {
        final Q request;
        final BiConsumer<R, Throwable> done;

        Call(Q request, BiConsumer<R, Throwable> done) {
            this.request = request;
            this.done = done;
        }

        void answer(R response) {
            done.accept(response, null);
        }

        void fail(Throwable failure) {
            done.accept(null, failure);
        }
    }

    private static final class FakeSender implements GetBatcher.Sender {
        final List<Call<RangeRequest, RangeResponse>> ranges = new ArrayList<>();
        final List<Call<TxnRequest, TxnResponse>> txns = new ArrayList<>();

        @Override
        public void range(RangeRequest request, BiConsumer<RangeResponse, Throwable> done) {
            ranges.add(new Call<>(request, done));
        }

        @Override
        public void readTxn(TxnRequest request, BiConsumer<TxnResponse, Throwable> done) {
            txns.add(new Call<>(request, done));
        }
    }
}

package cloud.gardener.apiserver.storage.etcd3;

import static cloud.gardener.apiserver.storage.testing.VertxExtension.await;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import cloud.gardener.apiserver.storage.testing.VertxExtension;
import io.etcd.jetcd.api.KVGrpc;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.MethodDescriptor;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Consistent GETs issued together on one event loop share etcd round trips, and each gets its own answer. */
@Tag("integration")
class EtcdGetBatchingTest {

    @RegisterExtension
    static final EtcdExtension ETCD = new EtcdExtension();

    @RegisterExtension
    static final VertxExtension VERTX = new VertxExtension();

    @Test
    void concurrentGetsOnOneLoopShareRoundTripsOfAtMost128Reads() throws Exception {
        String prefix = ETCD.newPrefix();
        RequestCounter counter = new RequestCounter();
        try (EtcdStorage storage = new EtcdStorage(VERTX.vertx(), ETCD.config(), List.of(counter))) {
            int present = 250;
            for (int i = 0; i < present; i++) {
                await(storage.create(prefix + "k" + i, bytes("v" + i)));
            }
            int gets = 300; // 50 of them absent
            counter.reset();

            List<Future<StoredObject>> answers = onOneLoop(() -> {
                List<Future<StoredObject>> all = new ArrayList<>();
                for (int i = 0; i < gets; i++) {
                    all.add(storage.get(prefix + "k" + i));
                }
                return all;
            });
            settled(answers);

            // All 300 were asked for in one turn of the loop: they go as ceil(300 / 128) = 3 transactions, none
            // alone.
            assertThat(counter.calls(KVGrpc.getRangeMethod())).isZero();
            assertThat(counter.calls(KVGrpc.getTxnMethod())).isEqualTo(3);
            for (int i = 0; i < gets; i++) {
                Future<StoredObject> answer = answers.get(i);
                if (i < present) {
                    assertThat(answer.succeeded()).as("get k%d", i).isTrue();
                    assertThat(answer.result().key()).isEqualTo(prefix + "k" + i);
                    assertThat(new String(answer.result().value(), StandardCharsets.UTF_8))
                            .isEqualTo("v" + i);
                    assertThat(answer.result().modRevision()).isPositive();
                } else {
                    assertThat(answer.cause())
                            .as("get k%d", i)
                            .isInstanceOfSatisfying(
                                    StorageException.class,
                                    e -> assertThat(e.reason()).isEqualTo(StorageException.Reason.NOT_FOUND));
                }
            }
        }
    }

    @Test
    void revisionReadsShareTheGetsBatchesAndEachGetsItsOwnAnswer() throws Exception {
        String prefix = ETCD.newPrefix();
        RequestCounter counter = new RequestCounter();
        try (EtcdStorage storage = new EtcdStorage(VERTX.vertx(), ETCD.config(), List.of(counter))) {
            List<StoredObject> created = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                created.add(await(storage.create(prefix + "k" + i, bytes("v" + i))));
            }
            counter.reset();

            // gets of the even keys and revision reads of the odd ones, interleaved, and one of a missing key
            List<Future<?>> answers = onOneLoop(() -> {
                List<Future<?>> all = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    all.add(i % 2 == 0 ? storage.get(prefix + "k" + i) : storage.modRevision(prefix + "k" + i));
                }
                all.add(storage.modRevision(prefix + "missing"));
                return all;
            });
            settled(answers);

            // the eleven reads of one turn go in one transaction
            assertThat(counter.calls(KVGrpc.getRangeMethod())).isZero();
            assertThat(counter.calls(KVGrpc.getTxnMethod())).isEqualTo(1);
            for (int i = 0; i < 10; i++) {
                Object answer = answers.get(i).result();
                if (i % 2 == 0) {
                    StoredObject read = (StoredObject) answer;
                    assertThat(new String(read.value(), StandardCharsets.UTF_8)).isEqualTo("v" + i);
                    assertThat(read.modRevision()).isEqualTo(created.get(i).modRevision());
                } else {
                    assertThat(answer).as("k%d", i).isEqualTo(created.get(i).modRevision());
                }
            }
            assertThat(answers.get(10).cause())
                    .isInstanceOfSatisfying(
                            StorageException.class,
                            e -> assertThat(e.reason()).isEqualTo(StorageException.Reason.NOT_FOUND));
        }
    }

    @Test
    void aBatchedGetSeesEveryWriteThatCompletedBeforeItWasAsked() throws Exception {
        String prefix = ETCD.newPrefix();
        try (EtcdStorage storage = new EtcdStorage(VERTX.vertx(), ETCD.config())) {
            StoredObject created = await(storage.create(prefix + "a", bytes("0")));
            // A GET in flight, then a write that completes, then a GET: the second GET waits for the first
            // round trip and must still see the write.
            CompletableFuture<StoredObject> afterWrite = new CompletableFuture<>();
            Context loop = VERTX.vertx().getOrCreateContext();
            loop.runOnContext(v -> {
                Future<StoredObject> inFlight = storage.get(prefix + "a");
                storage.update(prefix + "a", created.modRevision(), bytes("1"))
                        .compose(written -> storage.get(prefix + "a"))
                        .onComplete((obj, failure) -> {
                            if (failure != null) {
                                afterWrite.completeExceptionally(failure);
                            } else {
                                afterWrite.complete(obj);
                            }
                        });
                inFlight.onFailure(afterWrite::completeExceptionally);
            });
            assertThat(new String(afterWrite.get(10, TimeUnit.SECONDS).value(), StandardCharsets.UTF_8))
                    .isEqualTo("1");
        }
    }

    @Test
    void getsOfTwoLoopsAreEachAnsweredOnTheirOwnLoopWithTheirOwnKeys() throws Exception {
        String prefix = ETCD.newPrefix();
        try (EtcdStorage storage = new EtcdStorage(VERTX.vertx(), ETCD.config())) {
            for (int i = 0; i < 20; i++) {
                await(storage.create(prefix + "k" + i, bytes("v" + i)));
            }
            List<ContextInternal> loops = List.of(
                    ((VertxInternal) VERTX.vertx()).createEventLoopContext(),
                    ((VertxInternal) VERTX.vertx()).createEventLoopContext());
            assertThat(loops.get(0).nettyEventLoop()).isNotSameAs(loops.get(1).nettyEventLoop());

            // both loops read at once, for several rounds: each loop's batches are its own
            List<CompletableFuture<Void>> done = new ArrayList<>();
            for (ContextInternal loop : loops) {
                CompletableFuture<Void> loopDone = new CompletableFuture<>();
                done.add(loopDone);
                loop.runOnContext(v -> readRounds(storage, prefix, Thread.currentThread(), 10, loopDone));
            }
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(20, TimeUnit.SECONDS);
        }
    }

    /** Reads every key (and a missing one) at once, checks each answer and its thread, and again while rounds remain. */
    private static void readRounds(
            EtcdStorage storage, String prefix, Thread loopThread, int rounds, CompletableFuture<Void> done) {
        List<Future<?>> answers = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            String key = prefix + "k" + i;
            String value = "v" + i;
            Future<?> read = i % 3 == 0
                    ? storage.modRevision(key).map(rev -> {
                        assertThat(rev).isPositive();
                        return rev;
                    })
                    : storage.get(key).map(got -> {
                        assertThat(got.key()).isEqualTo(key);
                        assertThat(new String(got.value(), StandardCharsets.UTF_8))
                                .isEqualTo(value);
                        return got;
                    });
            answers.add(read.map(r -> {
                assertThat(Thread.currentThread()).isSameAs(loopThread);
                return r;
            }));
        }
        answers.add(storage.get(prefix + "missing").transform(r -> {
            assertThat(Thread.currentThread()).isSameAs(loopThread);
            assertThat(r.cause())
                    .isInstanceOfSatisfying(
                            StorageException.class,
                            e -> assertThat(e.reason()).isEqualTo(StorageException.Reason.NOT_FOUND));
            return Future.succeededFuture();
        }));
        Future.all(answers).onComplete(all -> {
            if (all.failed()) {
                done.completeExceptionally(all.cause());
            } else if (rounds > 1) {
                readRounds(storage, prefix, loopThread, rounds - 1, done);
            } else {
                done.complete(null);
            }
        });
    }

    private static <T> T onOneLoop(Supplier<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        VERTX.vertx().getOrCreateContext().runOnContext(v -> result.complete(work.get()));
        return result.get(10, TimeUnit.SECONDS);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Counts the KV calls sent to etcd, by method. */
    private static final class RequestCounter implements ClientInterceptor {
        private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

        @Override
        public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
            calls.computeIfAbsent(method.getFullMethodName(), m -> new AtomicInteger())
                    .incrementAndGet();
            return next.newCall(method, options);
        }

        int calls(MethodDescriptor<?, ?> method) {
            AtomicInteger n = calls.get(method.getFullMethodName());
            return n == null ? 0 : n.get();
        }

        void reset() {
            calls.clear();
        }
    }

    /** Waits until every answer has come, failed or not. */
    private static void settled(List<? extends Future<?>> answers) throws Exception {
        Future.join(answers)
                .toCompletionStage()
                .toCompletableFuture()
                .exceptionally(t -> null)
                .get(20, TimeUnit.SECONDS);
    }
}

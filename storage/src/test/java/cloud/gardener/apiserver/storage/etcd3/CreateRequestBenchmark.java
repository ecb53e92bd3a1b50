package cloud.gardener.apiserver.storage.etcd3;

import com.google.protobuf.CodedOutputStream;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.api.TxnRequest;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.op.TxnImpl;
import io.etcd.jetcd.options.PutOption;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * A benchmark, not a test: the bytes allocated and the time spent to build one create transaction for an
 * 8.6 KB value and serialize it (as gRPC does once per call), through jetcd's transaction builder (what
 * EtcdStorage used) and through the storage's own requests, in one run. Run with
 * {@code java -cp <storage test class path> cloud.gardener.apiserver.storage.etcd3.CreateRequestBenchmark [value bytes]}.
 */
public final class CreateRequestBenchmark {

    private static final int WARMUP = 200_000;
    private static final int MEASURED = 200_000;

    private CreateRequestBenchmark() {}

    public static void main(String[] args) throws IOException {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 8_600;
        byte[] value = new byte[size];
        Arrays.fill(value, (byte) 'x');
        String key = "/registry-gardener/core.gardener.cloud/shoots/garden-dev/shoot-0001";
        byte[] wire = new byte[size + 1024];

        Supplier<TxnRequest> jetcd = () -> {
            TxnRequest[] sent = new TxnRequest[1];
            ByteSequence k = ByteSequence.from(key, StandardCharsets.UTF_8);
            var unused = TxnImpl.newTxn(
                            request -> {
                                sent[0] = request;
                                return CompletableFuture.completedFuture(null);
                            },
                            ByteSequence.EMPTY)
                    .If(new Cmp(k, Cmp.Op.EQUAL, CmpTarget.createRevision(0)))
                    .Then(Op.put(k, ByteSequence.from(value), PutOption.DEFAULT))
                    .commit();
            return sent[0];
        };
        Supplier<TxnRequest> own = () -> KvRequests.create(KvRequests.key(key), value);

        for (int round = 0; round < 2; round++) {
            Result before = measure(jetcd, wire);
            Result after = measure(own, wire);
            System.out.printf(
                    "round %d, value %d B: jetcd builder %,d B/op %.0f ns/op; own requests %,d B/op %.0f ns/op"
                            + " (allocation %.2fx, time %.2fx)%n",
                    round + 1,
                    size,
                    before.bytesPerOp(),
                    before.nanosPerOp(),
                    after.bytesPerOp(),
                    after.nanosPerOp(),
                    (double) after.bytesPerOp() / before.bytesPerOp(),
                    after.nanosPerOp() / before.nanosPerOp());
        }
    }

    private record Result(long bytesPerOp, double nanosPerOp) {}

    private static Result measure(Supplier<TxnRequest> build, byte[] wire) throws IOException {
        for (int i = 0; i < WARMUP; i++) {
            build.get().writeTo(CodedOutputStream.newInstance(wire));
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long allocated = threads.getCurrentThreadAllocatedBytes();
        long started = System.nanoTime();
        for (int i = 0; i < MEASURED; i++) {
            build.get().writeTo(CodedOutputStream.newInstance(wire));
        }
        long nanos = System.nanoTime() - started;
        long bytes = threads.getCurrentThreadAllocatedBytes() - allocated;
        return new Result(bytes / MEASURED, (double) nanos / MEASURED);
    }
}

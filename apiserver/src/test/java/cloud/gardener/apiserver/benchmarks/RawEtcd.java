package cloud.gardener.apiserver.benchmarks;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.CompactOption;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import io.vertx.core.Future;

/**
 * The storage baselines: what the API server's etcd store sends for a create (a put if the key has never been
 * created), an update (a put if the key's modification revision is the one read) and a delete (the same compare),
 * as raw jetcd transactions
 * from the benchmark's own process, and a range read of a prefix for LIST.
 */
final class RawEtcd implements AutoCloseable {

    private static final CompactOption PHYSICAL =
            CompactOption.builder().withCompactPhysical(true).build();

    private final Client client;
    private final KV kv;

    RawEtcd(String endpoint) {
        // the server's etcd client settings that matter here: a LIST's range is larger than gRPC's default 4 MiB
        this.client = Client.builder()
                .endpoints(endpoint)
                .keepaliveWithoutCalls(false)
                .maxInboundMessageSize(256 * 1024 * 1024)
                .build();
        this.kv = client.getKVClient();
    }

    /** Creates {@code key} if it was never created; the revision of the create. */
    Future<Long> create(String key, byte[] value) {
        ByteSequence k = bytes(key);
        return Future.fromCompletionStage(kv.txn()
                        .If(new Cmp(k, Cmp.Op.EQUAL, CmpTarget.createRevision(0)))
                        .Then(Op.put(k, ByteSequence.from(value), PutOption.DEFAULT))
                        .commit())
                .compose(r -> r.isSucceeded()
                        ? Future.succeededFuture(r.getHeader().getRevision())
                        : Future.failedFuture("raw create of " + key + ": the key exists"));
    }

    /** Puts {@code value} if the key is still at {@code modRevision}; the key's new modification revision. */
    Future<Long> compareAndSwap(String key, long modRevision, byte[] value) {
        ByteSequence k = bytes(key);
        return Future.fromCompletionStage(kv.txn()
                        .If(new Cmp(k, Cmp.Op.EQUAL, CmpTarget.modRevision(modRevision)))
                        .Then(Op.put(k, ByteSequence.from(value), PutOption.DEFAULT))
                        .commit())
                .compose(r -> r.isSucceeded()
                        ? Future.succeededFuture(r.getHeader().getRevision())
                        : Future.failedFuture(
                                "raw compare-and-swap of " + key + ": revision " + modRevision + " is stale"));
    }

    /** Deletes {@code key} if it is still at {@code modRevision}, as the server's delete transaction does. */
    Future<Long> compareAndDelete(String key, long modRevision) {
        ByteSequence k = bytes(key);
        return Future.fromCompletionStage(kv.txn()
                        .If(new Cmp(k, Cmp.Op.EQUAL, CmpTarget.modRevision(modRevision)))
                        .Then(Op.delete(k, DeleteOption.DEFAULT))
                        .commit())
                .compose(r -> r.isSucceeded()
                        ? Future.succeededFuture(r.getHeader().getRevision())
                        : Future.failedFuture(
                                "raw compare-and-delete of " + key + ": revision " + modRevision + " is stale"));
    }

    /** Deletes every key under {@code prefix} in one range delete (a baseline's keys, after its measurement). */
    Future<Long> deletePrefix(String prefix) {
        return Future.fromCompletionStage(kv.delete(
                        bytes(prefix), DeleteOption.builder().isPrefix(true).build()))
                .map(r -> r.getHeader().getRevision());
    }

    /** The store's current revision. */
    Future<Long> revision() {
        return Future.fromCompletionStage(kv.get(bytes("/bench-raw/revision")))
                .map(r -> r.getHeader().getRevision());
    }

    /**
     * Compacts etcd's history up to {@code revision}, as the server's compactor does every 5 minutes, and waits until
     * etcd has removed the compacted revisions from its database (physical): else etcd does that in the background
     * while the next measurement runs, on the cores that measurement shares.
     */
    Future<Void> compact(long revision) {
        return Future.fromCompletionStage(kv.compact(revision, PHYSICAL)).mapEmpty();
    }

    /** Reads every key under {@code prefix}; the bytes of their values. */
    Future<Long> rangeBytes(String prefix) {
        return Future.fromCompletionStage(
                        kv.get(bytes(prefix), GetOption.builder().isPrefix(true).build()))
                .map(r -> r.getKvs().stream()
                        .mapToLong(entry -> entry.getValue().size())
                        .sum());
    }

    private static ByteSequence bytes(String s) {
        return ByteSequence.from(s, UTF_8);
    }

    @Override
    public void close() {
        client.close();
    }
}

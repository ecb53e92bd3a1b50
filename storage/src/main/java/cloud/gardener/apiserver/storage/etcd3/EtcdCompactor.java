package cloud.gardener.apiserver.storage.etcd3;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import io.etcd.jetcd.options.TxnOption;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compacts etcd history periodically ({@code --etcd-compaction-interval}, default 5m, 0 disables), the way
 * kube-apiserver does, so that several API servers on one etcd compact about once per interval in all.
 *
 * <p>The key {@value #COMPACT_REV_KEY} (kube-apiserver's, so mixed fleets cooperate) acts as a clock:
 * its version is the "compact time". Each tick runs one transaction: if the key's version still equals
 * the version this server saw last tick, bump it (writing the revision seen last tick) and compact that
 * revision; otherwise someone else compacted, and this server adopts their version. Either way it
 * remembers the current revision, so what gets compacted is always what was current one interval ago.
 * Nothing is compacted on the first tick.
 */
public final class EtcdCompactor {

    public static final String COMPACT_REV_KEY = "compact_rev_key";
    public static final Duration DEFAULT_INTERVAL = Duration.ofMinutes(5);

    private static final Logger LOG = LoggerFactory.getLogger(EtcdCompactor.class);
    private static final ByteSequence KEY = ByteSequence.from(COMPACT_REV_KEY, StandardCharsets.UTF_8);

    private final Vertx vertx;
    private final EtcdStorage storage;
    private final Duration interval;
    private final ContextInternal context;

    // Touched on the context only.
    private long compactTime;
    private long previousRevision;
    private boolean running;
    private long timerId = -1;

    public EtcdCompactor(Vertx vertx, EtcdStorage storage, Duration interval) {
        this.vertx = vertx;
        this.storage = storage;
        this.interval = interval == null ? DEFAULT_INTERVAL : interval;
        this.context = storage.context();
    }

    public Duration interval() {
        return interval;
    }

    /** Starts ticking; a zero or negative interval disables compaction. */
    public void start() {
        if (interval.isZero() || interval.isNegative()) {
            LOG.info("etcd compaction disabled");
            return;
        }
        context.runOnContext(v -> {
            if (timerId < 0) {
                timerId = vertx.setPeriodic(interval.toMillis(), id -> tick());
            }
        });
    }

    public void stop() {
        context.runOnContext(v -> {
            if (timerId >= 0) {
                vertx.cancelTimer(timerId);
                timerId = -1;
            }
        });
    }

    private void tick() {
        if (running) {
            return; // the previous round is still out; etcd is slow, do not pile up
        }
        running = true;
        round().onComplete(ar -> {
            running = false;
            if (ar.failed()) {
                LOG.warn("etcd compaction failed: {}", ar.cause().getMessage());
            }
        });
    }

    /**
     * One round of the algorithm (public for tests and for operators who trigger it by hand).
     *
     * @return the revision compacted in this round, or 0 when this round compacted nothing
     */
    public Future<Long> compactOnce() {
        Promise<Long> promise = context.promise();
        context.runOnContext(v -> round().onComplete(promise));
        return promise.future();
    }

    private Future<Long> round() {
        long expectedTime = compactTime;
        long revisionToCompact = previousRevision;
        return storage.call(
                        context,
                        () -> storage.kv()
                                .txn(TxnOption.DEFAULT)
                                .If(new Cmp(KEY, Cmp.Op.EQUAL, CmpTarget.version(expectedTime)))
                                .Then(Op.put(
                                        KEY,
                                        ByteSequence.from(Long.toString(revisionToCompact), StandardCharsets.UTF_8),
                                        PutOption.DEFAULT))
                                .Else(Op.get(KEY, GetOption.DEFAULT))
                                .commit())
                .compose(txn -> {
                    previousRevision = txn.getHeader().getRevision();
                    if (!txn.isSucceeded()) {
                        KeyValue kv = txn.getGetResponses().get(0).getKvs().isEmpty()
                                ? null
                                : txn.getGetResponses().get(0).getKvs().get(0);
                        compactTime = kv == null ? 0 : kv.getVersion();
                        if (kv != null) {
                            noteCompactedBySomeoneElse(kv.getValue().toString(StandardCharsets.UTF_8));
                        }
                        return Future.succeededFuture(0L);
                    }
                    compactTime = expectedTime + 1;
                    if (revisionToCompact == 0) {
                        return Future.succeededFuture(0L);
                    }
                    return storage.compact(revisionToCompact).map(v -> {
                        LOG.debug("etcd compacted revision {}", revisionToCompact);
                        return revisionToCompact;
                    });
                });
    }

    private void noteCompactedBySomeoneElse(String value) {
        try {
            long rev = Long.parseLong(value.trim());
            if (rev > 0) {
                storage.noteCompacted(rev);
            }
        } catch (NumberFormatException e) {
            LOG.debug("unparsable {} value {}", COMPACT_REV_KEY, value);
        }
    }
}

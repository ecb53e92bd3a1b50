package cloud.gardener.apiserver.storage.embedded;

import io.vertx.core.internal.ContextInternal;
import java.util.Arrays;
import java.util.List;

/**
 * Hands committed rows to the running watches, in process and without polling. The writer publishes each
 * committed batch once; the hub dispatches it on its own context, where every watch's state lives, so
 * batches reach watches in commit order and no lock is needed.
 */
final class WatchHub implements CommitLoop.Publisher {

    private static final EmbeddedWatch[] NONE = new EmbeddedWatch[0];

    private final ContextInternal context;

    // Confined to the context.
    private EmbeddedWatch[] watches = NONE;
    private long dispatchedRevision;

    WatchHub(ContextInternal context, long revision) {
        this.context = context;
        this.dispatchedRevision = revision;
    }

    ContextInternal context() {
        return context;
    }

    @Override
    public void committed(List<LogRow> rows, long revision) {
        context.runOnContext(v -> dispatch(rows, revision));
    }

    private void dispatch(List<LogRow> rows, long revision) {
        dispatchedRevision = revision;
        for (EmbeddedWatch w : watches) {
            w.offer(rows);
        }
    }

    /** The revision of the last batch dispatched: every watch that is live has seen everything up to it. */
    long dispatchedRevision() {
        return dispatchedRevision;
    }

    /** On the context: from now on {@code watch} gets every batch. */
    void add(EmbeddedWatch watch) {
        EmbeddedWatch[] next = Arrays.copyOf(watches, watches.length + 1);
        next[watches.length] = watch;
        watches = next;
    }

    /** On the context. */
    void remove(EmbeddedWatch watch) {
        for (int i = 0; i < watches.length; i++) {
            if (watches[i] == watch) {
                EmbeddedWatch[] next = new EmbeddedWatch[watches.length - 1];
                System.arraycopy(watches, 0, next, 0, i);
                System.arraycopy(watches, i + 1, next, i, watches.length - i - 1);
                watches = next;
                return;
            }
        }
    }
}

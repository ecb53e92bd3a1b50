package cloud.gardener.apiserver.server.filters;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The request-body bytes all connections together may hold in memory at once. Each request reserves what it
 * reads (its whole {@code Content-Length} up front when it has one) and gives it back when it ends, so that
 * many slow or large bodies at once find a full budget and are refused instead of exhausting the heap.
 */
public final class BodyBudget {

    private final long limit;
    private final AtomicLong reserved = new AtomicLong();

    /** @param limit bytes; 0 or less: no limit */
    public BodyBudget(long limit) {
        this.limit = limit;
    }

    /** A quarter of the heap: room for the decoded objects and everything else the bodies become. */
    public static long defaultLimit() {
        return Runtime.getRuntime().maxMemory() / 4;
    }

    /** Reserves {@code bytes} if the budget has room for them, all or nothing. */
    public boolean tryReserve(long bytes) {
        if (limit <= 0) {
            reserved.addAndGet(bytes);
            return true;
        }
        while (true) {
            long now = reserved.get();
            if (now + bytes > limit) {
                return false;
            }
            if (reserved.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    public void release(long bytes) {
        reserved.addAndGet(-bytes);
    }

    /** Bytes reserved now (for tests and metrics). */
    public long reserved() {
        return reserved.get();
    }
}

package cloud.gardener.apiserver.endpoints.handlers;

import io.vertx.core.Vertx;

/**
 * The timeouts and bookmark requests of the watches on one event loop: one periodic tick that walks them, instead of
 * two Vert.x timers per watch (each a timer handler, a scheduled task and map entries: hundreds of bytes a watch, and
 * two tasks in the loop's scheduled queue). The watches are an intrusive list, so a watch costs the clock two
 * references. A tick runs only while the loop has watches. Deadlines are met to within {@link #TICK_MS}.
 *
 * <p>Confined to its event loop: every call comes from the loop's thread.
 */
final class WatchClock {

    /** How late a timeout or bookmark request may come. */
    static final long TICK_MS = 250;

    /** One watch the clock ticks for. */
    abstract static class Timed {
        private Timed prev;
        private Timed next;
        private WatchClock clock;

        /** Called on the loop at each tick while the watch is on the clock, with the clock's time in ms. */
        abstract void tick(long nowMs);
    }

    private final Vertx vertx;
    private Timed head;
    private long timer = -1;

    WatchClock(Vertx vertx) {
        this.vertx = vertx;
    }

    /** The clock's time in milliseconds: a monotonic clock, not the wall clock. */
    static long nowMs() {
        return System.nanoTime() / 1_000_000;
    }

    /** Puts {@code timed} on the clock (a no-op when it already is); the tick starts with the first watch. */
    void add(Timed timed) {
        if (timed.clock != null) {
            return;
        }
        timed.clock = this;
        timed.next = head;
        if (head != null) {
            head.prev = timed;
        }
        head = timed;
        if (timer < 0) {
            timer = vertx.setPeriodic(TICK_MS, id -> tick());
        }
    }

    /** Takes {@code timed} off the clock (a no-op when it is not on it); the tick stops with the last watch. */
    void remove(Timed timed) {
        if (timed.clock != this) {
            return;
        }
        if (timed.prev != null) {
            timed.prev.next = timed.next;
        } else {
            head = timed.next;
        }
        if (timed.next != null) {
            timed.next.prev = timed.prev;
        }
        timed.prev = null;
        timed.next = null;
        timed.clock = null;
        if (head == null && timer >= 0) {
            vertx.cancelTimer(timer);
            timer = -1;
        }
    }

    /** How many watches are on the clock (walks them: for tests). */
    int size() {
        int n = 0;
        for (Timed t = head; t != null; t = t.next) {
            n++;
        }
        return n;
    }

    boolean ticking() {
        return timer >= 0;
    }

    void tick() {
        long now = nowMs();
        Timed t = head;
        while (t != null) {
            // a watch may leave the clock in its tick: take the next one first
            Timed next = t.next;
            t.tick(now);
            t = next;
        }
    }
}

package cloud.gardener.apiserver.server.filters;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.concurrent.TimeUnit;

/**
 * The clock of one event loop: the request deadlines and the watches' timeouts and bookmark requests under one Vert.x
 * timer, instead of a timer per request and two per watch (each a timer handler, a scheduled task and a map entry,
 * made and cancelled again although nearly all requests end long before their deadline).
 *
 * <p>It keeps two kinds of entries, each an intrusive list, so an entry costs the clock two references:
 *
 * <ul>
 *   <li>a {@link Deadline} expires exactly at its time, as a timer of its own would. The deadlines are in deadline
 *       order, so adding one is constant time when they share a timeout (each new deadline is the latest) and
 *       removing one always is;
 *   <li>a {@link Ticked} entry (a watch) is called every {@link #TICK_MS} while it is on the clock and decides itself
 *       whether one of its times has come: its times are met to within a tick.
 * </ul>
 *
 * The timer is set for the earliest of the first deadline and the next tick (ticks run only while there are ticked
 * entries); when it fires it expires every deadline due, ticks when a tick is due, and is set again. Taking an entry
 * off leaves the timer as it is: when it fires for an entry that is gone, it is set again for what is left, if
 * anything, so that a request ending does not cancel a timer the next request would set again.
 *
 * <p>One per event-loop context ({@link #of}), shared by everything on the loop; confined to it: every call comes from
 * the loop's thread.
 */
public final class LoopClock {

    /** How late a ticked entry may learn that its time has come. */
    public static final long TICK_MS = 250;

    /** The key of each context's clock in its data. */
    private static final Object KEY = new Object();

    /** Something on the clock: a link in one of its two lists. */
    public abstract static sealed class Entry permits Deadline, Ticked {
        private Entry prev;
        private Entry next;
        private LoopClock clock;

        Entry() {}
    }

    /** One request's deadline. */
    public abstract static non-sealed class Deadline extends Entry {
        private final long atNanos;

        /** @param atNanos when it expires, on {@link System#nanoTime()}'s scale */
        protected Deadline(long atNanos) {
            this.atNanos = atNanos;
        }

        /** Called on the loop once the deadline has passed while it was on the clock; it is off the clock by then. */
        protected abstract void expire();
    }

    /** An entry called at every tick while it is on the clock (a watch, for its timeout and bookmarks). */
    public abstract static non-sealed class Ticked extends Entry {

        protected Ticked() {}

        /** Called on the loop at each tick while the entry is on the clock, with the clock's time ({@link #nowMs}). */
        protected abstract void tick(long nowMs);
    }

    /** An intrusive doubly linked list of entries. */
    private static final class Chain {
        Entry head;
        Entry tail;

        /** Links {@code entry} after {@code before}, or first when {@code before} is null. */
        void linkAfter(Entry before, Entry entry) {
            entry.prev = before;
            entry.next = before == null ? head : before.next;
            if (entry.next != null) {
                entry.next.prev = entry;
            } else {
                tail = entry;
            }
            if (before != null) {
                before.next = entry;
            } else {
                head = entry;
            }
        }

        void unlink(Entry entry) {
            if (entry.prev != null) {
                entry.prev.next = entry.next;
            } else {
                head = entry.next;
            }
            if (entry.next != null) {
                entry.next.prev = entry.prev;
            } else {
                tail = entry.prev;
            }
            entry.prev = null;
            entry.next = null;
        }

        int size() {
            int n = 0;
            for (Entry e = head; e != null; e = e.next) {
                n++;
            }
            return n;
        }
    }

    private final Vertx vertx;
    /** {@link #TICK_MS} in nanoseconds but in tests. */
    private final long tickNanos;

    private final Chain deadlines = new Chain();
    private final Chain ticked = new Chain();
    /** When the next tick is due, while there are ticked entries. */
    private long nextTickNanos;
    /** The ticked entry a tick calls next: an entry leaving the clock in a tick moves it on. */
    private Entry tickCursor;

    private long timer = -1;
    private long timerAtNanos;

    LoopClock(Vertx vertx) {
        this(vertx, TICK_MS);
    }

    /** A clock ticking every {@code tickMs}: for tests, which need not wait a real tick many times over. */
    LoopClock(Vertx vertx, long tickMs) {
        this.vertx = vertx;
        this.tickNanos = TimeUnit.MILLISECONDS.toNanos(tickMs);
    }

    /** The clock of {@code context}'s event loop, made with its first use. */
    public static LoopClock of(Context context) {
        LoopClock clock = context.get(KEY);
        if (clock == null) {
            clock = new LoopClock(context.owner());
            context.put(KEY, clock);
        }
        return clock;
    }

    /** The clock's time in milliseconds, as {@link Ticked#tick} is given it: a monotonic clock, not the wall clock. */
    public static long nowMs() {
        return System.nanoTime() / 1_000_000;
    }

    /** Puts {@code deadline} on the clock (a no-op when it already is). */
    public void add(Deadline deadline) {
        if (!claim(deadline)) {
            return;
        }
        Entry before = deadlines.tail;
        while (before != null && ((Deadline) before).atNanos > deadline.atNanos) {
            before = before.prev;
        }
        deadlines.linkAfter(before, deadline);
        if (before == null) {
            arm(System.nanoTime());
        }
    }

    /** Puts {@code entry} on the clock (a no-op when it already is); the ticks start with the first such entry. */
    public void add(Ticked entry) {
        if (!claim(entry)) {
            return;
        }
        boolean first = ticked.head == null;
        ticked.linkAfter(null, entry);
        if (first) {
            long now = System.nanoTime();
            nextTickNanos = now + tickNanos;
            arm(now);
        }
    }

    /** Marks {@code entry} as on this clock, unless it is on a clock already. */
    private boolean claim(Entry entry) {
        if (entry.clock != null) {
            return false;
        }
        entry.clock = this;
        return true;
    }

    /** Takes {@code entry} off the clock (a no-op when it is not on it); the ticks stop with the last ticked entry. */
    public void remove(Entry entry) {
        if (entry.clock != this) {
            return;
        }
        if (entry == tickCursor) {
            tickCursor = entry.next;
        }
        (entry instanceof Deadline ? deadlines : ticked).unlink(entry);
        entry.clock = null;
    }

    /** How many deadlines are on the clock (walks them: for tests). */
    int deadlines() {
        return deadlines.size();
    }

    /** How many ticked entries are on the clock (walks them: for tests). */
    int ticked() {
        return ticked.size();
    }

    /** Whether the clock's timer is set (for tests). */
    boolean armed() {
        return timer >= 0;
    }

    /** Sets the timer for the earliest deadline or the next tick unless it is already set to fire no later. */
    private void arm(long nowNanos) {
        long due;
        if (deadlines.head != null) {
            due = ((Deadline) deadlines.head).atNanos;
            if (ticked.head != null && nextTickNanos - due < 0) {
                due = nextTickNanos;
            }
        } else if (ticked.head != null) {
            due = nextTickNanos;
        } else {
            return;
        }
        if (timer >= 0 && timerAtNanos - due <= 0) {
            return;
        }
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
        // rounded up, so that the timer never fires before the time it is set for
        long delayMs = Math.max(1, (due - nowNanos + 999_999) / 1_000_000);
        timerAtNanos = nowNanos + delayMs * 1_000_000;
        timer = vertx.setTimer(delayMs, id -> fire());
    }

    private void fire() {
        timer = -1;
        long now = System.nanoTime();
        while (deadlines.head != null && ((Deadline) deadlines.head).atNanos - now <= 0) {
            Deadline due = (Deadline) deadlines.head;
            remove(due);
            due.expire();
        }
        if (ticked.head != null && nextTickNanos - now <= 0) {
            tick(now);
            nextTickNanos = now + tickNanos;
        }
        arm(now);
    }

    /** Calls every ticked entry once; entries may leave the clock (or others) in their tick. */
    void tick(long nowNanos) {
        long nowMs = nowNanos / 1_000_000;
        Entry e = ticked.head;
        while (e != null) {
            tickCursor = e.next;
            ((Ticked) e).tick(nowMs);
            e = tickCursor;
        }
        tickCursor = null;
    }
}

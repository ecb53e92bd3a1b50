package cloud.gardener.apiserver.server.filters;

import io.vertx.core.Vertx;

/**
 * The request deadlines of one event loop under one Vert.x timer, instead of a timer per request (each a timer
 * handler, a scheduled task and a map entry, made and cancelled for every request although nearly all end long
 * before their deadline). The deadlines are an intrusive list in deadline order, so adding one is constant time
 * when the requests share a timeout (each new deadline is the latest) and removing one always is. The timer is set
 * for the earliest deadline; when it fires it expires every deadline due and is set again for the next one, so a
 * deadline is met as exactly as a timer of its own would meet it.
 *
 * <p>Confined to its event loop: every call comes from the loop's thread.
 */
final class DeadlineClock {

    /** One request's deadline. */
    abstract static class Deadline {
        private final long atNanos;
        private Deadline prev;
        private Deadline next;
        private DeadlineClock clock;

        Deadline(long atNanos) {
            this.atNanos = atNanos;
        }

        /** Called on the loop once the deadline has passed while it was on the clock. */
        abstract void expire();
    }

    private final Vertx vertx;
    private Deadline head;
    private Deadline tail;
    private long timer = -1;
    private long timerAtNanos;

    DeadlineClock(Vertx vertx) {
        this.vertx = vertx;
    }

    /** Puts {@code deadline} on the clock. */
    void add(Deadline deadline) {
        if (deadline.clock != null) {
            return;
        }
        deadline.clock = this;
        Deadline before = tail;
        while (before != null && before.atNanos > deadline.atNanos) {
            before = before.prev;
        }
        deadline.prev = before;
        deadline.next = before == null ? head : before.next;
        if (deadline.next != null) {
            deadline.next.prev = deadline;
        } else {
            tail = deadline;
        }
        if (before != null) {
            before.next = deadline;
        } else {
            head = deadline;
            arm(System.nanoTime());
        }
    }

    /**
     * Takes {@code deadline} off the clock (a no-op when it is not on it). The timer stays set: when it fires for a
     * deadline that is gone, it is set again for the earliest one left, if any.
     */
    void remove(Deadline deadline) {
        if (deadline.clock != this) {
            return;
        }
        if (deadline.prev != null) {
            deadline.prev.next = deadline.next;
        } else {
            head = deadline.next;
        }
        if (deadline.next != null) {
            deadline.next.prev = deadline.prev;
        } else {
            tail = deadline.prev;
        }
        deadline.prev = null;
        deadline.next = null;
        deadline.clock = null;
    }

    /** How many deadlines are on the clock (walks them: for tests). */
    int size() {
        int n = 0;
        for (Deadline d = head; d != null; d = d.next) {
            n++;
        }
        return n;
    }

    /** Sets the timer for the earliest deadline unless it is already set to fire no later. */
    private void arm(long nowNanos) {
        if (head == null || (timer >= 0 && timerAtNanos - head.atNanos <= 0)) {
            return;
        }
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
        // rounded up, so that the timer never fires before the deadline it is set for
        long delayMs = Math.max(1, (head.atNanos - nowNanos + 999_999) / 1_000_000);
        timerAtNanos = nowNanos + delayMs * 1_000_000;
        timer = vertx.setTimer(delayMs, id -> fire());
    }

    private void fire() {
        timer = -1;
        long now = System.nanoTime();
        while (head != null && head.atNanos - now <= 0) {
            Deadline due = head;
            remove(due);
            due.expire();
        }
        arm(now);
    }
}

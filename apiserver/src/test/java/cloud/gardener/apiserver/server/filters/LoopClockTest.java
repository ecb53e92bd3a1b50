package cloud.gardener.apiserver.server.filters;

import static cloud.gardener.apiserver.storage.testing.OnLoop.eventually;
import static cloud.gardener.apiserver.storage.testing.OnLoop.onLoop;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The event loop's clock with both its kinds of entries: exact deadlines (requests) and ticked ones (watches). */
class LoopClockTest {

    private static final long FAST_TICK_MS = 40;

    private final Vertx vertx = Vertx.vertx();
    private final Context loop = vertx.getOrCreateContext();
    private final LoopClock clock = LoopClock.of(loop);
    private final List<String> expired = new CopyOnWriteArrayList<>();
    private final List<String> ticks = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() {
        vertx.close();
    }

    /** A deadline {@code ms} from now that writes down its name, and whether it came early, when it expires. */
    private final class Request extends LoopClock.Deadline {
        final String name;
        final long atNanos;

        Request(String name, long ms) {
            this(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms), name);
        }

        private Request(long atNanos, String name) {
            super(atNanos);
            this.name = name;
            this.atNanos = atNanos;
        }

        @Override
        protected void expire() {
            expired.add(System.nanoTime() - atNanos >= 0 ? name : name + " (early)");
        }
    }

    /** A watch that writes down its ticks and, when given one, runs {@code onTick} in each. */
    private final class Watch extends LoopClock.Ticked {
        final String name;
        Runnable onTick = () -> {};

        Watch(String name) {
            this.name = name;
        }

        /** Leaves the clock at its first tick. */
        Watch once() {
            onTick = () -> clock.remove(this);
            return this;
        }

        @Override
        protected void tick(long nowMs) {
            ticks.add(name);
            onTick.run();
        }
    }

    private void awaitExpired(int count) throws InterruptedException {
        eventually(() -> expired.size() >= count);
    }

    @Test
    void eachContextHasOneClock() throws Exception {
        assertThat(LoopClock.of(loop)).isSameAs(clock);
        assertThat(onLoop(loop, () -> LoopClock.of(Vertx.currentContext()))).isSameAs(clock);
        Vertx other = Vertx.vertx();
        try {
            assertThat(LoopClock.of(other.getOrCreateContext())).isNotSameAs(clock);
        } finally {
            other.close();
        }
    }

    @Test
    void deadlinesExpireInTheirOrderAndNeverBeforeTheirTime() throws Exception {
        onLoop(loop, () -> {
            clock.add(new Request("late", 300));
            // a shorter deadline after a longer one: the clock's timer is set again, earlier
            clock.add(new Request("early", 60));
            clock.add(new Request("middle", 150));
        });
        awaitExpired(3);

        assertThat(expired).containsExactly("early", "middle", "late");
        assertThat(onLoop(loop, clock::deadlines)).isZero();
    }

    @Test
    void aRemovedDeadlineNeverExpires() throws Exception {
        Request ended = new Request("ended", 50);
        onLoop(loop, () -> {
            clock.add(ended);
            clock.add(new Request("open", 80));
            clock.remove(ended);
            clock.remove(ended);
        });
        awaitExpired(1);
        Thread.sleep(150);

        assertThat(expired).containsExactly("open");
        assertThat(onLoop(loop, clock::deadlines)).isZero();
    }

    @Test
    void aDeadlineAfterTheTimerWasSetForAnEndedOneExpiresInTime() throws Exception {
        Request ended = new Request("ended", 40);
        onLoop(loop, () -> {
            clock.add(ended);
            clock.remove(ended);
        });
        // the timer still set for the ended request fires first and is set again for this one
        onLoop(loop, () -> clock.add(new Request("next", 120)));
        awaitExpired(1);

        assertThat(expired).containsExactly("next");
        Thread.sleep(100);
        assertThat(expired).containsExactly("next");
        assertThat(onLoop(loop, clock::armed)).isFalse();
    }

    @Test
    void manyRequestsWithOneTimeoutKeepTheirOrder() throws Exception {
        onLoop(loop, () -> {
            for (int i = 0; i < 100; i++) {
                Request r = new Request("r" + i, 50 + i);
                clock.add(r);
                clock.add(r); // a second add changes nothing
                if (i % 2 == 1) {
                    clock.remove(r);
                }
            }
        });
        assertThat(onLoop(loop, clock::deadlines)).isEqualTo(50);
        awaitExpired(50);

        assertThat(expired).hasSize(50).allMatch(name -> !name.contains("early"));
        for (int i = 0; i < 50; i++) {
            assertThat(expired.get(i)).isEqualTo("r" + (2 * i));
        }
    }

    @Test
    void ticksOnlyWhileItHasTickedEntries() throws Exception {
        // a clock of its own with a short tick: the claims are about which entries tick and when ticking stops,
        // not the tick's length (ticksComeATickApart), so no need to wait a real tick six times over
        LoopClock fast = new LoopClock(vertx, FAST_TICK_MS);
        Watch a = new Watch("a");
        Watch b = new Watch("b");
        assertThat(onLoop(loop, fast::armed)).isFalse();

        onLoop(loop, () -> {
            fast.add(a);
            fast.add(b);
            fast.add(a);
        });
        assertThat(onLoop(loop, fast::armed)).isTrue();
        assertThat(onLoop(loop, fast::ticked)).isEqualTo(2);
        eventually(() -> ticks.size() >= 4);
        assertThat(ticks.subList(0, 4)).containsExactlyInAnyOrder("a", "b", "a", "b");

        onLoop(loop, () -> fast.remove(a));
        int before = ticks.size();
        eventually(() -> ticks.size() >= before + 1);
        assertThat(ticks.subList(before, ticks.size())).containsOnly("b");

        onLoop(loop, () -> {
            fast.remove(b);
            fast.remove(b);
        });
        assertThat(onLoop(loop, fast::ticked)).isZero();
        // the timer set for the next tick fires once more, finds nothing and is not set again
        eventually(() -> {
            try {
                return !onLoop(loop, fast::armed);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        int after = ticks.size();
        Thread.sleep(2 * FAST_TICK_MS);
        assertThat(ticks).hasSize(after);
        assertThat(onLoop(loop, fast::armed)).isFalse();
    }

    @Test
    void ticksComeATickApart() throws Exception {
        List<Long> at = new CopyOnWriteArrayList<>();
        LoopClock.Ticked w = new LoopClock.Ticked() {
            @Override
            protected void tick(long nowMs) {
                at.add(nowMs);
            }
        };
        long start = LoopClock.nowMs();
        onLoop(loop, () -> clock.add(w));
        eventually(() -> at.size() >= 3);
        onLoop(loop, () -> clock.remove(w));

        assertThat(at.get(0) - start).isGreaterThanOrEqualTo(LoopClock.TICK_MS);
        assertThat(at.get(1) - at.get(0)).isGreaterThanOrEqualTo(LoopClock.TICK_MS);
        assertThat(at.get(2) - at.get(1)).isGreaterThanOrEqualTo(LoopClock.TICK_MS);
    }

    @Test
    void everyTickedEntryTicksEvenWhenOneLeavesInItsTick() throws Exception {
        onLoop(loop, () -> {
            clock.add(new Watch("a"));
            clock.add(new Watch("b").once());
            clock.add(new Watch("c"));
            clock.tick(System.nanoTime());
            clock.tick(System.nanoTime());
        });

        assertThat(ticks.subList(0, 5)).containsExactlyInAnyOrder("a", "b", "c", "a", "c");
        assertThat(onLoop(loop, clock::ticked)).isEqualTo(2);
    }

    @Test
    void anEntryTakingTheNextOneOffInItsTickSkipsItAndTheTickGoesOn() throws Exception {
        onLoop(loop, () -> {
            // ticked in the order added last first: c, b, a
            Watch a = new Watch("a");
            Watch b = new Watch("b");
            Watch c = new Watch("c");
            c.onTick = () -> clock.remove(b);
            clock.add(a);
            clock.add(b);
            clock.add(c);
            clock.tick(System.nanoTime());
        });

        assertThat(ticks.subList(0, 2)).containsExactly("c", "a");
        assertThat(onLoop(loop, clock::ticked)).isEqualTo(2);
    }

    @Test
    void deadlinesStayExactWhileTheClockTicksAndBothKindsComeAndGo() throws Exception {
        List<Watch> watches = new ArrayList<>();
        onLoop(loop, () -> {
            for (int i = 0; i < 200; i++) {
                Watch w = new Watch("w" + i);
                watches.add(w);
                clock.add(w);
            }
            // set while the timer is set for the first tick: earlier and later than it
            clock.add(new Request("before the tick", 40));
            clock.add(new Request("after the tick", 400));
            for (int i = 0; i < 100; i++) {
                Request r = new Request("r" + i, 100 + i);
                clock.add(r);
                if (i % 2 == 1) {
                    clock.remove(r);
                }
            }
            for (int i = 0; i < 200; i += 2) {
                clock.remove(watches.get(i));
            }
        });
        assertThat(onLoop(loop, clock::deadlines)).isEqualTo(52);
        assertThat(onLoop(loop, clock::ticked)).isEqualTo(100);
        awaitExpired(52);

        assertThat(expired).hasSize(52).allMatch(name -> !name.contains("early"));
        assertThat(expired.get(0)).isEqualTo("before the tick");
        for (int i = 0; i < 50; i++) {
            assertThat(expired.get(i + 1)).isEqualTo("r" + (2 * i));
        }
        assertThat(expired.get(51)).isEqualTo("after the tick");
        // the watches left on the clock ticked, the ones taken off never did
        eventually(() -> ticks.size() >= 100);
        assertThat(ticks).allMatch(name -> Integer.parseInt(name.substring(1)) % 2 == 1);
        assertThat(ticks.subList(0, 100)).doesNotHaveDuplicates();
        onLoop(loop, () -> watches.forEach(clock::remove));
        assertThat(onLoop(loop, clock::ticked)).isZero();
        assertThat(onLoop(loop, clock::deadlines)).isZero();
    }
}

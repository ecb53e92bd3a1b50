package cloud.gardener.apiserver.endpoints.handlers;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WatchClockTest {

    private final Vertx vertx = Vertx.vertx();
    private final WatchClock clock = new WatchClock(vertx);
    private final List<String> ticks = new ArrayList<>();

    @AfterEach
    void close() {
        vertx.close();
    }

    /** A watch that writes down its ticks, and leaves the clock at its first tick when {@code once}. */
    private final class Watch extends WatchClock.Timed {
        final String name;
        final boolean once;

        Watch(String name, boolean once) {
            this.name = name;
            this.once = once;
        }

        @Override
        void tick(long nowMs) {
            ticks.add(name);
            if (once) {
                clock.remove(this);
            }
        }
    }

    @Test
    void ticksOnlyWhileItHasWatches() {
        Watch a = new Watch("a", false);
        Watch b = new Watch("b", false);
        assertThat(clock.ticking()).isFalse();

        clock.add(a);
        clock.add(b);
        clock.add(a);
        assertThat(clock.ticking()).isTrue();
        assertThat(clock.size()).isEqualTo(2);

        clock.remove(a);
        assertThat(clock.ticking()).isTrue();
        clock.remove(b);
        clock.remove(b);
        assertThat(clock.ticking()).isFalse();
        assertThat(clock.size()).isZero();
    }

    @Test
    void everyWatchTicksEvenWhenOneLeavesInItsTick() {
        clock.add(new Watch("a", false));
        clock.add(new Watch("b", true));
        clock.add(new Watch("c", false));

        clock.tick();
        clock.tick();

        assertThat(ticks).containsExactlyInAnyOrder("a", "b", "c", "a", "c");
        assertThat(clock.size()).isEqualTo(2);
    }
}

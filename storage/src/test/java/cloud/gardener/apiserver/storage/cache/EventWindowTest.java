package cloud.gardener.apiserver.storage.cache;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The event window's sizing, as kube-apiserver's watch cache sizes its history. */
class EventWindowTest {

    private static final long FRESH = TimeUnit.SECONDS.toNanos(75);

    private static CacheEvent event(long revision, long nanos) {
        StoredObject o = new StoredObject("/k/" + revision, new byte[0], revision, revision);
        return new CacheEvent(
                new WatchEvent(WatchEvent.Type.PUT, o.key(), o, null), ObjectAttributes.NONE, null, nanos);
    }

    @Test
    void aFullWindowOfFreshEventsDoublesUpToItsUpperBound() {
        EventWindow window = new EventWindow(4, 8, FRESH, Long.MAX_VALUE);
        window.reset(10);
        for (long r = 11; r <= 22; r++) {
            window.add(event(r, 0));
        }
        assertThat(window.capacity()).isEqualTo(8);
        assertThat(window.size()).isEqualTo(8);
        assertThat(window.start()).as("events 11..14 were evicted").isEqualTo(14);
        assertThat(window.after(14))
                .extracting(CacheEvent::revision)
                .containsExactly(15L, 16L, 17L, 18L, 19L, 20L, 21L, 22L);
        assertThat(window.after(20)).extracting(CacheEvent::revision).containsExactly(21L, 22L);
    }

    @Test
    void aFullWindowWhoseNewestQuarterIsStaleHalvesAndKeepsTheNewestEvents() {
        EventWindow window = new EventWindow(2, 8, FRESH, Long.MAX_VALUE);
        window.reset(0);
        for (long r = 1; r <= 8; r++) {
            window.add(event(r, 0)); // grows 2 -> 4 -> 8 while fresh
        }
        assertThat(window.capacity()).isEqualTo(8);

        window.add(event(9, 2 * FRESH)); // everything before is stale now

        assertThat(window.capacity()).isEqualTo(4);
        assertThat(window.after(0)).extracting(CacheEvent::revision).containsExactly(6L, 7L, 8L, 9L);
        assertThat(window.start()).isEqualTo(5);
    }

    @Test
    void aFullWindowWithAFreshNewestQuarterButStaleOldestEventEvictsOneAtATime() {
        EventWindow window = new EventWindow(4, 4, FRESH, Long.MAX_VALUE);
        window.reset(0);
        for (long r = 1; r <= 4; r++) {
            window.add(event(r, r * FRESH));
        }
        window.add(event(5, 5 * FRESH));
        assertThat(window.capacity()).isEqualTo(4);
        assertThat(window.start()).isEqualTo(1);
        assertThat(window.after(1)).extracting(CacheEvent::revision).containsExactly(2L, 3L, 4L, 5L);
    }

    @Test
    void oldVersionsPastTheByteBudgetAreLetGoWhateverTheCapacity() {
        EventWindow window = new EventWindow(100, 100, FRESH, 3 * 1024);
        window.reset(0);
        CachedObject v = version(1, 1024);
        window.add(new CacheEvent(event(1, 0).event(), ObjectAttributes.NONE, null, 0)); // a create: nothing superseded
        for (long r = 2; r <= 6; r++) {
            CachedObject next = version(r, 1024);
            window.add(new CacheEvent(
                    new WatchEvent(WatchEvent.Type.PUT, "/k/a", next.stored(), v.stored()),
                    ObjectAttributes.NONE,
                    v,
                    0));
            v = next;
        }
        assertThat(window.retainedBytes()).isEqualTo(3 * 1024);
        assertThat(window.after(0)).extracting(CacheEvent::revision).containsExactly(4L, 5L, 6L);
        assertThat(window.start()).isEqualTo(3);
    }

    private static CachedObject version(long revision, int bytes) {
        return new CachedObject(new StoredObject("/k/a", new byte[bytes], revision, 1), ObjectAttributes.NONE);
    }
}

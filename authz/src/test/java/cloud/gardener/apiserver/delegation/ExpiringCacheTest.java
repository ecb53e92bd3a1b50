package cloud.gardener.apiserver.delegation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ExpiringCacheTest {

    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2025-01-01T00:00:00Z"));
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    };

    @Test
    void entriesLiveForTheirOwnTtl() {
        ExpiringCache<String, String> cache = new ExpiringCache<>(clock, 10);
        cache.put("short", "a", Duration.ofSeconds(1));
        cache.put("long", "b", Duration.ofSeconds(10));
        now.set(now.get().plusSeconds(2));

        assertThat(cache.get("short")).isNull();
        assertThat(cache.get("long")).isEqualTo("b");
    }

    @Test
    void zeroTtlStoresNothingAndCapacityEvictsOldest() {
        ExpiringCache<String, String> cache = new ExpiringCache<>(clock, 2);
        cache.put("never", "x", Duration.ZERO);
        cache.put("one", "1", Duration.ofMinutes(1));
        cache.put("two", "2", Duration.ofMinutes(1));
        cache.put("three", "3", Duration.ofMinutes(1));

        assertThat(cache.get("never")).isNull();
        assertThat(cache.get("one")).isNull();
        assertThat(cache.get("three")).isEqualTo("3");
        assertThat(cache.size()).isEqualTo(2);
    }
}

package cloud.gardener.apiserver.server.filters;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class AuditIdsTest {

    /** uuid.New().String(): lower-case hex 8-4-4-4-12, version 4, RFC 4122 variant. */
    private static final Pattern UUID_V4 =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");

    @Test
    void idsAreVersionFourUuidsAsKubeApiserverMintsThem() {
        AuditIds ids = AuditIds.random();
        for (int i = 0; i < 10_000; i++) {
            UUID id = ids.next();
            assertThat(id.version()).isEqualTo(4);
            assertThat(id.variant()).isEqualTo(2);
            assertThat(id.toString()).matches(UUID_V4);
        }
    }

    @Test
    void noIdRepeatsWithinAProcessEvenWithAKeyOfZeros() {
        AuditIds ids = new AuditIds(0, 0);
        Set<UUID> seen = new HashSet<>();
        for (int i = 0; i < 500_000; i++) {
            assertThat(seen.add(ids.next())).isTrue();
        }
    }

    @Test
    void theLowBitsAloneTellIdsApartAcrossTheWholeCounterRange() {
        // the bijection is checked on counters far apart too, where the high bits of the counter differ
        Set<Long> seen = new HashSet<>();
        for (long high = 0; high < 64; high++) {
            for (long low = 0; low < 2_000; low++) {
                long n = (high << 56) | (high << 40) | low;
                assertThat(seen.add(AuditIds.mix62(n))).isTrue();
            }
        }
    }

    @Test
    void processesWithDifferentKeysMintDifferentIds() {
        AuditIds one = AuditIds.random();
        AuditIds other = AuditIds.random();
        Set<UUID> first = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            first.add(one.next());
        }
        for (int i = 0; i < 10_000; i++) {
            assertThat(first).doesNotContain(other.next());
        }
    }

    @Test
    void consecutiveIdsShareNoObviousPattern() {
        AuditIds ids = new AuditIds(0, 0);
        UUID a = ids.next();
        UUID b = ids.next();
        // not a counter in plain sight: most bits of both halves change from one id to the next
        assertThat(Long.bitCount(a.getMostSignificantBits() ^ b.getMostSignificantBits()))
                .isGreaterThan(16);
        assertThat(Long.bitCount(a.getLeastSignificantBits() ^ b.getLeastSignificantBits()))
                .isGreaterThan(16);
    }

    @Test
    void idsStayUniqueWhenManyThreadsMintThem() throws InterruptedException {
        AuditIds ids = AuditIds.random();
        Set<UUID> all = java.util.concurrent.ConcurrentHashMap.newKeySet();
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                for (int i = 0; i < 50_000; i++) {
                    all.add(ids.next());
                }
            });
            threads[t].start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(all).hasSize(200_000);
    }
}

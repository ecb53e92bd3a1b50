package cloud.gardener.apiserver.server.filters;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
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
        List<String> malformed = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            UUID id = ids.next();
            if (id.version() != 4
                    || id.variant() != 2
                    || !UUID_V4.matcher(id.toString()).matches()) {
                malformed.add(id.toString());
            }
        }
        assertThat(malformed).isEmpty();
    }

    @Test
    void noIdRepeatsWithinAProcessEvenWithAKeyOfZeros() {
        AuditIds ids = new AuditIds(0, 0);
        // sorted, equal ids would be neighbours (cheaper than a set of half a million)
        UUID[] minted = new UUID[500_000];
        for (int i = 0; i < minted.length; i++) {
            minted[i] = ids.next();
        }
        Arrays.sort(minted);
        List<UUID> repeated = new ArrayList<>();
        for (int i = 1; i < minted.length; i++) {
            if (minted[i].equals(minted[i - 1])) {
                repeated.add(minted[i]);
            }
        }
        assertThat(repeated).isEmpty();
    }

    @Test
    void theLowBitsAloneTellIdsApartAcrossTheWholeCounterRange() {
        // the bijection is checked on counters far apart too, where the high bits of the counter differ
        Set<Long> seen = new HashSet<>();
        for (long high = 0; high < 64; high++) {
            for (long low = 0; low < 2_000; low++) {
                long n = (high << 56) | (high << 40) | low;
                seen.add(AuditIds.mix62(n));
            }
        }
        assertThat(seen).hasSize(64 * 2_000);
    }

    @Test
    void processesWithDifferentKeysMintDifferentIds() {
        AuditIds one = AuditIds.random();
        AuditIds other = AuditIds.random();
        Set<UUID> first = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            first.add(one.next());
        }
        // Set.contains, not AssertJ's doesNotContain (which walks the whole set for each id)
        List<UUID> shared = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            UUID id = other.next();
            if (first.contains(id)) {
                shared.add(id);
            }
        }
        assertThat(first).hasSize(10_000);
        assertThat(shared).isEmpty();
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

    @Test
    void theHeaderTextIsTheUuidsText() {
        for (long[] key : new long[][] {{0, 0}, {-1, -1}, {0x0123456789abcdefL, 0xfedcba9876543210L}}) {
            AuditIds uuids = new AuditIds(key[0], key[1]);
            AuditIds texts = new AuditIds(key[0], key[1]);
            List<String> differing = new ArrayList<>();
            for (int i = 0; i < 10_000; i++) {
                String uuid = uuids.next().toString();
                String text = texts.nextAscii().toString();
                if (!uuid.equals(text)) {
                    differing.add(uuid + " " + text);
                }
            }
            assertThat(differing).isEmpty();
        }
        assertThat(AuditIds.ascii(0x0123456789abcdefL, 0xfedcba9876543210L).toString())
                .isEqualTo(new UUID(0x0123456789abcdefL, 0xfedcba9876543210L).toString());
    }
}

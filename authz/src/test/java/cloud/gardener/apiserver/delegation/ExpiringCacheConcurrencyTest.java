package cloud.gardener.apiserver.delegation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The delegated authentication and authorization caches are read and written by every event loop at once: under
 * such load the cache stays within its capacity once writers are done, never answers a value stored for another
 * key, and keeps what was written last for a key.
 */
class ExpiringCacheConcurrencyTest {

    private static final int THREADS = 8;
    private static final int OPERATIONS = 20_000;
    private static final int CAPACITY = 64;
    private static final int KEYS = 256;

    @Test
    void manyReadersAndWritersKeepTheBoundsAndTheValues() throws Exception {
        ExpiringCache<String, String> cache = new ExpiringCache<>(Clock.systemUTC(), CAPACITY);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Integer>> workers = new ArrayList<>();
        try {
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                workers.add(pool.submit(() -> {
                    go.await();
                    int wrong = 0;
                    for (int i = 0; i < OPERATIONS; i++) {
                        String key = "k" + ((i * 31 + thread * 7) % KEYS);
                        String seen = cache.get(key);
                        if (seen != null && !seen.startsWith(key + "=")) {
                            wrong++;
                        }
                        if (seen == null || i % 5 == 0) {
                            cache.put(key, key + "=" + thread + "/" + i, Duration.ofMinutes(1));
                        }
                    }
                    return wrong;
                }));
            }
            go.countDown();
            for (Future<Integer> worker : workers) {
                assertThat(worker.get(60, TimeUnit.SECONDS))
                        .as("values read for another key")
                        .isZero();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(cache.size()).isBetween(1, CAPACITY);

        // quiet again: the last write of a key is what a read sees, and the oldest keys go first
        cache.put("last", "last=1", Duration.ofMinutes(1));
        cache.put("last", "last=2", Duration.ofMinutes(1));
        assertThat(cache.get("last")).isEqualTo("last=2");
        for (int i = 0; i < CAPACITY - 1; i++) {
            cache.put("fresh" + i, "fresh" + i + "=x", Duration.ofMinutes(1));
        }
        assertThat(cache.get("last")).isEqualTo("last=2");
        cache.put("one-more", "one-more=x", Duration.ofMinutes(1));
        assertThat(cache.get("last")).as("the oldest insertion is evicted").isNull();
        assertThat(cache.size()).isEqualTo(CAPACITY);
    }
}

package cloud.gardener.apiserver.storage.cache;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.ReadFreshness;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.etcd3.EtcdStorage;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The consistent read from cache on etcd 3.4 (no reliable progress notifications, etcd's periodic progress
 * set to a minute here so that it cannot help): the cache reads the current revision with a quorum read and
 * asks its watch for progress, so a resource that sees no writes is still served from the cache at once.
 */
@Tag("integration")
class WatchCacheEtcdTest {

    @RegisterExtension
    static final EtcdExtension ETCD = new EtcdExtension(Duration.ofMinutes(1), java.util.List.of());

    private static Vertx vertx;

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stopVertx() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aConsistentReadOfAnIdleResourceIsServedFromTheCacheWithoutWaitingOut() throws Exception {
        String shoots = ETCD.newPrefix() + "shoots/";
        String seeds = ETCD.newPrefix() + "seeds/";
        try (EtcdStorage etcd = new EtcdStorage(vertx, ETCD.config());
                WatchCache cache = new WatchCache(vertx, etcd, shoots, WatchCacheConfig.defaults())) {
            StoredObject shoot = await(etcd.create(shoots + "garden-dev/a", bytes("a")));
            await(cache.start());
            for (int round = 0; round < 3; round++) {
                // Another resource moves the revision on; this one sees no event.
                StoredObject seed = await(etcd.create(seeds + "s" + round, bytes("seed")));

                long started = System.nanoTime();
                ListPage page = await(cache.list(ListRequest.all(shoots), ReadFreshness.consistent()));
                long tookMillis = (System.nanoTime() - started) / 1_000_000;

                assertThat(page.revision()).isGreaterThanOrEqualTo(seed.modRevision());
                assertThat(page.items()).extracting(StoredObject::modRevision).containsExactly(shoot.modRevision());
                assertThat(tookMillis).as("far under the 3 s block timeout").isLessThan(1500);
            }
            assertThat(cache.storeReads()).as("every read served by the cache").isZero();
        }
    }

    private static <T> T await(Future<T> f) throws Exception {
        return f.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}

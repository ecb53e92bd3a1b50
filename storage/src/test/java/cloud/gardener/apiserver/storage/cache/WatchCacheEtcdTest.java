package cloud.gardener.apiserver.storage.cache;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.ReadFreshness;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import cloud.gardener.apiserver.storage.etcd3.EtcdStorage;
import cloud.gardener.apiserver.storage.etcd3.EtcdVersion;
import cloud.gardener.apiserver.storage.testing.AesGcmKeys;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import cloud.gardener.apiserver.storage.testing.RecordingWatchListener;
import cloud.gardener.apiserver.storage.value.Transformer;
import cloud.gardener.apiserver.storage.value.TransformingStorage;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Consistent reads through the cache on a real etcd (its periodic progress set to a minute here so that it cannot
 * help): whatever etcd's version, a consistent read sees the write before it and does not wait out the block
 * timeout; on an etcd whose progress reports can overtake events (before 3.4.31, etcd-io/etcd#15220) it is the
 * store's, as in kube-apiserver, while reads at resourceVersion 0 stay the cache's.
 */
@Tag("integration")
class WatchCacheEtcdTest {

    @RegisterExtension
    static final EtcdExtension ETCD = new EtcdExtension(Duration.ofMinutes(1), List.of());

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
    void theEtcdVersionSaysWhetherProgressReportsCanBeTrusted() throws Exception {
        try (EtcdStorage etcd = new EtcdStorage(vertx, ETCD.config())) {
            List<EtcdVersion> versions = await(etcd.serverVersions());
            assertThat(versions).hasSize(1);
            assertThat(await(etcd.progressNotifyOrdered()))
                    .isEqualTo(versions.get(0).progressNotifyOrdered());
        }
    }

    @Test
    void aConsistentReadOfAnIdleResourceAnswersWithoutWaitingOut() throws Exception {
        String shoots = ETCD.newPrefix() + "shoots/";
        String seeds = ETCD.newPrefix() + "seeds/";
        try (EtcdStorage etcd = new EtcdStorage(vertx, ETCD.config())) {
            boolean ordered = await(etcd.progressNotifyOrdered());
            try (WatchCache cache =
                    new WatchCache(vertx, etcd, shoots, WatchCacheConfig.defaults(), etcd::currentRevision, ordered)) {
                StoredObject shoot = await(etcd.create(shoots + "garden-dev/a", bytes("a")));
                await(cache.start());
                for (int round = 0; round < 3; round++) {
                    // Another resource moves the revision on; this one sees no event.
                    StoredObject seed = await(etcd.create(seeds + "s" + round, bytes("seed")));

                    long started = System.nanoTime();
                    ListPage page = await(cache.list(ListRequest.all(shoots), ReadFreshness.consistent()));
                    long tookMillis = (System.nanoTime() - started) / 1_000_000;

                    assertThat(page.revision()).isGreaterThanOrEqualTo(seed.modRevision());
                    assertThat(page.items())
                            .extracting(StoredObject::modRevision)
                            .containsExactly(shoot.modRevision());
                    assertThat(tookMillis).as("far under the 3 s block timeout").isLessThan(1500);
                }
                assertThat(cache.storeReads())
                        .as("no read handed over for want of the cache")
                        .isZero();
                assertThat(cache.delegatedReads())
                        .as(
                                "answered from the cache, after a check of the range's revisions where progress is not trusted")
                        .isZero();
            }
        }
    }

    @Test
    @SuppressWarnings("try") // the watch is held open, not used
    void aCacheFilledFromAnEmptyPrefixIsAtTheStoresRevisionAndFollowsItFromThere() throws Exception {
        String shoots = ETCD.newPrefix() + "shoots/";
        String seeds = ETCD.newPrefix() + "seeds/";
        try (EtcdStorage etcd = new EtcdStorage(vertx, ETCD.config())) {
            boolean ordered = await(etcd.progressNotifyOrdered());
            StoredObject seed = await(etcd.create(seeds + "s", bytes("seed")));
            try (WatchCache cache =
                    new WatchCache(vertx, etcd, shoots, WatchCacheConfig.defaults(), etcd::currentRevision, ordered)) {
                await(cache.start());
                long filledAt = cache.revision();
                assertThat(filledAt).isGreaterThanOrEqualTo(seed.modRevision());
                assertThat(await(cache.list(ListRequest.all(shoots), ReadFreshness.any()))
                                .revision())
                        .as("a list at resourceVersion=0")
                        .isEqualTo(filledAt);

                RecordingWatchListener watcher = new RecordingWatchListener();
                try (WatchSubscription ignored = cache.watch(shoots, filledAt, watcher)) {
                    StoredObject written = await(etcd.create(shoots + "garden-dev/a", bytes("a")));
                    assertThat(watcher.nextEvent(Duration.ofSeconds(10)).revision())
                            .isEqualTo(written.modRevision());
                    assertThat(await(cache.get(
                                            shoots + "garden-dev/a", ReadFreshness.notOlderThan(written.modRevision())))
                                    .modRevision())
                            .isEqualTo(written.modRevision());
                }
            }
        }
    }

    /**
     * The defect etcd 3.4.23 showed: a write, then at once a consistent read through the cache while progress is
     * asked for all the time (a watcher wanting bookmarks), must see the write; hundreds of rounds.
     */
    @Test
    void aConsistentReadAfterAWriteAlwaysSeesIt() throws Exception {
        String shoots = ETCD.newPrefix() + "shoots/";
        try (EtcdStorage etcd = new EtcdStorage(vertx, ETCD.config())) {
            boolean ordered = await(etcd.progressNotifyOrdered());
            try (WatchCache cache =
                    new WatchCache(vertx, etcd, shoots, WatchCacheConfig.defaults(), etcd::currentRevision, ordered)) {
                await(cache.start());
                WatchSubscription watch = cache.watch(shoots, 0, new WatchListener() {
                    @Override
                    public void onEvent(WatchEvent event) {}

                    @Override
                    public void onProgress(long revision) {}

                    @Override
                    public void onError(StorageException error) {}
                });
                long pump = vertx.setPeriodic(1, id -> watch.requestProgress());
                try {
                    for (int i = 0; i < 300; i++) {
                        String key = shoots + "garden-dev/s" + i;
                        StoredObject written = await(etcd.create(key, bytes("v" + i)));
                        assertThat(await(cache.get(key, ReadFreshness.consistent()))
                                        .modRevision())
                                .as("round %d", i)
                                .isEqualTo(written.modRevision());
                        ListPage page = await(cache.list(ListRequest.all(shoots), ReadFreshness.consistent()));
                        assertThat(page.items()).as("round %d", i).hasSize(i + 1);
                    }
                } finally {
                    vertx.cancelTimer(pump);
                    watch.close();
                }
                // The same state at resourceVersion 0 is the cache's own (after it caught up).
                long before = cache.storeReads() + cache.delegatedReads();
                ListPage any = await(cache.list(ListRequest.all(shoots), ReadFreshness.notOlderThan(cache.revision())));
                assertThat(any.items()).hasSize(300);
                assertThat(cache.storeReads() + cache.delegatedReads()).isEqualTo(before);
            }
        }
    }

    @Test
    void aConsistentGetWithoutTrustedProgressAnswersTheCachedCopyOnlyAtTheStoresRevision() throws Exception {
        String shoots = ETCD.newPrefix() + "shoots/";
        try (EtcdStorage etcd = new EtcdStorage(vertx, ETCD.config())) {
            try (WatchCache cache =
                    new WatchCache(vertx, etcd, shoots, WatchCacheConfig.defaults(), etcd::currentRevision, false)) {
                String key = shoots + "garden-dev/a";
                StoredObject created = await(etcd.create(key, bytes("a")));
                await(cache.start());

                // the cache listed the key at the revision etcd reads for it: the cache's copy is the answer
                StoredObject cached = await(cache.get(key, ReadFreshness.consistent()));
                assertThat(cached.modRevision()).isEqualTo(created.modRevision());
                assertThat(cache.delegatedReads()).as("answered from the cache").isZero();

                // each write is seen by the get after it, whether or not the cache has its event yet
                for (int i = 0; i < 50; i++) {
                    StoredObject updated = await(etcd.update(key, 0, bytes("v" + i)));
                    StoredObject read = await(cache.get(key, ReadFreshness.consistent()));
                    assertThat(read.modRevision()).as("round %d", i).isEqualTo(updated.modRevision());
                    assertThat(new String(read.value(), StandardCharsets.UTF_8))
                            .as("round %d", i)
                            .isEqualTo("v" + i);
                }

                await(etcd.delete(key, 0));
                Future<StoredObject> gone = cache.get(key, ReadFreshness.consistent());
                assertThat(gone.toCompletionStage().toCompletableFuture())
                        .failsWithin(10, TimeUnit.SECONDS)
                        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                        .havingCause()
                        .isInstanceOfSatisfying(
                                StorageException.class,
                                e -> assertThat(e.reason()).isEqualTo(StorageException.Reason.NOT_FOUND));
            }
        }
    }

    @Test
    void aConsistentListWithoutTrustedProgressAnswersTheCachedPageOnlyWhenItHoldsTheStoresRevisions() throws Exception {
        String shoots = ETCD.newPrefix() + "shoots/";
        try (ControlledFeedStorage etcd = new ControlledFeedStorage(new EtcdStorage(vertx, ETCD.config()))) {
            try (WatchCache cache =
                    new WatchCache(vertx, etcd, shoots, WatchCacheConfig.defaults(), etcd::currentRevision, false)) {
                StoredObject a = await(etcd.create(shoots + "garden-dev/a", bytes("a")));
                StoredObject b = await(etcd.create(shoots + "garden-dev/b", bytes("b")));
                StoredObject c = await(etcd.create(shoots + "garden-prod/c", bytes("c")));
                await(cache.start());
                // another resource moves etcd's revision on: the page carries the revision the check read at
                StoredObject seed = await(etcd.create(ETCD.newPrefix() + "seeds/s", bytes("seed")));

                ListPage all = await(cache.list(ListRequest.all(shoots), ReadFreshness.consistent()));
                assertThat(written(all)).containsExactly(written(a), written(b), written(c));
                assertThat(all.revision()).isGreaterThanOrEqualTo(seed.modRevision());
                ListPage first = await(cache.list(
                        new ListRequest(shoots + "garden-dev/", 0, 1, null, null), ReadFreshness.consistent()));
                assertThat(written(first)).containsExactly(written(a));
                assertThat(first.nextKey()).isEqualTo(a.key() + "\0");
                assertThat(first.remainingItemCount()).isEqualTo(1L);
                assertThat(first.revision()).isGreaterThanOrEqualTo(seed.modRevision());
                assertThat(cache.delegatedReads()).as("answered from the cache").isZero();

                // an update, a create in the middle of the range and a delete of its last key, each held back from
                // the cache: the list the store reads, until the cache has the event; then the cache's page again
                List<Callable<StoredObject>> changes = List.of(
                        () -> await(etcd.update(a.key(), 0, bytes("a2"))),
                        () -> await(etcd.create(shoots + "garden-dev/ab", bytes("ab"))),
                        () -> await(etcd.delete(c.key(), 0)));
                for (int i = 0; i < changes.size(); i++) {
                    etcd.pause();
                    StoredObject changed = changes.get(i).call();
                    ListPage held = await(cache.list(ListRequest.all(shoots), ReadFreshness.consistent()));
                    assertThat(cache.delegatedReads())
                            .as("change %d held back", i)
                            .isEqualTo(i + 1);
                    etcd.resume();
                    awaitRevision(cache, changed.modRevision());
                    ListPage caught = await(cache.list(ListRequest.all(shoots), ReadFreshness.consistent()));
                    assertThat(cache.delegatedReads()).as("change %d seen", i).isEqualTo(i + 1);
                    assertThat(written(caught)).as("change %d", i).isEqualTo(written(held));
                    assertThat(held.revision()).isGreaterThanOrEqualTo(changed.modRevision());
                }
                assertThat(await(cache.list(ListRequest.all(shoots), ReadFreshness.consistent()))
                                .items())
                        .extracting(o -> str(o.value()))
                        .containsExactly("a2", "ab", "b");
            }
        }
    }

    /**
     * Without trusted progress, caughtUp compares the range's revisions with the cache's until they match: at once for
     * a range another resource's writes moved etcd's revision past, after the event for a write the feed held back.
     */
    @Test
    void caughtUpWithoutTrustedProgressWaitsForTheRangesRevisionsOnly() throws Exception {
        String shoots = ETCD.newPrefix() + "shoots/";
        try (ControlledFeedStorage etcd = new ControlledFeedStorage(new EtcdStorage(vertx, ETCD.config()))) {
            try (WatchCache cache =
                    new WatchCache(vertx, etcd, shoots, WatchCacheConfig.defaults(), etcd::currentRevision, false)) {
                await(etcd.create(shoots + "garden-dev/a", bytes("a")));
                await(cache.start());
                await(etcd.create(ETCD.newPrefix() + "seeds/s", bytes("seed")));
                long started = System.nanoTime();
                assertThat(await(cache.caughtUp(shoots))).isTrue();
                assertThat((System.nanoTime() - started) / 1_000_000)
                        .as("well under the 3 s block timeout")
                        .isLessThan(2000);

                etcd.pause();
                StoredObject b = await(etcd.create(shoots + "garden-dev/b", bytes("b")));
                Future<Boolean> caughtUp = cache.caughtUp(shoots);
                Thread.sleep(300);
                assertThat(caughtUp.isComplete())
                        .as("waits for the held-back create")
                        .isFalse();
                etcd.resume();
                assertThat(await(caughtUp)).isTrue();
                assertThat(cache.current(b.key()).modRevision()).isEqualTo(b.modRevision());
            }
        }
    }

    @Test
    void theContinuePagesOfAConsistentListTheCacheAnsweredAreTheCachesAtTheListsRevision() throws Exception {
        String shoots = ETCD.newPrefix() + "shoots/";
        try (EtcdStorage etcd = new EtcdStorage(vertx, ETCD.config())) {
            try (WatchCache cache =
                    new WatchCache(vertx, etcd, shoots, WatchCacheConfig.defaults(), etcd::currentRevision, false)) {
                StoredObject a = await(etcd.create(shoots + "garden-dev/a", bytes("a")));
                StoredObject b = await(etcd.create(shoots + "garden-dev/b", bytes("b")));
                StoredObject c = await(etcd.create(shoots + "garden-dev/c", bytes("c")));
                await(cache.start());
                // another resource's write: the list's revision is one the cache never sees without trusted progress
                await(etcd.create(ETCD.newPrefix() + "seeds/s", bytes("seed")));

                ListPage first = await(cache.list(
                        new ListRequest(shoots + "garden-dev/", 0, 1, null, null), ReadFreshness.consistent()));
                assertThat(first.revision()).isGreaterThan(cache.revision());
                // b changes after the first page: the next pages still show the list's revision
                StoredObject b2 = await(etcd.update(b.key(), 0, bytes("b2")));
                awaitRevision(cache, b2.modRevision());

                ReadFreshness atList = ReadFreshness.exact(first.revision());
                ListPage second = await(cache.list(
                        new ListRequest(shoots + "garden-dev/", first.revision(), 1, first.nextKey(), null), atList));
                ListPage third = await(cache.list(
                        new ListRequest(shoots + "garden-dev/", first.revision(), 1, second.nextKey(), null), atList));
                assertThat(List.of(written(first), written(second), written(third)))
                        .containsExactly(List.of(written(a)), List.of(written(b)), List.of(written(c)));
                assertThat(List.of(second.revision(), third.revision())).containsOnly(first.revision());
                assertThat(third.hasMore()).isFalse();
                assertThat(cache.delegatedReads() + cache.storeReads())
                        .as("every page the cache's")
                        .isZero();

                // a revision no consistent list verified is still the store's
                StoredObject other = await(etcd.create(ETCD.newPrefix() + "seeds/t", bytes("seed")));
                ListPage unverified =
                        await(cache.list(ListRequest.all(shoots), ReadFreshness.exact(other.modRevision())));
                assertThat(written(unverified)).containsExactly(written(a), written(b2), written(c));
                assertThat(cache.delegatedReads()).isEqualTo(1);
            }
        }
    }

    /**
     * EncryptionAtRestE2ETest's rotation on the cache alone: the cache holds a Secret decrypted with key1; once key1 is
     * dropped from the configuration a consistent get fails as etcd's read would (kube-apiserver's cacher sends a get
     * without resourceVersion to etcd), while a get at resourceVersion 0 is still the cache's copy.
     */
    @Test
    void aConsistentGetWithoutTrustedProgressAnswersTheCachedCopyOnlyWhileItsTransformerReadsTheKey() throws Exception {
        String secrets = ETCD.newPrefix() + "secrets/";
        String key1 = AesGcmKeys.randomKey();
        String key2 = AesGcmKeys.randomKey();
        AtomicReference<Transformer> configured = new AtomicReference<>(AesGcmKeys.transformer("key1", key1));
        try (TransformingStorage store =
                new TransformingStorage(new EtcdStorage(vertx, ETCD.config()), k -> configured.get())) {
            try (WatchCache cache =
                    new WatchCache(vertx, store, secrets, WatchCacheConfig.defaults(), store::currentRevision, false)) {
                String key = secrets + "garden-dev/db";
                await(store.create(key, bytes("hunter2")));
                await(cache.start());
                assertThat(str(await(cache.get(key, ReadFreshness.consistent())).value()))
                        .isEqualTo("hunter2");
                assertThat(cache.delegatedReads()).as("answered from the cache").isZero();

                // 1. key2 added: the cache's copy was read with the configuration before, so the store reads the key
                configured.set(AesGcmKeys.transformer("key2", key2, "key1", key1));
                assertThat(str(await(cache.get(key, ReadFreshness.consistent())).value()))
                        .isEqualTo("hunter2");
                assertThat(cache.delegatedReads()).isEqualTo(1);

                ListRequest all = ListRequest.all(secrets);
                assertThat(await(cache.list(all, ReadFreshness.consistent())).items())
                        .extracting(o -> str(o.value()))
                        .containsExactly("hunter2");
                assertThat(cache.delegatedReads()).as("a list too").isEqualTo(2);

                // 2. key1 dropped before a rewrite: a consistent get or list fails loudly, resourceVersion=0 is the
                // copy's
                configured.set(AesGcmKeys.transformer("key2", key2));
                StorageException lost = failure(cache.get(key, ReadFreshness.consistent()));
                assertThat(lost.reason()).isEqualTo(StorageException.Reason.INTERNAL);
                assertThat(failure(cache.list(all, ReadFreshness.consistent())).reason())
                        .isEqualTo(StorageException.Reason.INTERNAL);
                assertThat(lost).hasMessageStartingWith("unable to transform key \"" + key + "\"");
                assertThat(str(await(cache.get(key, ReadFreshness.any())).value()))
                        .isEqualTo("hunter2");

                // 3. The value rewritten with key2: the cache holds it read with the configuration of now and answers
                StoredObject rewritten = await(store.update(key, 0, bytes("hunter3")));
                awaitRevision(cache, rewritten.modRevision());
                for (int i = 0; i < 3; i++) {
                    StoredObject read = await(cache.get(key, ReadFreshness.consistent()));
                    assertThat(str(read.value())).isEqualTo("hunter3");
                    assertThat(read.modRevision()).isEqualTo(rewritten.modRevision());
                }
                assertThat(await(cache.list(all, ReadFreshness.consistent())).items())
                        .extracting(o -> str(o.value()))
                        .containsExactly("hunter3");
                assertThat(cache.delegatedReads()).as("none since the rewrite").isEqualTo(4);
            }
        }
    }

    private static void awaitRevision(WatchCache cache, long revision) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (cache.revision() < revision) {
            assertThat(System.nanoTime())
                    .as("the cache reaches revision %d", revision)
                    .isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    private static StorageException failure(Future<?> f) throws Exception {
        try {
            f.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(StorageException.class);
            return (StorageException) e.getCause();
        }
        throw new AssertionError("expected a failure");
    }

    /** What a page's items say: key, revision and value. */
    private static List<String> written(ListPage page) {
        return page.items().stream().map(WatchCacheEtcdTest::written).toList();
    }

    private static String written(StoredObject o) {
        return o.key() + "@" + o.modRevision() + "=" + str(o.value());
    }

    private static String str(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    private static <T> T await(Future<T> f) throws Exception {
        return f.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}

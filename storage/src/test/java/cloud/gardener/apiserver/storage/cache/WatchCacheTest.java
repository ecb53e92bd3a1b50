package cloud.gardener.apiserver.storage.cache;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.ReadFreshness;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StorageException.Reason;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.storage.testing.AesGcmKeys;
import cloud.gardener.apiserver.storage.testing.RecordingWatchListener;
import cloud.gardener.apiserver.storage.value.Transformer;
import cloud.gardener.apiserver.storage.value.TransformingStorage;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the watch cache adds to the storage contract: its window and 410s, consistent reads that wait for the
 * writer's revision, past pages from the window, selectors on cached attributes and indexes, watchers that
 * share events and are terminated when they fall behind, and a re-list when its feed breaks. Over the embedded
 * store, with the feed held back or broken where the test needs it.
 */
// Watches held open by try-with-resources are the point of several tests, not unused resources.
@SuppressWarnings("try")
class WatchCacheTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String PREFIX = "/registry/core.gardener.cloud/shoots/";

    private static Vertx vertx;

    @TempDir
    Path dir;

    private ControlledFeedStorage store;
    private WatchCache cache;

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stopVertx() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @BeforeEach
    void openStore() {
        store = new ControlledFeedStorage(new EmbeddedStorage(vertx, dir.resolve("store")));
    }

    @AfterEach
    void close() {
        if (cache != null) {
            cache.close();
        }
        store.close();
    }

    private WatchCache startCache(WatchCacheConfig config) {
        cache = new WatchCache(vertx, store, PREFIX, config);
        await(cache.start());
        return cache;
    }

    // ------------------------------------------------------------ the window

    @Test
    void aWatchFromBeforeTheWindowIsGoneAndOneFromInsideReplaysIt() {
        startCache(WatchCacheConfig.defaults().withFixedCapacity(5));
        List<StoredObject> writes = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            writes.add(await(store.create(PREFIX + "ns/s" + i, bytes("v" + i))));
        }
        long last = writes.get(7).modRevision();
        awaitTrue(() -> cache.revision() >= last);
        long windowStart = await(cache.windowState())[0];
        // 8 events in a window of 5: the first three were evicted, so the window starts at the third one.
        assertThat(windowStart).isEqualTo(writes.get(2).modRevision());

        RecordingWatchListener tooOld = new RecordingWatchListener();
        try (WatchSubscription ignored = cache.watch(PREFIX, writes.get(1).modRevision(), tooOld)) {
            StorageException e = tooOld.awaitError(WAIT);
            assertThat(e.reason()).isEqualTo(Reason.COMPACTED);
            assertThat(e.getMessage())
                    .isEqualTo("too old resource version: " + writes.get(1).modRevision() + " (" + windowStart + ")");
        }

        RecordingWatchListener inside = new RecordingWatchListener();
        try (WatchSubscription ignored = cache.watch(PREFIX, windowStart, inside)) {
            List<WatchEvent> replayed = inside.nextEvents(5, WAIT);
            assertThat(replayed)
                    .extracting(WatchEvent::revision)
                    .containsExactly(writes.subList(3, 8).stream()
                            .map(StoredObject::modRevision)
                            .toArray(Long[]::new));
            StoredObject later = await(store.update(PREFIX + "ns/s0", 0, bytes("later")));
            WatchEvent live = inside.nextEvent(WAIT);
            assertThat(live.revision()).isEqualTo(later.modRevision());
            assertThat(str(live.previous().value())).isEqualTo("v0");
        }
    }

    @Test
    void theWindowGrowsWhileItsEventsAreFreshAndStopsAtItsUpperBound() {
        startCache(new WatchCacheConfig(
                4, 16, Duration.ofMinutes(5), Duration.ofSeconds(3), 1000, null, null, Set.of(), Long.MAX_VALUE, null));
        long first = 0;
        for (int i = 0; i < 40; i++) {
            StoredObject o = await(store.create(PREFIX + "ns/s" + i, bytes("v")));
            if (i == 0) {
                first = o.modRevision();
            }
        }
        long last = await(store.currentRevision());
        awaitTrue(() -> cache.revision() >= last);
        long[] state = await(cache.windowState());
        assertThat(state[2]).as("capacity").isEqualTo(16);
        assertThat(state[1]).as("events held").isEqualTo(16);
        assertThat(state[0]).as("start").isEqualTo(first + 23);
    }

    // ------------------------------------------------------------ consistent and bounded-staleness reads

    /** Two versions of one key: the cache has seen {@code v1}; its feed is paused, so it has not seen {@code v2}. */
    private record Lagging(StoredObject v1, StoredObject v2) {}

    private Lagging aCacheBehindAnUpdate() {
        startCache(WatchCacheConfig.defaults());
        StoredObject v1 = await(store.create(PREFIX + "ns/a", bytes("v1")));
        awaitTrue(() -> cache.revision() >= v1.modRevision());
        store.pause(); // the cache's feed lags: it has not seen the update below
        return new Lagging(v1, await(store.update(PREFIX + "ns/a", 0, bytes("v2"))));
    }

    @Test
    void aConsistentReadWaitsUntilTheCacheHasSeenTheWrite() throws Exception {
        StoredObject v2 = aCacheBehindAnUpdate().v2();

        assertThat(str(await(cache.get(PREFIX + "ns/a", ReadFreshness.any())).value()))
                .as("resourceVersion=0 may be stale")
                .isEqualTo("v1");
        CompletableFuture<StoredObject> consistent = cf(cache.get(PREFIX + "ns/a", ReadFreshness.consistent()));
        CompletableFuture<ListPage> notOlder =
                cf(cache.list(ListRequest.all(PREFIX), ReadFreshness.notOlderThan(v2.modRevision())));
        Thread.sleep(300);
        assertThat(consistent)
                .as("waits for the cache to reach the store's revision")
                .isNotDone();
        assertThat(notOlder).isNotDone();

        store.resume();
        StoredObject read = consistent.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(str(read.value())).isEqualTo("v2");
        assertThat(read.modRevision()).isEqualTo(v2.modRevision());
        ListPage page = notOlder.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(page.revision()).isGreaterThanOrEqualTo(v2.modRevision());
        assertThat(page.items()).extracting(o -> str(o.value())).containsExactly("v2");
    }

    /**
     * A write that names a revision a write of this server made, which the cache has not seen yet, gets the cache's
     * copy once the cache has seen it: the write's event is on its way, so no store read is needed.
     */
    @Test
    void aCopyForAWriteWaitsForARevisionThisServerWrote() throws Exception {
        StoredObject v2 = aCacheBehindAnUpdate().v2();
        cache.noteWritten(v2.modRevision());
        CompletableFuture<StoredObject> copy = cf(cache.getForWrite(PREFIX + "ns/a", v2.modRevision(), 10_000));
        Thread.sleep(300);
        assertThat(copy).as("waits for the cache to see the write").isNotDone();

        store.resume();
        StoredObject read = copy.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(str(read.value())).isEqualTo("v2");
        assertThat(read.modRevision()).isEqualTo(v2.modRevision());
        assertThat(cache.storeReads()).isZero();
        assertThat(cache.delegatedReads()).isZero();
    }

    /**
     * A revision newer than any write this server made may never reach a quiet resource's cache (another server's
     * write, a revision of another resource): the copy the cache has comes at once, and the writer judges it.
     */
    @Test
    void aCopyForAWriteDoesNotWaitForARevisionThisServerDidNotWrite() {
        Lagging lagging = aCacheBehindAnUpdate();
        StoredObject v1 = lagging.v1();
        StoredObject v2 = lagging.v2();
        cache.noteWritten(v1.modRevision());
        long started = System.nanoTime();
        StoredObject copy = await(cache.getForWrite(PREFIX + "ns/a", v2.modRevision(), 10_000));
        assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(5_000);
        assertThat(str(copy.value()))
                .as("the stale copy, as resourceVersion=0 reads it")
                .isEqualTo("v1");
        assertThat(copy.modRevision()).isEqualTo(v1.modRevision());
        store.resume();
    }

    /** The wait is bounded: a feed that does not bring the write in time leaves the writer the copy it has. */
    @Test
    void aCopyForAWriteWaitsNoLongerThanItsBound() {
        Lagging lagging = aCacheBehindAnUpdate();
        StoredObject v1 = lagging.v1();
        StoredObject v2 = lagging.v2();
        cache.noteWritten(v2.modRevision());
        long started = System.nanoTime();
        StoredObject copy = await(cache.getForWrite(PREFIX + "ns/a", v2.modRevision(), 300));
        assertThat((System.nanoTime() - started) / 1_000_000).isGreaterThanOrEqualTo(290);
        assertThat(copy.modRevision()).isEqualTo(v1.modRevision());
        store.resume();
        // an older revision than the cache's is served at once
        awaitTrue(() -> cache.revision() >= v2.modRevision());
        assertThat(await(cache.getForWrite(PREFIX + "ns/a", v1.modRevision(), 10_000))
                        .modRevision())
                .isEqualTo(v2.modRevision());
    }

    /** An in-process reader of the cache's current state (admission) can wait until it holds the writes before it. */
    @Test
    void caughtUpCompletesOnceTheCurrentStateHoldsTheWritesBeforeIt() throws Exception {
        startCache(WatchCacheConfig.defaults());
        StoredObject v1 = await(store.create(PREFIX + "ns/a", bytes("v1")));
        awaitTrue(() -> cache.revision() >= v1.modRevision());
        assertThat(await(cache.caughtUp(PREFIX))).isTrue();

        store.pause(); // the cache's feed lags: it has not seen the create below
        StoredObject b = await(store.create(PREFIX + "ns/b", bytes("b")));
        CompletableFuture<Boolean> caughtUp = cf(cache.caughtUp(PREFIX));
        Thread.sleep(300);
        assertThat(caughtUp).as("waits for the cache's feed").isNotDone();
        assertThat(cache.current(b.key())).isNull();

        store.resume();
        assertThat(caughtUp.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        assertThat(cache.current(b.key()).modRevision()).isEqualTo(b.modRevision());
    }

    @Test
    void caughtUpIsFalseWhenTheFeedDoesNotBringTheWritesWithinTheBlockTimeout() {
        startCache(WatchCacheConfig.defaults().withBlockTimeout(Duration.ofMillis(300)));
        store.pause();
        await(store.create(PREFIX + "ns/a", bytes("v1")));
        long started = System.nanoTime();
        assertThat(await(cache.caughtUp(PREFIX))).isFalse();
        assertThat((System.nanoTime() - started) / 1_000_000).isGreaterThanOrEqualTo(290);
        store.resume();
    }

    /**
     * A consistent get is the cache's copy only while the store would read the key's bytes alike: after the key that
     * encrypted them is dropped from the configuration it fails, as kube-apiserver's get without resourceVersion (read
     * from etcd) does; resourceVersion=0 is still the copy.
     */
    @Test
    void aConsistentGetAnswersTheCachedCopyOnlyWhileItsTransformerReadsTheKey() {
        String key1 = AesGcmKeys.randomKey();
        String key2 = AesGcmKeys.randomKey();
        AtomicReference<Transformer> configured = new AtomicReference<>(AesGcmKeys.transformer("key1", key1));
        TransformingStorage encrypted = new TransformingStorage(store, k -> configured.get());
        cache = new WatchCache(vertx, encrypted, PREFIX, WatchCacheConfig.defaults());
        await(cache.start());
        String key = PREFIX + "ns/a";
        StoredObject created = await(encrypted.create(key, bytes("v1")));
        awaitTrue(() -> cache.revision() >= created.modRevision());

        assertThat(str(await(cache.get(key, ReadFreshness.consistent())).value()))
                .isEqualTo("v1");
        assertThat(cache.storeReads() + cache.delegatedReads())
                .as("the cache's copy")
                .isZero();

        configured.set(AesGcmKeys.transformer("key2", key2, "key1", key1));
        StoredObject reread = await(cache.get(key, ReadFreshness.consistent()));
        assertThat(str(reread.value())).isEqualTo("v1");
        assertThat(reread.modRevision()).isEqualTo(created.modRevision());
        assertThat(cache.delegatedReads())
                .as("read again with the new configuration")
                .isEqualTo(1);

        configured.set(AesGcmKeys.transformer("key2", key2));
        StorageException lost = failure(cache.get(key, ReadFreshness.consistent()));
        assertThat(lost.reason()).isEqualTo(Reason.INTERNAL);
        assertThat(lost).hasMessageStartingWith("unable to transform key \"" + key + "\"");
        assertThat(str(await(cache.get(key, ReadFreshness.any())).value())).isEqualTo("v1");
        assertThat(failure(cache.get(PREFIX + "ns/missing", ReadFreshness.consistent()))
                        .reason())
                .isEqualTo(Reason.NOT_FOUND);
    }

    @Test
    void aConsistentReadOfAnIdleResourceCompletesThroughProgressWithoutWaitingOut() {
        startCache(WatchCacheConfig.defaults());
        await(store.create(PREFIX + "ns/a", bytes("v1")));
        // Other resources move the store's revision on; this one sees no event.
        for (int i = 0; i < 5; i++) {
            await(store.create("/registry/core.gardener.cloud/seeds/s" + i, bytes("seed")));
        }
        long current = await(store.currentRevision());

        long started = System.nanoTime();
        ListPage page = await(cache.list(ListRequest.all(PREFIX), ReadFreshness.consistent()));
        long tookMillis = (System.nanoTime() - started) / 1_000_000;

        assertThat(page.revision()).isGreaterThanOrEqualTo(current);
        assertThat(tookMillis).as("well under the 3 s block timeout").isLessThan(2000);
    }

    @Test
    void aReadNotOlderThanAFutureRevisionIsTooLargeAfterTheBlockTimeout() {
        startCache(WatchCacheConfig.defaults().withBlockTimeout(Duration.ofMillis(300)));
        StoredObject o = await(store.create(PREFIX + "ns/a", bytes("v1")));
        awaitTrue(() -> cache.revision() >= o.modRevision());
        long future = o.modRevision() + 50;

        long started = System.nanoTime();
        StorageException e = failure(cache.list(ListRequest.all(PREFIX), ReadFreshness.notOlderThan(future)));
        assertThat((System.nanoTime() - started) / 1_000_000).isGreaterThanOrEqualTo(290);
        assertThat(e.reason()).isEqualTo(Reason.TOO_LARGE_RESOURCE_VERSION);
        assertThat(e.revision()).isEqualTo(o.modRevision());
        assertThat(e.getMessage()).isEqualTo("too large resource version: " + future + ", current: " + o.modRevision());

        assertThat(failure(cache.get(PREFIX + "ns/a", ReadFreshness.notOlderThan(future)))
                        .reason())
                .isEqualTo(Reason.TOO_LARGE_RESOURCE_VERSION);
        assertThat(WatchCacheConfig.defaults().blockTimeout()).isEqualTo(Duration.ofSeconds(3));
    }

    // ------------------------------------------------------------ past pages from the window

    @Test
    void exactReadsInsideTheWindowAreServedFromItEvenWhereTheStoreCompacted() {
        startCache(WatchCacheConfig.defaults());
        for (String n : List.of("a", "b", "c", "d")) {
            await(store.create(PREFIX + "ns/" + n, bytes(n + "1")));
        }
        ListPage first = await(cache.list(new ListRequest(PREFIX, 0, 2, null, null), ReadFreshness.consistent()));
        assertThat(first.items()).extracting(o -> str(o.value())).containsExactly("a1", "b1");
        assertThat(first.remainingItemCount()).isEqualTo(2L);

        await(store.update(PREFIX + "ns/c", 0, bytes("c2")));
        await(store.delete(PREFIX + "ns/d", 0));
        await(store.create(PREFIX + "ns/e", bytes("e1")));
        long now = await(store.currentRevision());
        awaitTrue(() -> cache.revision() >= now);
        await(store.compact(now)); // behind the cache's back: the store no longer has the first page's revision

        ListPage second = await(cache.list(
                new ListRequest(PREFIX, 0, 2, first.nextKey(), null), ReadFreshness.exact(first.revision())));
        assertThat(second.revision()).isEqualTo(first.revision());
        assertThat(second.items()).extracting(o -> str(o.value())).containsExactly("c1", "d1");
        assertThat(second.hasMore()).isFalse();
        assertThat(failure(store.list(new ListRequest(PREFIX, first.revision(), 0, null, null)))
                        .reason())
                .as("the store itself can no longer serve it")
                .isEqualTo(Reason.COMPACTED);

        ListPage latest = await(cache.list(ListRequest.all(PREFIX), ReadFreshness.any()));
        assertThat(latest.items()).extracting(o -> str(o.value())).containsExactly("a1", "b1", "c2", "e1");
    }

    // ------------------------------------------------------------ selectors

    @Test
    void attributeFiltersUseTheCachedAttributesAndTheSeedIndex() {
        AtomicInteger extracted = new AtomicInteger();
        Function<StoredObject, ObjectAttributes> extractor = o -> {
            extracted.incrementAndGet();
            return shootAttributes(o);
        };
        startCache(WatchCacheConfig.defaults().withAttributes(extractor, Set.of("spec.seedName")));
        for (int i = 0; i < 30; i++) {
            await(store.create(
                    PREFIX + String.format("garden-dev/s%02d", i),
                    bytes("seed-" + (i % 3) + "|" + (i % 2 == 0 ? "purpose=production" : "purpose=evaluation"))));
        }
        long now = await(store.currentRevision());
        awaitTrue(() -> cache.revision() >= now);
        assertThat(extracted).as("once per stored version").hasValue(30);

        AtomicInteger selected = new AtomicInteger();
        AttributeFilter onSeed1 = AttributeFilter.of(extractor, a -> {
                    selected.incrementAndGet();
                    return "seed-1".equals(a.fields().get("spec.seedName"))
                            && "production".equals(a.labels().get("purpose"));
                })
                .indexedBy("spec.seedName", "seed-1");

        ListPage page = await(cache.list(new ListRequest(PREFIX, 0, 0, null, onSeed1), ReadFreshness.any()));

        assertThat(page.items())
                .extracting(StoredObject::key)
                .containsExactly(
                        PREFIX + "garden-dev/s04",
                        PREFIX + "garden-dev/s10",
                        PREFIX + "garden-dev/s16",
                        PREFIX + "garden-dev/s22",
                        PREFIX + "garden-dev/s28");
        assertThat(selected).as("only the index's objects are looked at").hasValue(10);
        assertThat(extracted).as("no object decoded for the list").hasValue(30);

        // Moving a shoot to another seed moves it in the index.
        await(store.update(PREFIX + "garden-dev/s04", 0, bytes("seed-2|purpose=production")));
        long moved = await(store.currentRevision());
        awaitTrue(() -> cache.revision() >= moved);
        assertThat(await(cache.list(new ListRequest(PREFIX, 0, 2, null, onSeed1), ReadFreshness.any()))
                        .items())
                .extracting(StoredObject::key)
                .containsExactly(PREFIX + "garden-dev/s10", PREFIX + "garden-dev/s16");
    }

    /** The test's stand-in for the API layer's extractor: values are {@code <seed>|<label>=<value>}. */
    private static ObjectAttributes shootAttributes(StoredObject o) {
        String value = str(o.value());
        int bar = value.indexOf('|');
        int eq = value.indexOf('=', bar);
        return new ObjectAttributes(
                Map.of(value.substring(bar + 1, eq), value.substring(eq + 1)),
                Map.of("spec.seedName", value.substring(0, bar)));
    }

    // ------------------------------------------------------------ large values

    /** The server's CpuWork in small: past 64 KiB, on a worker thread, answering on the caller's context. */
    private static final WatchCacheConfig.AttributeWork OFF_THE_LOOP_WHEN_LARGE = (size, work) -> size > 64 * 1024
            ? vertx.executeBlocking(work, false)
            : WatchCacheConfig.AttributeWork.INLINE.run(size, work);

    private static String name(StoredObject o) {
        return o.key().substring(o.key().lastIndexOf('/') + 1);
    }

    /**
     * An extractor that records where it read each value ({@code "<name> on|off the loop"}) and, when asked to,
     * holds the read of the next large value until released.
     */
    private static final class WhereRead implements Function<StoredObject, ObjectAttributes> {
        final List<String> readOn = Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicBoolean holdNextLarge = new AtomicBoolean();
        private final Function<StoredObject, ObjectAttributes> attributes;

        WhereRead(Function<StoredObject, ObjectAttributes> attributes) {
            this.attributes = attributes;
        }

        @Override
        public ObjectAttributes apply(StoredObject o) {
            readOn.add(name(o) + (Context.isOnEventLoopThread() ? " on the loop" : " off the loop"));
            if (o.value().length > 64 * 1024 && holdNextLarge.compareAndSet(true, false)) {
                entered.countDown();
                try {
                    release.await(WAIT.toMillis() * 2, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return attributes.apply(o);
        }

        /** Waits until the held read has begun. */
        void awaitHeld() throws InterruptedException {
            assertThat(entered.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        }
    }

    private WatchCache startCacheReadingOffTheLoopWhenLarge(Function<StoredObject, ObjectAttributes> extractor) {
        return startCache(WatchCacheConfig.defaults()
                .withAttributes(extractor, Set.of())
                .withAttributeWork(OFF_THE_LOOP_WHEN_LARGE));
    }

    @Test
    void aLargeValuesAttributesAreReadOffTheCachesLoopAndTheEventsAfterItWaitInOrder() throws Exception {
        WhereRead extractor = new WhereRead(o -> new ObjectAttributes(Map.of("name", name(o)), Map.of()));
        extractor.holdNextLarge.set(true);
        startCacheReadingOffTheLoopWhenLarge(extractor);
        long start = await(store.currentRevision());
        RecordingWatchListener watcher = new RecordingWatchListener();
        try (WatchSubscription ignored = cache.watch(PREFIX, start, watcher)) {
            store.pause();
            StoredObject big = await(store.create(PREFIX + "ns/big", new byte[1_300_000]));
            StoredObject small1 = await(store.create(PREFIX + "ns/small1", bytes("1")));
            StoredObject small2 = await(store.update(PREFIX + "ns/small1", 0, bytes("2")));
            awaitTrue(() -> store.held() == 3);
            store.resume(); // the three events are on the cache's loop, in order, before what the test asks next
            try {
                extractor.awaitHeld();
                // the loop answers while the large value is read, and has applied nothing after it yet
                long[] window = await(cache.windowState());
                assertThat(window[1]).as("events applied").isZero();
                assertThat(cache.revision()).isLessThan(big.modRevision());
            } finally {
                extractor.release.countDown();
            }

            assertThat(watcher.nextEvents(3, WAIT))
                    .extracting(WatchEvent::revision)
                    .containsExactly(big.modRevision(), small1.modRevision(), small2.modRevision());
            assertThat(cache.revision()).isEqualTo(small2.modRevision());
        }
        assertThat(extractor.readOn).containsExactly("big off the loop", "small1 on the loop", "small1 on the loop");
        AttributeFilter named =
                AttributeFilter.of(extractor, a -> "big".equals(a.labels().get("name")));
        assertThat(await(cache.list(new ListRequest(PREFIX, 0, 0, null, named), ReadFreshness.any()))
                        .items())
                .extracting(StoredObject::key)
                .containsExactly(PREFIX + "ns/big");
    }

    @Test
    void aValueWhoseAttributesCannotBeReadIsCachedWithoutThemAndTheFeedGoesOn() {
        Function<StoredObject, ObjectAttributes> extractor = o -> {
            if (str(o.value()).startsWith("{")) {
                return new ObjectAttributes(Map.of("name", name(o)), Map.of());
            }
            throw new IllegalArgumentException("not JSON: " + name(o));
        };
        startCacheReadingOffTheLoopWhenLarge(extractor);
        long start = await(store.currentRevision());
        RecordingWatchListener watcher = new RecordingWatchListener();
        try (WatchSubscription ignored = cache.watch(PREFIX, start, watcher)) {
            StoredObject broken = await(store.create(PREFIX + "ns/broken", new byte[1 << 20]));
            StoredObject brokenSmall = await(store.create(PREFIX + "ns/broken-small", bytes("?")));
            StoredObject fine = await(store.create(PREFIX + "ns/fine", bytes("{}")));

            assertThat(watcher.nextEvents(3, WAIT))
                    .extracting(WatchEvent::revision)
                    .containsExactly(broken.modRevision(), brokenSmall.modRevision(), fine.modRevision());
            assertThat(cache.revision()).isEqualTo(fine.modRevision());
        }
        assertThat(await(cache.get(PREFIX + "ns/broken", ReadFreshness.any())).modRevision())
                .isEqualTo(await(store.get(PREFIX + "ns/broken")).modRevision());
        AttributeFilter named = AttributeFilter.of(extractor, a -> a.labels().containsKey("name"));
        assertThat(await(cache.list(new ListRequest(PREFIX, 0, 0, null, named), ReadFreshness.any()))
                        .items())
                .as("no selector matches an object without attributes")
                .extracting(StoredObject::key)
                .containsExactly(PREFIX + "ns/fine");
    }

    /** The term of a test value {@code <term>|<padding>}. */
    private static String term(StoredObject o) {
        String value = new String(o.value(), 0, Math.min(o.value().length, 8), StandardCharsets.UTF_8);
        return value.substring(0, value.indexOf('|'));
    }

    private static byte[] large(String term) {
        byte[] value = new byte[1_300_000];
        Arrays.fill(value, (byte) 'x');
        byte[] head = bytes(term + "|");
        System.arraycopy(head, 0, value, 0, head.length);
        return value;
    }

    /** What the index files under each of {@code terms} is what a scan of the cache's objects finds. */
    private void assertIndexMatchesTheObjects(TermIndex index, String... terms) {
        for (String t : terms) {
            assertThat(index.keys(List.of(t)))
                    .as("filed under " + t)
                    .containsExactlyElementsOf(cache.currentUnder(PREFIX).stream()
                            .filter(o -> term(o).equals(t))
                            .map(StoredObject::key)
                            .toList());
        }
    }

    @Test
    void aFollowingIndexGetsItsTermsFromTheOneAttributeReadOfEachChangeOffTheLoopWhenLarge() throws Exception {
        WhereRead extractor = new WhereRead(o -> new ObjectAttributes(Map.of(), Map.of(), Set.of(term(o))));
        List<String> readOn = extractor.readOn;
        await(store.create(PREFIX + "ns/listed", bytes("s0|")));
        startCacheReadingOffTheLoopWhenLarge(extractor);
        TermIndex index = new TermIndex();
        await(cache.follow(index));
        assertThat(readOn).as("following reads nothing again").containsExactly("listed on the loop");
        assertIndexMatchesTheObjects(index, "s0", "s1", "s2");
        assertThat(index.keys(List.of("s0"))).containsExactly(PREFIX + "ns/listed");

        // create: a large value's terms come with its attributes, read off the loop while the loop answers
        extractor.holdNextLarge.set(true);
        StoredObject big = await(store.create(PREFIX + "ns/big", large("s1")));
        try {
            extractor.awaitHeld();
            long[] window = await(cache.windowState());
            assertThat(window[1]).as("events applied meanwhile").isZero();
            assertThat(index.keys(List.of("s1")))
                    .as("nothing filed before the change is applied")
                    .isEmpty();
        } finally {
            extractor.release.countDown();
        }
        awaitTrue(() -> cache.revision() >= big.modRevision());
        assertIndexMatchesTheObjects(index, "s0", "s1", "s2");
        assertThat(index.keys(List.of("s1"))).containsExactly(PREFIX + "ns/big");

        // update of the indexed term: the key moves
        StoredObject moved = await(store.update(PREFIX + "ns/big", 0, large("s2")));
        awaitTrue(() -> cache.revision() >= moved.modRevision());
        assertIndexMatchesTheObjects(index, "s0", "s1", "s2");
        assertThat(index.keys(List.of("s2"))).containsExactly(PREFIX + "ns/big");

        // delete: the key leaves its terms; the cached attributes say which, nothing is read
        await(store.delete(PREFIX + "ns/listed", 0));
        long deleted = await(store.currentRevision());
        awaitTrue(() -> cache.revision() >= deleted);
        assertIndexMatchesTheObjects(index, "s0", "s1", "s2");
        assertThat(readOn)
                .as("each change read once, the large ones off the loop")
                .containsExactly("listed on the loop", "big off the loop", "big off the loop");

        // a broken feed (410): the cache lists again and the index is refilled from the new list's attributes
        store.pause();
        StoredObject c = await(store.create(PREFIX + "ns/c", bytes("s0|"))); // never reaches the broken feed
        store.breakWatches(StorageException.compacted(deleted, c.modRevision()));
        store.resume();
        awaitTrue(() -> cache.ready() && cache.revision() >= c.modRevision());
        assertIndexMatchesTheObjects(index, "s0", "s1", "s2");
        assertThat(index.keys(List.of("s0"))).containsExactly(PREFIX + "ns/c");
        assertThat(index.keys(List.of("s2"))).containsExactly(PREFIX + "ns/big");
        assertThat(readOn.subList(3, readOn.size()))
                .as("the list reads each object once")
                .containsExactlyInAnyOrder("big off the loop", "c on the loop");
    }

    // ------------------------------------------------------------ the revision at fill time

    @Test
    void aCacheFilledFromAnEmptyPrefixIsAtTheStoresRevisionAndFollowsItFromThere() {
        StoredObject other = await(store.create("/registry/core.gardener.cloud/seeds/s", bytes("seed")));
        startCache(WatchCacheConfig.defaults());
        long filledAt = cache.revision();
        assertThat(filledAt).isEqualTo(other.modRevision());
        assertThat(await(cache.list(ListRequest.all(PREFIX), ReadFreshness.any()))
                        .revision())
                .as("a list at resourceVersion=0")
                .isEqualTo(filledAt);

        RecordingWatchListener watcher = new RecordingWatchListener();
        try (WatchSubscription ignored = cache.watch(PREFIX, filledAt, watcher)) {
            StoredObject written = await(store.create(PREFIX + "ns/a", bytes("a")));
            assertThat(watcher.nextEvent(WAIT).revision()).isEqualTo(written.modRevision());
            awaitTrue(() -> cache.revision() == written.modRevision());
            assertThat(await(cache.get(PREFIX + "ns/a", ReadFreshness.any())).modRevision())
                    .isEqualTo(written.modRevision());
        }
    }

    @Test
    void aStoreNeverWrittenToIsAtRevisionOneSoACacheFilledFromItHasARevisionToWatchAfter() {
        startCache(WatchCacheConfig.defaults());
        assertThat(cache.revision()).isEqualTo(await(store.currentRevision())).isEqualTo(1);
        RecordingWatchListener watcher = new RecordingWatchListener();
        try (WatchSubscription ignored = cache.watch(PREFIX, cache.revision(), watcher)) {
            StoredObject first = await(store.create(PREFIX + "ns/a", bytes("a")));
            assertThat(first.modRevision()).isEqualTo(2);
            assertThat(watcher.nextEvent(WAIT).revision()).isEqualTo(first.modRevision());
        }
    }

    // ------------------------------------------------------------ watchers

    @Test
    void everyWatcherGetsTheSameEventAndTheCacheHoldsTheStoresBytesOnce() {
        startCache(WatchCacheConfig.defaults());
        await(store.create(PREFIX + "ns/first", bytes("v0"))); // a watch from revision 0 would mean "from now"
        long start = await(store.currentRevision());
        RecordingWatchListener one = new RecordingWatchListener();
        RecordingWatchListener two = new RecordingWatchListener();
        try (WatchSubscription a = cache.watch(PREFIX, start, one);
                WatchSubscription b = cache.watch(PREFIX + "ns/x", start, two)) {
            await(store.create(PREFIX + "ns/x", bytes("x1")));
            await(store.delete(PREFIX + "ns/x", 0));

            List<WatchEvent> first = one.nextEvents(2, WAIT);
            List<WatchEvent> second = two.nextEvents(2, WAIT);
            assertThat(second.get(0)).isSameAs(first.get(0));
            assertThat(second.get(1)).isSameAs(first.get(1));
            WatchEvent put = first.get(0);
            WatchEvent delete = first.get(1);
            // The delete carries the cache's own copy: the same bytes as the put, not a second copy from the store.
            assertThat(delete.previous()).isSameAs(put.object());
            assertThat(delete.object().value()).isSameAs(put.object().value());
            assertThat(delete.object().modRevision()).isGreaterThan(put.object().modRevision());
        }

        StoredObject y = await(store.create(PREFIX + "ns/y", bytes("y1")));
        awaitTrue(() -> cache.revision() >= y.modRevision());
        RecordingWatchListener late = new RecordingWatchListener();
        try (WatchSubscription c = cache.watch(PREFIX, start, late)) {
            WatchEvent replayedPut = late.nextEvents(3, WAIT).get(2);
            StoredObject cached = await(cache.get(PREFIX + "ns/y", ReadFreshness.any()));
            assertThat(cached)
                    .as("the object a get serves is the one the event carried")
                    .isSameAs(replayedPut.object());
        }
    }

    @Test
    void aWatcherThatFallsBehindIsTerminatedWithoutSlowingWritersOrOtherWatchers() throws Exception {
        startCache(WatchCacheConfig.defaults().withWatcherBuffer(5));
        long start = await(store.currentRevision());
        SlowListener slow = new SlowListener();
        ContextInternal worker = ((VertxInternal) vertx).createWorkerContext();
        CompletableFuture<WatchSubscription> slowWatch = new CompletableFuture<>();
        worker.runOnContext(v -> slowWatch.complete(cache.watch(PREFIX, start, slow)));
        RecordingWatchListener fast = new RecordingWatchListener();
        try (WatchSubscription s = slowWatch.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                WatchSubscription f = cache.watch(PREFIX, start, fast)) {
            awaitTrue(() -> await(cache.watcherCount()) == 2);

            List<Long> written = new ArrayList<>();
            written.add(await(store.create(PREFIX + "ns/s0", bytes("v"))).modRevision());
            // the slow listener has its turn and holds it: what follows it falls behind on
            assertThat(slow.stuck.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            assertThat(fast.nextEvent(WAIT).revision()).isEqualTo(written.get(0));
            for (int i = 1; i < 20; i++) {
                written.add(await(store.create(PREFIX + "ns/s" + i, bytes("v"))).modRevision());
                // the fast watcher is given each event before the next write: however busy the machine, it never
                // lags the 5 events that end the stuck one (this test is about the stuck one, not a race)
                assertThat(fast.nextEvent(WAIT).revision()).isEqualTo(written.get(i));
            }
            // Every write returned while the slow watcher's listener was stuck on its first event.
            awaitTrue(() -> await(cache.watcherCount()) == 1);

            slow.release.countDown();
            assertThat(slow.terminated.get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                    .isEqualTo("the watcher fell more than 5 events behind");
            assertThat(slow.events).as("the stuck first event only").hasValue(1);
            assertThat(slow.callsAfterEnd).hasValue(0);

            StoredObject after = await(store.create(PREFIX + "ns/after", bytes("v")));
            assertThat(fast.nextEvent(WAIT).revision()).isEqualTo(after.modRevision());
            assertThat(slow.callsAfterEnd).hasValue(0);
        } finally {
            slow.release.countDown();
        }
    }

    /**
     * A burst the cache applies before a watcher's delivery context runs is no sign of a slow watcher: here the watcher
     * shares the cache's context, so its drain is queued behind the whole burst (as on a connection whose event loop
     * is the cache's), and it gets every event.
     */
    @Test
    void aBurstLargerThanTheWatcherBufferDoesNotTerminateAWatcherBeforeItsTurn() {
        startCache(WatchCacheConfig.defaults().withWatcherBuffer(5));
        long start = await(store.currentRevision());
        RecordingWatchListener listener = new RecordingWatchListener();
        try (WatchSubscription ignored = cache.watch(PREFIX, start, listener)) {
            awaitTrue(() -> await(cache.watcherCount()) == 1);
            store.pause(); // the feed holds the writes back and hands them to the cache at once
            List<Long> written = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                written.add(await(store.create(PREFIX + "ns/b" + i, bytes("v"))).modRevision());
            }
            store.resume();

            assertThat(listener.nextEvents(20, WAIT))
                    .extracting(WatchEvent::revision)
                    .containsExactlyElementsOf(written);
            assertThat(await(cache.watcherCount())).isEqualTo(1);
        }
    }

    /** A listener whose first event blocks its (worker) thread until released. */
    private static final class SlowListener implements WatchListener {
        /** Released by the test; the bound only keeps a failed test from holding a worker thread for good. */
        final CountDownLatch release = new CountDownLatch(1);

        final CountDownLatch stuck = new CountDownLatch(1);
        final AtomicInteger events = new AtomicInteger();
        final AtomicInteger callsAfterEnd = new AtomicInteger();
        final CompletableFuture<String> terminated = new CompletableFuture<>();

        @Override
        public void onEvent(WatchEvent event) {
            count();
            if (events.incrementAndGet() == 1) {
                stuck.countDown();
                try {
                    release.await(5, TimeUnit.MINUTES);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public void onProgress(long revision) {
            count();
        }

        @Override
        public void onError(StorageException error) {
            count();
            terminated.completeExceptionally(error);
        }

        @Override
        public void onTerminated(String why) {
            count();
            terminated.complete(why);
        }

        private void count() {
            if (terminated.isDone()) {
                callsAfterEnd.incrementAndGet();
            }
        }
    }

    @Test
    void aWatchFromNowStartsAtTheStoresRevisionEvenWhereTheCacheHasNotSeenItYet() {
        startCache(WatchCacheConfig.defaults());
        store.pause(); // the cache's feed lags: it has not seen "before" when the watch starts
        await(store.create(PREFIX + "ns/before", bytes("v0")));
        RecordingWatchListener listener = new RecordingWatchListener();
        try (WatchSubscription ignored = cache.watch(PREFIX, 0, listener)) {
            awaitTrue(() -> await(cache.watcherCount()) == 1);
            store.resume();
            StoredObject after = await(store.create(PREFIX + "ns/after", bytes("v1")));

            WatchEvent first = listener.nextEvent(WAIT);
            assertThat(first.key()).isEqualTo(PREFIX + "ns/after");
            assertThat(first.revision()).isEqualTo(after.modRevision());
            listener.assertNoEvent(Duration.ofMillis(200));
        }
    }

    @Test
    void aWatchFromNowReportsNoProgressBeforeItKnowsWhereItStarts() {
        startCache(WatchCacheConfig.defaults());
        store.holdRevisionReads(); // the quorum read that fixes the watch's start is slow
        RecordingWatchListener listener = new RecordingWatchListener();
        try (WatchSubscription watch = cache.watch(PREFIX, 0, listener)) {
            watch.requestProgress();
            assertThat(listener.pollProgress(Duration.ofMillis(300)))
                    .as("progress before the start is known")
                    .isNull();
            store.releaseRevisionReads();
            Long progress = listener.pollProgress(WAIT);
            assertThat(progress).isNotNull();

            StoredObject after = await(store.create(PREFIX + "ns/after", bytes("v1")));
            assertThat(listener.nextEvent(WAIT).revision()).isEqualTo(after.modRevision());
        }
    }

    @Test
    void progressRequestsBecomeProgressAfterTheQueuedEvents() {
        startCache(WatchCacheConfig.defaults());
        await(store.create(PREFIX + "ns/first", bytes("v0"))); // a watch from revision 0 would mean "from now"
        StoredObject o = await(store.create(PREFIX + "ns/a", bytes("v1")));
        RecordingWatchListener listener = new RecordingWatchListener();
        try (WatchSubscription watch = cache.watch(PREFIX, o.modRevision() - 1, listener)) {
            watch.requestProgress();
            assertThat(listener.nextEvent(WAIT).revision()).isEqualTo(o.modRevision());
            Long progress = listener.pollProgress(WAIT);
            assertThat(progress).isNotNull().isGreaterThanOrEqualTo(o.modRevision());
        }
    }

    // ------------------------------------------------------------ restart of the feed

    @Test
    void whenTheFeedBreaksWatchersAreTerminatedAndTheCacheListsAgain() {
        startCache(WatchCacheConfig.defaults());
        StoredObject a1 = await(store.create(PREFIX + "ns/a", bytes("a1")));
        awaitTrue(() -> cache.revision() >= a1.modRevision());
        RecordingWatchListener watcher = new RecordingWatchListener();
        WatchSubscription watch = cache.watch(PREFIX, a1.modRevision(), watcher);

        store.pause();
        StoredObject b1 = await(store.create(PREFIX + "ns/b", bytes("b1"))); // never reaches the broken feed
        store.breakWatches(StorageException.compacted(a1.modRevision() + 1, b1.modRevision()));

        StorageException ended = watcher.awaitError(WAIT);
        assertThat(ended.reason())
                .as("onTerminated, as UNAVAILABLE for a plain listener")
                .isEqualTo(Reason.UNAVAILABLE);
        assertThat(ended.getMessage()).isEqualTo("the watch cache of " + PREFIX + " is re-listing");
        watch.close();
        store.resume();

        awaitTrue(() -> cache.ready() && cache.revision() >= b1.modRevision());
        assertThat(store.watchesOpened()).isEqualTo(2);
        assertThat(await(cache.list(ListRequest.all(PREFIX), ReadFreshness.any()))
                        .items())
                .extracting(o -> str(o.value()))
                .containsExactly("a1", "b1");

        // The client re-watches from the last revision it saw: before the new list, so it must re-list (410).
        RecordingWatchListener rewatch = new RecordingWatchListener();
        try (WatchSubscription ignored = cache.watch(PREFIX, a1.modRevision(), rewatch)) {
            assertThat(rewatch.awaitError(WAIT).reason()).isEqualTo(Reason.COMPACTED);
        }
        RecordingWatchListener fromList = new RecordingWatchListener();
        try (WatchSubscription ignored = cache.watch(PREFIX, cache.revision(), fromList)) {
            StoredObject c1 = await(store.create(PREFIX + "ns/c", bytes("c1")));
            assertThat(fromList.nextEvent(WAIT).revision()).isEqualTo(c1.modRevision());
        }
    }

    @Test
    void readsBeforeTheCacheIsReadyGoToTheStore() {
        store.pause(); // the cache lists, but no event reaches it
        cache = new WatchCache(vertx, store, PREFIX, WatchCacheConfig.defaults());
        assertThat(cache.ready()).isFalse();
        StoredObject a = await(store.create(PREFIX + "ns/a", bytes("a1")));
        assertThat(await(cache.get(PREFIX + "ns/a", ReadFreshness.consistent())).modRevision())
                .isEqualTo(a.modRevision());
        await(cache.start());
        store.resume();
    }

    // ------------------------------------------------------------ helpers

    private static void awaitTrue(BooleanSupplier condition) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within " + WAIT);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    private static <T> CompletableFuture<T> cf(Future<T> f) {
        return f.toCompletionStage().toCompletableFuture();
    }

    private static <T> T await(Future<T> future) {
        try {
            return cf(future).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new AssertionError(e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError("no answer within " + WAIT, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static StorageException failure(Future<?> future) {
        try {
            Object value = cf(future).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            throw new AssertionError("expected a failure, got " + value);
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(StorageException.class);
            return (StorageException) e.getCause();
        } catch (TimeoutException e) {
            throw new AssertionError("no answer within " + WAIT, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String str(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}

package cloud.gardener.apiserver.storage.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.RangeRevisions;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StorageException.Reason;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchSubscription;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The storage contract (DESIGN.md, "Storage contract") as one suite. Every backend runs it unchanged by
 * subclassing and saying how to build a store and where to write:
 *
 * <pre>{@code
 * class MyStorageContractTest extends StorageContractTest {
 *     protected Storage newStorage(Vertx vertx) { ... }
 *     protected String newPrefix() { ... }
 * }
 * }</pre>
 *
 * Tests write only under their own prefix, so backends may share one server across the class. The
 * compaction test compacts the whole store up to its current revision; other tests only read at
 * revisions they wrote themselves, so test order does not matter.
 */
public abstract class StorageContractTest {

    /** Upper bound of every wait in this suite. */
    protected static final Duration WAIT = Duration.ofSeconds(10);
    /**
     * How long a watch must stay quiet once a twin watch has been given the writes it must not have: a delivery on
     * its way would be this close behind the twin's.
     */
    private static final Duration QUIET = Duration.ofMillis(50);

    private static Vertx vertx;

    protected Storage storage;
    protected String prefix;

    /** A new store for one test; it is closed after the test. */
    protected abstract Storage newStorage(Vertx vertx);

    /** A key prefix (ending in {@code /}) that no other test writes under. */
    protected abstract String newPrefix();

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stopVertx() throws Exception {
        if (vertx != null) {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    @BeforeEach
    void openStorage() {
        storage = newStorage(vertx);
        prefix = newPrefix();
        assertThat(prefix).endsWith("/");
    }

    @AfterEach
    void closeStorage() {
        if (storage != null) {
            storage.close();
        }
    }

    protected static Vertx vertx() {
        return vertx;
    }

    // ------------------------------------------------------------ create / get

    @Test
    void createReturnsRevisionsThatGetReadsBack() {
        long before = await(storage.currentRevision());
        StoredObject created = await(storage.create(prefix + "a", bytes("v1")));

        assertThat(created.key()).isEqualTo(prefix + "a");
        assertThat(created.modRevision()).isGreaterThan(before);
        assertThat(created.createRevision()).isEqualTo(created.modRevision());
        assertThat(await(storage.currentRevision())).isEqualTo(created.modRevision());

        StoredObject read = await(storage.get(prefix + "a"));
        assertThat(str(read.value())).isEqualTo("v1");
        assertThat(read.modRevision()).isEqualTo(created.modRevision());
        assertThat(read.createRevision()).isEqualTo(created.createRevision());
    }

    @Test
    void createOfExistingKeyFailsWithKeyExistsAndWritesNothing() {
        StoredObject first = await(storage.create(prefix + "a", bytes("v1")));

        StorageException e = failure(storage.create(prefix + "a", bytes("v2")));

        assertThat(e.reason()).isEqualTo(Reason.KEY_EXISTS);
        assertThat(e.key()).isEqualTo(prefix + "a");
        StoredObject read = await(storage.get(prefix + "a"));
        assertThat(str(read.value())).isEqualTo("v1");
        assertThat(read.modRevision()).isEqualTo(first.modRevision());
    }

    @Test
    void getOfMissingKeyIsNotFound() {
        StorageException e = failure(storage.get(prefix + "missing"));
        assertThat(e.reason()).isEqualTo(Reason.NOT_FOUND);
        assertThat(e.key()).isEqualTo(prefix + "missing");
    }

    @Test
    void modRevisionIsTheRevisionAGetReadsAndNotFoundForAMissingKey() {
        await(storage.create(prefix + "a", bytes("v1")));
        StoredObject updated = await(storage.update(prefix + "a", 0, bytes("v2")));

        assertThat(await(storage.modRevision(prefix + "a"))).isEqualTo(updated.modRevision());
        assertThat(await(storage.get(prefix + "a")).modRevision()).isEqualTo(updated.modRevision());
        assertThat(failure(storage.modRevision(prefix + "missing")).reason()).isEqualTo(Reason.NOT_FOUND);
    }

    @Test
    void rangeRevisionsAreTheKeysAndRevisionsAListOfThePrefixReads() {
        StoredObject b = await(storage.create(prefix + "ns/b", bytes("b")));
        StoredObject a = await(storage.create(prefix + "ns/a", bytes("a")));
        await(storage.create(prefix + "nsx/c", bytes("not under ns/")));
        StoredObject updated = await(storage.update(a.key(), 0, bytes("a2")));

        RangeRevisions range = await(storage.rangeRevisions(prefix + "ns/"));
        ListPage list = await(storage.list(ListRequest.all(prefix + "ns/")));
        assertThat(range.size()).isEqualTo(2);
        assertThat(List.of(range.key(0), range.key(1))).containsExactly(a.key(), b.key());
        assertThat(List.of(range.modRevision(0), range.modRevision(1)))
                .containsExactly(updated.modRevision(), b.modRevision());
        assertThat(list.items())
                .extracting(StoredObject::key, StoredObject::modRevision)
                .containsExactly(tuple(a.key(), updated.modRevision()), tuple(b.key(), b.modRevision()));
        assertThat(range.revision()).isEqualTo(await(storage.currentRevision()));
        assertThat(await(storage.rangeRevisions(prefix + "none/")).size()).isZero();
    }

    @Test
    void whatAReadAnswersIsReadAlike() {
        StoredObject created = await(storage.create(prefix + "a", bytes("v1")));

        assertThat(storage.readsAlike(await(storage.get(prefix + "a")))).isTrue();
        assertThat(storage.readsAlike(
                        await(storage.list(ListRequest.all(prefix))).items().get(0)))
                .isTrue();
        assertThat(storage.readsAlike(created)).isTrue();
    }

    // ------------------------------------------------------------ request size

    /** etcd's default --max-request-bytes is 1.5 MiB; a write over it is refused whole (a 2.1 MB ShootState). */
    @Test
    void writesOverTheRequestLimitAreRequestTooLargeAndWriteNothing() {
        byte[] big = new byte[1536 * 1024 + 1];
        java.util.Arrays.fill(big, (byte) 'x');
        StorageException created = failure(storage.create(prefix + "big", big));
        assertThat(created.reason()).isEqualTo(Reason.REQUEST_TOO_LARGE);
        assertThat(created.getMessage()).isEqualTo("etcdserver: request is too large");
        assertThat(failure(storage.get(prefix + "big")).reason()).isEqualTo(Reason.NOT_FOUND);

        StoredObject small = await(storage.create(prefix + "a", bytes("v1")));
        assertThat(failure(storage.update(prefix + "a", small.modRevision(), big))
                        .reason())
                .isEqualTo(Reason.REQUEST_TOO_LARGE);
        assertThat(failure(storage.guaranteedUpdate(prefix + "a", cur -> Future.succeededFuture(big), 3))
                        .reason())
                .isEqualTo(Reason.REQUEST_TOO_LARGE);
        StoredObject read = await(storage.get(prefix + "a"));
        assertThat(str(read.value())).isEqualTo("v1");
        assertThat(read.modRevision()).isEqualTo(small.modRevision());

        // a megabyte is well within the limit
        byte[] mega = new byte[1024 * 1024];
        java.util.Arrays.fill(mega, (byte) 'y');
        assertThat(await(storage.update(prefix + "a", small.modRevision(), mega))
                        .value())
                .hasSize(mega.length);
    }

    // ------------------------------------------------------------ update

    @Test
    void updateAtTheCurrentRevisionWrites() {
        StoredObject v1 = await(storage.create(prefix + "a", bytes("v1")));

        StoredObject v2 = await(storage.update(prefix + "a", v1.modRevision(), bytes("v2")));

        assertThat(v2.modRevision()).isGreaterThan(v1.modRevision());
        assertThat(v2.createRevision()).isEqualTo(v1.createRevision());
        assertThat(str(v2.value())).isEqualTo("v2");
        StoredObject read = await(storage.get(prefix + "a"));
        assertThat(str(read.value())).isEqualTo("v2");
        assertThat(read.modRevision()).isEqualTo(v2.modRevision());
        assertThat(read.createRevision()).isEqualTo(v1.createRevision());
    }

    @Test
    void updateAtAStaleRevisionConflictsAndCarriesTheCurrentObject() {
        StoredObject v1 = await(storage.create(prefix + "a", bytes("v1")));
        StoredObject v2 = await(storage.update(prefix + "a", v1.modRevision(), bytes("v2")));

        StorageException e = failure(storage.update(prefix + "a", v1.modRevision(), bytes("v3")));

        assertThat(e.reason()).isEqualTo(Reason.CONFLICT);
        assertThat(e.revision()).isEqualTo(v2.modRevision());
        assertThat(e.current()).isNotNull();
        assertThat(str(e.current().value())).isEqualTo("v2");
        assertThat(e.current().modRevision()).isEqualTo(v2.modRevision());
        assertThat(str(await(storage.get(prefix + "a")).value())).isEqualTo("v2");
    }

    @Test
    void anUpdateOfAReadObjectWritesOnItsRevisionAndKeepsItsCreateRevision() {
        StoredObject v1 = await(storage.create(prefix + "a", bytes("v1")));
        await(storage.update(prefix + "a", v1.modRevision(), bytes("v2")));
        StoredObject read = await(storage.get(prefix + "a"));

        StoredObject v3 = await(storage.update(read, bytes("v3")));

        assertThat(v3.modRevision()).isGreaterThan(read.modRevision());
        assertThat(v3.createRevision()).isEqualTo(v1.createRevision());
        StoredObject after = await(storage.get(prefix + "a"));
        assertThat(str(after.value())).isEqualTo("v3");
        assertThat(after.createRevision()).isEqualTo(v1.createRevision());
        StorageException stale = failure(storage.update(read, bytes("v4")));
        assertThat(stale.reason()).isEqualTo(Reason.CONFLICT);
        assertThat(str(stale.current().value())).isEqualTo("v3");
    }

    @Test
    void anUpdateOfAReadObjectNeverWritesTheKeyCreatedAgainAfterIt() {
        StoredObject old = await(storage.create(prefix + "a", bytes("old")));
        await(storage.delete(prefix + "a", old.modRevision()));

        assertThat(failure(storage.update(old, bytes("x"))).reason()).isEqualTo(Reason.NOT_FOUND);
        StoredObject again = await(storage.create(prefix + "a", bytes("again")));
        assertThat(failure(storage.update(old, bytes("x"))).reason()).isEqualTo(Reason.CONFLICT);

        StoredObject updated = await(storage.update(again, bytes("updated")));
        assertThat(updated.createRevision()).isEqualTo(again.createRevision());
        assertThat(str(await(storage.get(prefix + "a")).value())).isEqualTo("updated");
    }

    @Test
    void unconditionalUpdateWritesAnExistingKey() {
        StoredObject v1 = await(storage.create(prefix + "a", bytes("v1")));
        await(storage.update(prefix + "a", v1.modRevision(), bytes("v2")));

        StoredObject v3 = await(storage.update(prefix + "a", 0, bytes("v3")));

        assertThat(str(v3.value())).isEqualTo("v3");
        assertThat(v3.createRevision()).isEqualTo(v1.createRevision());
        assertThat(await(storage.get(prefix + "a")).modRevision()).isEqualTo(v3.modRevision());
    }

    @Test
    void updateOfMissingKeyIsNotFoundWithOrWithoutRevision() {
        long before = await(storage.currentRevision());

        assertThat(failure(storage.update(prefix + "missing", 0, bytes("x"))).reason())
                .isEqualTo(Reason.NOT_FOUND);
        assertThat(failure(storage.update(prefix + "missing", before, bytes("x")))
                        .reason())
                .isEqualTo(Reason.NOT_FOUND);
        assertThat(failure(storage.get(prefix + "missing")).reason()).isEqualTo(Reason.NOT_FOUND);
    }

    // ------------------------------------------------------------ delete

    @Test
    void deleteAtTheCurrentRevisionReturnsTheLastValueAtTheDeleteRevision() {
        StoredObject v1 = await(storage.create(prefix + "a", bytes("v1")));
        StoredObject v2 = await(storage.update(prefix + "a", v1.modRevision(), bytes("v2")));

        StoredObject deleted = await(storage.delete(prefix + "a", v2.modRevision()));

        assertThat(str(deleted.value())).isEqualTo("v2");
        assertThat(deleted.modRevision()).isGreaterThan(v2.modRevision());
        assertThat(deleted.createRevision()).isEqualTo(v1.createRevision());
        assertThat(await(storage.currentRevision())).isEqualTo(deleted.modRevision());
        assertThat(failure(storage.get(prefix + "a")).reason()).isEqualTo(Reason.NOT_FOUND);
    }

    @Test
    void deleteAtAStaleRevisionConflictsAndKeepsTheKey() {
        StoredObject v1 = await(storage.create(prefix + "a", bytes("v1")));
        StoredObject v2 = await(storage.update(prefix + "a", v1.modRevision(), bytes("v2")));

        StorageException e = failure(storage.delete(prefix + "a", v1.modRevision()));

        assertThat(e.reason()).isEqualTo(Reason.CONFLICT);
        assertThat(e.current()).isNotNull();
        assertThat(e.current().modRevision()).isEqualTo(v2.modRevision());
        assertThat(str(e.current().value())).isEqualTo("v2");
        assertThat(await(storage.get(prefix + "a")).modRevision()).isEqualTo(v2.modRevision());
    }

    @Test
    void unconditionalDeleteRemovesTheKey() {
        StoredObject v1 = await(storage.create(prefix + "a", bytes("v1")));

        StoredObject deleted = await(storage.delete(prefix + "a", 0));

        assertThat(str(deleted.value())).isEqualTo("v1");
        assertThat(deleted.modRevision()).isGreaterThan(v1.modRevision());
        assertThat(failure(storage.get(prefix + "a")).reason()).isEqualTo(Reason.NOT_FOUND);
    }

    @Test
    void deleteOfMissingKeyIsNotFoundWithOrWithoutRevision() {
        StoredObject v1 = await(storage.create(prefix + "a", bytes("v1")));
        await(storage.delete(prefix + "a", 0));

        assertThat(failure(storage.delete(prefix + "a", 0)).reason()).isEqualTo(Reason.NOT_FOUND);
        assertThat(failure(storage.delete(prefix + "a", v1.modRevision())).reason())
                .isEqualTo(Reason.NOT_FOUND);
        assertThat(failure(storage.delete(prefix + "never", 0)).reason()).isEqualTo(Reason.NOT_FOUND);
    }

    // ------------------------------------------------------------ list

    @Test
    void listReturnsKeysInOrderAndOnlyUnderThePrefix() {
        for (String name : List.of("c", "a", "b")) {
            await(storage.create(prefix + "p/" + name, bytes(name)));
        }
        await(storage.create(prefix + "pp/x", bytes("sibling")));
        await(storage.create(prefix + "p", bytes("the prefix without slash")));
        long current = await(storage.currentRevision());

        ListPage page = await(storage.list(ListRequest.all(prefix + "p/")));

        assertThat(keys(page)).containsExactly(prefix + "p/a", prefix + "p/b", prefix + "p/c");
        assertThat(page.items()).extracting(o -> str(o.value())).containsExactly("a", "b", "c");
        assertThat(page.revision()).isEqualTo(current);
        assertThat(page.hasMore()).isFalse();
        assertThat(page.nextKey()).isNull();
        assertThat(await(storage.list(ListRequest.all(prefix + "none/"))).items())
                .isEmpty();
    }

    @Test
    void pagesAfterTheFirstShowItsSnapshotWhileWritesGoOn() throws Exception {
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String key = prefix + String.format("k%02d", i);
            await(storage.create(key, bytes("v0")));
            created.add(key);
        }
        ListPage first = await(storage.list(new ListRequest(prefix, 0, 4, null, null)));
        assertThat(first.items()).hasSize(4);
        assertThat(first.remainingItemCount()).isEqualTo(6L);
        assertThat(first.hasMore()).isTrue();
        long snapshot = first.revision();

        // Writers change every key, delete some, add new ones while the remaining pages are read.
        ExecutorService writers = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Void> updates = CompletableFuture.runAsync(
                    () -> {
                        for (int round = 0; round < 3; round++) {
                            for (String key : created.subList(4, 9)) {
                                await(storage.update(key, 0, bytes("changed" + round)));
                            }
                        }
                    },
                    writers);
            CompletableFuture<Void> churn = CompletableFuture.runAsync(
                    () -> {
                        await(storage.delete(created.get(9), 0));
                        await(storage.create(prefix + "k05a", bytes("new")));
                        await(storage.create(prefix + "zz", bytes("new")));
                    },
                    writers);

            List<StoredObject> seen = new ArrayList<>(first.items());
            ListPage page = first;
            List<Long> remaining = new ArrayList<>();
            while (page.hasMore()) {
                page = await(storage.list(new ListRequest(prefix, snapshot, 4, page.nextKey(), null)));
                assertThat(page.revision()).isEqualTo(snapshot);
                remaining.add(page.remainingItemCount());
                seen.addAll(page.items());
            }
            updates.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            churn.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

            assertThat(seen).extracting(StoredObject::key).containsExactlyElementsOf(created);
            assertThat(seen).extracting(o -> str(o.value())).containsOnly("v0");
            assertThat(remaining).containsExactly(2L, null);
        } finally {
            writers.shutdownNow();
        }
        // The latest list sees the writes.
        ListPage latest = await(storage.list(ListRequest.all(prefix)));
        assertThat(keys(latest)).contains(prefix + "k05a", prefix + "zz").doesNotContain(created.get(9));
        assertThat(latest.revision()).isGreaterThan(snapshot);
    }

    @Test
    void aFilteredListFillsEveryPageButTheLast() {
        for (int i = 0; i < 20; i++) {
            await(storage.create(prefix + String.format("k%02d", i), bytes(i % 2 == 0 ? "even" : "odd")));
        }
        ListRequest base =
                new ListRequest(prefix, 0, 3, null, o -> str(o.value()).equals("even"));

        List<List<String>> pages = new ArrayList<>();
        ListPage page = await(storage.list(base));
        long revision = page.revision();
        pages.add(names(page));
        assertThat(page.remainingItemCount()).isNull();
        while (page.hasMore()) {
            page = await(storage.list(new ListRequest(prefix, revision, 3, page.nextKey(), base.filter())));
            assertThat(page.remainingItemCount()).isNull();
            assertThat(page.revision()).isEqualTo(revision);
            pages.add(names(page));
        }

        assertThat(pages)
                .containsExactly(
                        List.of("k00", "k02", "k04"),
                        List.of("k06", "k08", "k10"),
                        List.of("k12", "k14", "k16"),
                        List.of("k18"));
    }

    @Test
    void aFilteredListWithoutLimitReturnsEveryMatch() {
        for (int i = 0; i < 7; i++) {
            await(storage.create(prefix + "k" + i, bytes(i < 3 ? "keep" : "drop")));
        }
        ListPage page = await(storage.list(
                new ListRequest(prefix, 0, 0, null, o -> str(o.value()).equals("keep"))));

        assertThat(names(page)).containsExactly("k0", "k1", "k2");
        assertThat(page.hasMore()).isFalse();
        assertThat(page.remainingItemCount()).isNull();
    }

    @Test
    void listAtAnOldRevisionShowsThatRevision() {
        StoredObject a1 = await(storage.create(prefix + "a", bytes("a1")));
        await(storage.create(prefix + "b", bytes("b1")));
        long old = await(storage.currentRevision());
        await(storage.update(prefix + "a", a1.modRevision(), bytes("a2")));
        await(storage.delete(prefix + "b", 0));
        await(storage.create(prefix + "c", bytes("c1")));

        ListPage then = await(storage.list(new ListRequest(prefix, old, 0, null, null)));
        ListPage now = await(storage.list(ListRequest.all(prefix)));

        assertThat(then.revision()).isEqualTo(old);
        assertThat(names(then)).containsExactly("a", "b");
        assertThat(then.items()).extracting(o -> str(o.value())).containsExactly("a1", "b1");
        assertThat(then.items().get(0).modRevision()).isEqualTo(a1.modRevision());
        assertThat(names(now)).containsExactly("a", "c");
        assertThat(now.items()).extracting(o -> str(o.value())).containsExactly("a2", "c1");
    }

    @Test
    void listAtAFutureRevisionIsTooLargeAndNamesTheCurrentRevision() {
        await(storage.create(prefix + "a", bytes("a")));
        long current = await(storage.currentRevision());

        StorageException e = failure(storage.list(new ListRequest(prefix, current + 1000, 0, null, null)));

        assertThat(e.reason()).isEqualTo(Reason.TOO_LARGE_RESOURCE_VERSION);
        assertThat(e.revision()).isGreaterThanOrEqualTo(current).isLessThan(current + 1000);
    }

    // ------------------------------------------------------------ watch

    @Test
    void aWatchFromNowSeesOnlyLaterChanges() {
        await(storage.create(prefix + "before", bytes("x")));
        RecordingWatchListener listener = new RecordingWatchListener();
        try (WatchSubscription watch = storage.watch(prefix, 0, listener)) {
            awaitEstablished(watch, listener);

            StoredObject after = await(storage.create(prefix + "after", bytes("y")));

            WatchEvent event = listener.nextEvent(WAIT);
            assertThat(event.type()).isEqualTo(WatchEvent.Type.PUT);
            assertThat(event.key()).isEqualTo(prefix + "after");
            assertThat(event.revision()).isEqualTo(after.modRevision());
            assertThat(event.previous()).isNull();
            assertNothingBefore(listener, await(storage.create(prefix + "marker", bytes("m"))));
        }
    }

    @Test
    void aWatchFromARevisionReplaysLaterHistoryWithPreviousValues() {
        StoredObject v1 = await(storage.create(prefix + "a", bytes("v1")));
        StoredObject v2 = await(storage.update(prefix + "a", v1.modRevision(), bytes("v2")));
        StoredObject gone = await(storage.delete(prefix + "a", v2.modRevision()));
        StoredObject again = await(storage.create(prefix + "a", bytes("v3")));

        RecordingWatchListener listener = new RecordingWatchListener();
        WatchSubscription watch = storage.watch(prefix, v1.modRevision(), listener);
        try (watch) {
            List<WatchEvent> events = listener.nextEvents(3, WAIT);

            WatchEvent update = events.get(0);
            assertThat(update.type()).isEqualTo(WatchEvent.Type.PUT);
            assertThat(str(update.object().value())).isEqualTo("v2");
            assertThat(update.object().modRevision()).isEqualTo(v2.modRevision());
            assertThat(update.object().createRevision()).isEqualTo(v1.createRevision());
            assertThat(update.previous()).isNotNull();
            assertThat(str(update.previous().value())).isEqualTo("v1");
            assertThat(update.previous().modRevision()).isEqualTo(v1.modRevision());

            WatchEvent delete = events.get(1);
            assertThat(delete.type()).isEqualTo(WatchEvent.Type.DELETE);
            assertThat(delete.key()).isEqualTo(prefix + "a");
            assertThat(str(delete.object().value())).isEqualTo("v2");
            assertThat(delete.object().modRevision()).isEqualTo(gone.modRevision());
            assertThat(delete.revision()).isEqualTo(gone.modRevision());
            assertThat(delete.previous()).isNotNull();
            assertThat(str(delete.previous().value())).isEqualTo("v2");
            assertThat(delete.previous().modRevision()).isEqualTo(v2.modRevision());

            WatchEvent recreate = events.get(2);
            assertThat(recreate.type()).isEqualTo(WatchEvent.Type.PUT);
            assertThat(recreate.revision()).isEqualTo(again.modRevision());
            assertThat(recreate.object().createRevision()).isEqualTo(again.modRevision());
            assertThat(recreate.previous()).isNull();
        }
    }

    @Test
    void aWatchOfOneKeyIgnoresKeysThatStartWithIt() {
        StoredObject base = await(storage.create(prefix + "other", bytes("x")));
        RecordingWatchListener listener = new RecordingWatchListener();
        WatchSubscription watch = storage.watch(prefix + "a", base.modRevision(), listener);
        try (watch) {
            await(storage.create(prefix + "ab", bytes("1")));
            await(storage.create(prefix + "a/x", bytes("2")));
            StoredObject a = await(storage.create(prefix + "a", bytes("3")));
            await(storage.create(prefix + "b", bytes("4")));

            WatchEvent event = listener.nextEvent(WAIT);
            assertThat(event.key()).isEqualTo(prefix + "a");
            assertThat(event.revision()).isEqualTo(a.modRevision());
            assertNothingBefore(listener, await(storage.update(prefix + "a", 0, bytes("m"))));
        }
    }

    @Test
    void aWatchOfAPrefixIgnoresASiblingPrefix() {
        StoredObject base = await(storage.create(prefix + "other", bytes("x")));
        RecordingWatchListener listener = new RecordingWatchListener();
        WatchSubscription watch = storage.watch(prefix + "shoots/", base.modRevision(), listener);
        try (watch) {
            await(storage.create(prefix + "shootsx/a", bytes("sibling")));
            await(storage.create(prefix + "shoots", bytes("bare")));
            StoredObject inside = await(storage.create(prefix + "shoots/ns/a", bytes("in")));

            WatchEvent event = listener.nextEvent(WAIT);
            assertThat(event.key()).isEqualTo(prefix + "shoots/ns/a");
            assertThat(event.revision()).isEqualTo(inside.modRevision());
            assertNothingBefore(listener, await(storage.create(prefix + "shoots/ns/marker", bytes("m"))));
        }
    }

    @Test
    void aWatchDeliversConcurrentWritesInOrderWithoutGaps() throws Exception {
        long start = await(storage.currentRevision());
        RecordingWatchListener listener = new RecordingWatchListener();
        Set<Long> written = ConcurrentHashMap.newKeySet();
        int threads = 8;
        int perThread = 15;
        WatchSubscription watch = storage.watch(prefix, start, listener);
        try (watch) {
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<CompletableFuture<Void>> all = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    String key = prefix + "t" + t;
                    all.add(CompletableFuture.runAsync(
                            () -> {
                                for (int i = 0; i < perThread; i++) {
                                    StoredObject o = i == 0
                                            ? await(storage.create(key, bytes("0")))
                                            : i == perThread - 1
                                                    ? await(storage.delete(key, 0))
                                                    : await(storage.update(key, 0, bytes(Integer.toString(i))));
                                    written.add(o.modRevision());
                                }
                            },
                            pool));
                }
                CompletableFuture.allOf(all.toArray(CompletableFuture[]::new))
                        .get(WAIT.toSeconds() * 3, TimeUnit.SECONDS);
            } finally {
                pool.shutdownNow();
            }

            List<WatchEvent> events = listener.nextEvents(threads * perThread, WAIT);
            List<Long> revisions = events.stream().map(WatchEvent::revision).toList();
            assertThat(revisions).isSorted().doesNotHaveDuplicates();
            assertThat(new TreeSet<>(revisions)).isEqualTo(new TreeSet<>(written));
            assertThat(events.stream()
                            .filter(e -> e.type() == WatchEvent.Type.DELETE)
                            .count())
                    .isEqualTo(threads);
            assertNothingBefore(listener, await(storage.create(prefix + "marker", bytes("m"))));
        }
    }

    @Test
    void aWatchReportsProgress() {
        StoredObject last = await(storage.create(prefix + "a", bytes("x")));
        RecordingWatchListener listener = new RecordingWatchListener();
        try (WatchSubscription watch = storage.watch(prefix, last.modRevision(), listener)) {
            long progress = awaitEstablished(watch, listener);
            assertThat(progress).isGreaterThanOrEqualTo(last.modRevision());
        }
        assertThat(listener.failed()).isFalse();
    }

    @Test
    void aClosedWatchDeliversNothingMore() {
        long start = await(storage.currentRevision());
        RecordingWatchListener listener = new RecordingWatchListener();
        WatchSubscription watch = storage.watch(prefix, start, listener);
        // a twin of the watch, left open: once it has the writes after the close, the closed one would have had them
        // too, so a short quiet spell after that shows they were not delivered rather than not delivered yet
        RecordingWatchListener twin = new RecordingWatchListener();
        WatchSubscription open = storage.watch(prefix, start, twin);
        try (open) {
            await(storage.create(prefix + "a", bytes("1")));
            assertThat(listener.nextEvent(WAIT).key()).isEqualTo(prefix + "a");

            watch.close();
            StoredObject b = await(storage.create(prefix + "b", bytes("2")));
            StoredObject a = await(storage.update(prefix + "a", 0, bytes("3")));
            assertThat(twin.nextEvent(WAIT).key()).isEqualTo(prefix + "a");
            assertThat(twin.nextEvent(WAIT).revision()).isEqualTo(b.modRevision());
            assertThat(twin.nextEvent(WAIT).revision()).isEqualTo(a.modRevision());

            listener.assertNoEvent(QUIET);
            assertThat(listener.failed()).isFalse();
        }
        watch.requestProgress(); // harmless after close
        watch.close(); // idempotent
    }

    // ------------------------------------------------------------ compaction

    @Test
    void compactionExpiresOldListsAndWatches() {
        StoredObject v1 = await(storage.create(prefix + "a", bytes("v1")));
        long old = v1.modRevision();
        StoredObject v3;
        RecordingWatchListener caughtUp = new RecordingWatchListener();
        WatchSubscription watching = storage.watch(prefix, old, caughtUp);
        try (watching) {
            await(storage.update(prefix + "a", 0, bytes("v2")));
            v3 = await(storage.update(prefix + "a", 0, bytes("v3")));
            // Compact only once watches have seen v3: etcd cancels a watch still catching up at a compacted revision
            // (a watch cache in front of it would re-list, as kube-apiserver's cacher does), which is not this case.
            while (caughtUp.nextEvent(WAIT).revision() < v3.modRevision()) {
                // the events before v3
            }
        }
        long compactAt = await(storage.currentRevision());

        await(storage.compact(compactAt));

        StorageException listError = failure(storage.list(new ListRequest(prefix, old, 0, null, null)));
        assertThat(listError.reason()).isEqualTo(Reason.COMPACTED);
        assertThat(listError.revision()).isEqualTo(compactAt);

        RecordingWatchListener listener = new RecordingWatchListener();
        WatchSubscription expired = storage.watch(prefix, old, listener);
        try (expired) {
            StorageException watchError = listener.awaitError(WAIT);
            assertThat(watchError.reason()).isEqualTo(Reason.COMPACTED);
            assertThat(watchError.revision()).isEqualTo(compactAt);

            // History from the compacted revision on is still there.
            ListPage atCompaction = await(storage.list(new ListRequest(prefix, compactAt, 0, null, null)));
            assertThat(atCompaction.items()).extracting(o -> str(o.value())).containsExactly("v3");
            assertThat(atCompaction.items().get(0).modRevision()).isEqualTo(v3.modRevision());
            RecordingWatchListener fresh = new RecordingWatchListener();
            WatchSubscription fromCompaction = storage.watch(prefix, compactAt, fresh);
            try (fromCompaction) {
                StoredObject v4 = await(storage.update(prefix + "a", 0, bytes("v4")));
                assertThat(fresh.nextEvent(WAIT).revision()).isEqualTo(v4.modRevision());
            }
            // the write the fresh watch was given was not given to the expired one, nor anything else after its error
            listener.assertNoEvent(QUIET);
            assertThat(listener.callsAfterError()).isZero();
        }
    }

    // ------------------------------------------------------------ guaranteed update

    @Test
    void aGuaranteedUpdateThatChangesNothingWritesNothing() {
        StoredObject v1 = await(storage.create(prefix + "a", bytes("same")));
        long before = await(storage.currentRevision());

        StoredObject result =
                await(storage.guaranteedUpdate(prefix + "a", current -> Future.succeededFuture(bytes("same")), 5));

        assertThat(result.modRevision()).isEqualTo(v1.modRevision());
        assertThat(str(result.value())).isEqualTo("same");
        assertThat(await(storage.currentRevision())).isEqualTo(before);
    }

    @Test
    void aGuaranteedUpdateAppliesTheFunctionToTheStoredObject() {
        StoredObject v1 = await(storage.create(prefix + "a", bytes("1")));

        StoredObject result = await(storage.guaranteedUpdate(
                prefix + "a", current -> Future.succeededFuture(bytes(str(current.value()) + "+1")), 5));

        assertThat(str(result.value())).isEqualTo("1+1");
        assertThat(result.modRevision()).isGreaterThan(v1.modRevision());
        assertThat(result.createRevision()).isEqualTo(v1.createRevision());
        assertThat(await(storage.get(prefix + "a")).modRevision()).isEqualTo(result.modRevision());
    }

    @Test
    void aGuaranteedUpdateRetriesWithTheFreshObjectAndGivesUpAfterMaxAttempts() {
        await(storage.create(prefix + "a", bytes("0")));
        List<String> seen = Collections.synchronizedList(new ArrayList<>());

        // Every call moves the key on behind the update's back, so every compare fails.
        StorageException e = failure(storage.guaranteedUpdate(
                prefix + "a",
                current -> {
                    seen.add(str(current.value()));
                    int next = Integer.parseInt(str(current.value())) + 1;
                    return storage.update(prefix + "a", 0, bytes(Integer.toString(next)))
                            .map(moved -> bytes("from-" + current.modRevision()));
                },
                3));

        assertThat(e.reason()).isEqualTo(Reason.CONFLICT);
        assertThat(seen).containsExactly("0", "1", "2");
        assertThat(str(await(storage.get(prefix + "a")).value())).isEqualTo("3");
    }

    @Test
    void aGuaranteedUpdateOfAMissingKeyIsNotFound() {
        AtomicInteger calls = new AtomicInteger();
        StorageException e = failure(storage.guaranteedUpdate(
                prefix + "missing",
                current -> {
                    calls.incrementAndGet();
                    return Future.succeededFuture(bytes("x"));
                },
                3));

        assertThat(e.reason()).isEqualTo(Reason.NOT_FOUND);
        assertThat(calls).hasValue(0);
    }

    @Test
    void aFailingUpdateFunctionAbortsTheUpdate() {
        StoredObject v1 = await(storage.create(prefix + "a", bytes("v1")));
        IllegalStateException boom = new IllegalStateException("rejected");

        Throwable t = failureOf(storage.guaranteedUpdate(prefix + "a", current -> Future.failedFuture(boom), 3));

        assertThat(t).isSameAs(boom);
        assertThat(await(storage.get(prefix + "a")).modRevision()).isEqualTo(v1.modRevision());
    }

    @Test
    void concurrentGuaranteedUpdatesLoseNoIncrement() throws Exception {
        await(storage.create(prefix + "counter", bytes("0")));
        int threads = 8;
        int perThread = 15;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<CompletableFuture<Void>> all = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                all.add(CompletableFuture.runAsync(
                        () -> {
                            for (int i = 0; i < perThread; i++) {
                                await(storage.guaranteedUpdate(
                                        prefix + "counter",
                                        current -> Future.succeededFuture(
                                                bytes(Long.toString(Long.parseLong(str(current.value())) + 1))),
                                        1000));
                            }
                        },
                        pool));
            }
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(WAIT.toSeconds() * 3, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }

        assertThat(str(await(storage.get(prefix + "counter")).value()))
                .isEqualTo(Integer.toString(threads * perThread));
    }

    // ------------------------------------------------------------ threading and health

    @Test
    void futuresCompleteOnTheCallersContext() throws Exception {
        Context context = vertx.getOrCreateContext();
        CompletableFuture<Boolean> sameContext = new CompletableFuture<>();
        context.runOnContext(v -> storage.create(prefix + "a", bytes("x"))
                .compose(created -> storage.get(prefix + "a"))
                .onComplete(ar -> sameContext.complete(ar.succeeded() && Vertx.currentContext() == context)));

        assertThat(sameContext.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    }

    @Test
    void pingAnswers() {
        await(storage.ping());
    }

    // ------------------------------------------------------------ helpers

    /**
     * Shows that a watch delivered nothing more for the writes before {@code marker}, without waiting for a quiet
     * spell: {@code marker} is a later write the watch sees, and the very next event must be its; as a watch delivers
     * in revision order (see {@link #aWatchDeliversConcurrentWritesInOrderWithoutGaps}), an event for any earlier
     * write would have come first.
     */
    protected static void assertNothingBefore(RecordingWatchListener listener, StoredObject marker) {
        WatchEvent next = listener.nextEvent(WAIT);
        assertThat(next.key() + " @" + next.revision()).isEqualTo(marker.key() + " @" + marker.modRevision());
    }

    /** Waits for a watch to be in place: asks for progress until some arrives; returns its revision. */
    protected static long awaitEstablished(WatchSubscription watch, RecordingWatchListener listener) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            watch.requestProgress();
            Long progress = listener.pollProgress(Duration.ofMillis(250));
            if (progress != null) {
                return progress;
            }
        }
        throw new AssertionError("no progress notification within " + WAIT);
    }

    protected static <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
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

    protected static Throwable failureOf(Future<?> future) {
        try {
            Object value = future.toCompletionStage().toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            throw new AssertionError("expected a failure, got " + value);
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (TimeoutException e) {
            throw new AssertionError("no answer within " + WAIT, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    protected static StorageException failure(Future<?> future) {
        Throwable t = failureOf(future);
        assertThat(t).isInstanceOf(StorageException.class);
        return (StorageException) t;
    }

    protected static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    protected static String str(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    private static List<String> keys(ListPage page) {
        return page.items().stream().map(StoredObject::key).toList();
    }

    private List<String> names(ListPage page) {
        return page.items().stream()
                .map(o -> o.key().substring(prefix.length()))
                .toList();
    }
}

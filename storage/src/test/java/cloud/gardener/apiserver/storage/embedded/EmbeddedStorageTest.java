package cloud.gardener.apiserver.storage.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StorageException.Reason;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchSubscription;
import cloud.gardener.apiserver.storage.testing.RecordingWatchListener;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the embedded store promises beyond the shared contract: files, restarts, replay and compaction. */
class EmbeddedStorageTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static Vertx vertx;

    @TempDir
    Path dir;

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stopVertx() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aReopenedStoreKeepsObjectsRevisionsAndCompaction() {
        long compactedAt;
        StoredObject b;
        try (EmbeddedStorage store = new EmbeddedStorage(vertx, dir)) {
            StoredObject a = await(store.create("/r/a", bytes("a1")));
            await(store.update("/r/a", a.modRevision(), bytes("a2")));
            b = await(store.create("/r/b", bytes("b1")));
            await(store.delete("/r/a", 0));
            compactedAt = await(store.currentRevision());
            await(store.compact(compactedAt));
        }
        try (EmbeddedStorage store = new EmbeddedStorage(vertx, dir)) {
            assertThat(await(store.currentRevision())).isEqualTo(compactedAt);
            assertThat(failure(store.get("/r/a")).reason()).isEqualTo(Reason.NOT_FOUND);
            StoredObject readB = await(store.get("/r/b"));
            assertThat(readB.modRevision()).isEqualTo(b.modRevision());
            assertThat(str(readB.value())).isEqualTo("b1");

            StorageException old = failure(store.list(new ListRequest("/r/", compactedAt - 1, 0, null, null)));
            assertThat(old.reason()).isEqualTo(Reason.COMPACTED);
            assertThat(old.revision()).isEqualTo(compactedAt);

            StoredObject next = await(store.create("/r/c", bytes("c1")));
            assertThat(next.modRevision()).isEqualTo(compactedAt + 1);
        }
    }

    @Test
    void aDirectoryHasOneOwner() {
        EmbeddedStorage owner = new EmbeddedStorage(vertx, dir);
        try (owner) {
            assertThatThrownBy(() -> new EmbeddedStorage(vertx, dir))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("already open");
        }
        // Closing frees it.
        try (EmbeddedStorage again = new EmbeddedStorage(vertx, dir)) {
            await(again.ping());
        }
    }

    @Test
    void aClosedStoreAnswersUnavailable() {
        EmbeddedStorage store = new EmbeddedStorage(vertx, dir);
        store.close();
        assertThat(failure(store.create("/r/a", bytes("x"))).reason()).isEqualTo(Reason.UNAVAILABLE);
        assertThat(failure(store.get("/r/a")).reason()).isEqualTo(Reason.UNAVAILABLE);
        assertThat(failure(store.ping()).reason()).isEqualTo(Reason.UNAVAILABLE);
        RecordingWatchListener listener = new RecordingWatchListener();
        store.watch("/r/", 0, listener);
        assertThat(listener.awaitError(WAIT).reason()).isEqualTo(Reason.UNAVAILABLE);
        store.close(); // idempotent
    }

    @Test
    void aReplayLongerThanOneChunkHandsOverToLiveEventsWithoutGapsOrRepeats() throws Exception {
        try (EmbeddedStorage store = new EmbeddedStorage(vertx, dir)) {
            long start = await(store.create("/before", bytes("x"))).modRevision(); // 0 would mean "from now"
            int history = EmbeddedWatch.REPLAY_CHUNK * 2 + 50;
            List<Future<StoredObject>> writes = new ArrayList<>();
            for (int i = 0; i < history; i++) {
                writes.add(store.create("/r/k" + i, bytes("v")));
                writes.add(store.create("/other/k" + i, bytes("not watched")));
            }
            writes.forEach(EmbeddedStorageTest::await);

            RecordingWatchListener listener = new RecordingWatchListener();
            int live = 300;
            WatchSubscription watch = store.watch("/r/", start, listener);
            try (watch) {
                // Writers keep going while the watch replays, so the hand-over happens under load.
                CompletableFuture<Void> more = CompletableFuture.runAsync(() -> {
                    for (int i = 0; i < live; i++) {
                        await(store.update("/r/k" + (i % 10), 0, bytes("live" + i)));
                    }
                });
                more.get(WAIT.toSeconds(), TimeUnit.SECONDS);

                List<WatchEvent> events = listener.nextEvents(history + live, WAIT);
                List<Long> revisions = events.stream().map(WatchEvent::revision).toList();
                assertThat(revisions).isSorted().doesNotHaveDuplicates();
                assertThat(events).allMatch(e -> e.key().startsWith("/r/"));
                assertThat(events.subList(history, history + live)).allMatch(e -> e.previous() != null);
                listener.assertNoEvent(Duration.ofMillis(200));
            }
        }
    }

    @Test
    void compactionDropsSupersededRowsButKeepsTheStateAtTheCompactedRevision() throws Exception {
        try (EmbeddedStorage store = new EmbeddedStorage(vertx, dir)) {
            StoredObject a = await(store.create("/r/a", bytes("0")));
            for (int i = 1; i <= 20; i++) {
                await(store.update("/r/a", 0, bytes(Integer.toString(i))));
            }
            await(store.create("/r/gone", bytes("x")));
            await(store.delete("/r/gone", 0));
            StoredObject b = await(store.create("/r/b", bytes("b")));
            assertThat(rows(dir)).isEqualTo(24);

            await(store.compact(b.modRevision()));

            assertThat(rows(dir)).isEqualTo(2); // the latest "a" and "b"
            ListPage atCompaction = await(store.list(new ListRequest("/r/", b.modRevision(), 0, null, null)));
            assertThat(atCompaction.items()).extracting(o -> str(o.value())).containsExactly("20", "b");
            assertThat(atCompaction.items().get(0).createRevision()).isEqualTo(a.createRevision());
            // Compacting again, or lower, changes nothing; compacting ahead of the store is refused.
            await(store.compact(b.modRevision()));
            await(store.compact(a.modRevision()));
            StorageException ahead = failure(store.compact(b.modRevision() + 5));
            assertThat(ahead.reason()).isEqualTo(Reason.TOO_LARGE_RESOURCE_VERSION);
            assertThat(ahead.revision()).isEqualTo(b.modRevision());
        }
    }

    @Test
    void theStoreCompactsItselfEveryInterval() throws Exception {
        EmbeddedConfig config = EmbeddedConfig.of(dir).withCompactionInterval(Duration.ofMillis(200));
        try (EmbeddedStorage store = new EmbeddedStorage(vertx, config)) {
            StoredObject first = await(store.create("/r/a", bytes("1")));
            await(store.update("/r/a", 0, bytes("2")));
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (store.compactedRevision() < first.modRevision() + 1 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(store.compactedRevision()).isGreaterThan(first.modRevision());
            assertThat(failure(store.list(new ListRequest("/r/", first.modRevision(), 0, null, null)))
                            .reason())
                    .isEqualTo(Reason.COMPACTED);
        }
    }

    private static long rows(Path dir) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("state.db"));
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + LogConnection.TABLE)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new AssertionError(e.getCause());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static StorageException failure(Future<?> future) {
        try {
            Object value = future.toCompletionStage().toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            throw new AssertionError("expected a failure, got " + value);
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(StorageException.class);
            return (StorageException) e.getCause();
        } catch (Exception e) {
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

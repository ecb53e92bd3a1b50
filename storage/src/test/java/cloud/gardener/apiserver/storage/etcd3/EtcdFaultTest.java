package cloud.gardener.apiserver.storage.etcd3;

import static cloud.gardener.apiserver.storage.testing.VertxExtension.await;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StorageException.Reason;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchSubscription;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import cloud.gardener.apiserver.storage.testing.RecordingWatchListener;
import cloud.gardener.apiserver.storage.testing.VertxExtension;
import io.vertx.core.Future;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** etcd paused, killed and restarted under a live EtcdStorage (its own etcd: these tests break it). */
@Tag("integration")
class EtcdFaultTest {

    @RegisterExtension
    static final EtcdExtension ETCD = new EtcdExtension();

    @RegisterExtension
    static final VertxExtension VERTX = new VertxExtension();

    @Test
    void aWriteThatTimesOutIsReportedUnavailableAndNotRepeated() throws Exception {
        String prefix = ETCD.newPrefix();
        try (EtcdStorage storage =
                new EtcdStorage(VERTX.vertx(), ETCD.config().withRequestTimeout(Duration.ofMillis(500)))) {
            StoredObject created = await(storage.create(prefix + "a", bytes("0")));
            long pid = ETCD.process().pid();

            signal("STOP", pid);
            awaitStopped(pid);
            StorageException e;
            try {
                long started = System.nanoTime();
                e = failure(storage.update(prefix + "a", 0, bytes("1")));
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
            } finally {
                signal("CONT", pid);
            }

            assertThat(e.reason()).isEqualTo(Reason.UNAVAILABLE);
            Thread.sleep(1000); // give a (wrong) retry time to land
            // The update ran at most once: one revision past the create, never two.
            long current = awaitRetrying(storage::currentRevision);
            assertThat(current - created.modRevision()).isBetween(0L, 1L);
        }
    }

    @Test
    void aWatchResumesWithoutGapsAfterEtcdRestarts() throws Exception {
        String prefix = ETCD.newPrefix();
        try (EtcdStorage storage = new EtcdStorage(VERTX.vertx(), ETCD.config())) {
            StoredObject first = await(storage.create(prefix + "a", bytes("1")));
            RecordingWatchListener listener = new RecordingWatchListener();
            WatchSubscription watch = storage.watch(prefix, first.modRevision(), listener);
            try (watch) {
                StoredObject second = await(storage.create(prefix + "b", bytes("2")));
                assertThat(listener.nextEvent(Duration.ofSeconds(10)).revision())
                        .isEqualTo(second.modRevision());

                ETCD.process().kill();
                ETCD.process().restart();
                StoredObject third = awaitRetrying(() -> storage.create(prefix + "c", bytes("3")));
                StoredObject fourth = await(storage.update(prefix + "a", 0, bytes("4")));

                List<WatchEvent> events = listener.nextEvents(2, Duration.ofSeconds(30));
                assertThat(events)
                        .extracting(WatchEvent::revision)
                        .containsExactly(third.modRevision(), fourth.modRevision());
                assertThat(listener.failed()).isFalse();
                listener.assertNoEvent(Duration.ofMillis(300));
            }
        }
    }

    @Test
    void closingTheStorageLeavesTheSharedVertxRunning() throws Exception {
        EtcdStorage storage = new EtcdStorage(VERTX.vertx(), ETCD.config());
        await(storage.ping());
        storage.close();

        assertThat(failure(storage.get("/x")).reason()).isEqualTo(Reason.UNAVAILABLE);
        CompletableFuture<Boolean> fired = new CompletableFuture<>();
        VERTX.vertx().setTimer(10, id -> fired.complete(true));
        assertThat(fired.get(5, TimeUnit.SECONDS)).isTrue();
    }

    private static void signal(String sig, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + sig, Long.toString(pid))
                .inheritIO()
                .start();
        assertThat(kill.waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(kill.exitValue()).isZero();
    }

    /**
     * Waits until every thread of the process is stopped: {@code kill} returns once the signal is sent, and a thread
     * of a loaded machine stops only when it next runs (a CI run once saw the update answered within 20 ms).
     */
    private static void awaitStopped(long pid) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!allThreadsStopped(pid)) {
            assertThat(System.nanoTime()).as("etcd stopped within 5 s").isLessThan(deadline);
            Thread.sleep(5);
        }
    }

    private static boolean allThreadsStopped(long pid) throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks.toList()) {
                String stat = Files.readString(task.resolve("stat"));
                // the state follows the command name in parentheses, which may itself hold ") "
                char state = stat.charAt(stat.lastIndexOf(')') + 2);
                if (state != 'T' && state != 't') {
                    return false;
                }
            }
        }
        return true;
    }

    private static <T> T awaitRetrying(java.util.function.Supplier<Future<T>> op) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            try {
                return await(op.get());
            } catch (StorageException e) {
                if (e.reason() != Reason.UNAVAILABLE || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(200);
            }
        }
    }

    private static StorageException failure(Future<?> f) {
        try {
            f.toCompletionStage().toCompletableFuture().get(15, TimeUnit.SECONDS);
            throw new AssertionError("expected a failure");
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
}

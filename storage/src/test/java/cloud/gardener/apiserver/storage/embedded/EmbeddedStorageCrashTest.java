package cloud.gardener.apiserver.storage.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.StoredObject;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Durability: a child JVM acknowledges creates and is killed with SIGKILL while more are in flight; every
 * acknowledged create is there, at its revision, when the store is opened again.
 */
@Tag("integration")
class EmbeddedStorageCrashTest {

    private static final int ACKS_BEFORE_KILL = 300;

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
    void everyAcknowledgedCreateSurvivesKillMinus9() throws Exception {
        Path store = dir.resolve("store");
        Path stderr = dir.resolve("child.err");
        Process child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        CrashWriter.class.getName(),
                        store.toString(),
                        "1000000",
                        "32")
                .redirectError(stderr.toFile())
                .start();
        Map<String, Long> acknowledged = new ConcurrentHashMap<>();
        CompletableFuture<Void> enough = new CompletableFuture<>();
        Thread reader = new Thread(() -> readAcks(child, acknowledged, enough), "crash-writer-stdout");
        reader.setDaemon(true);
        reader.start();
        try {
            enough.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            child.destroyForcibly();
            throw new AssertionError(
                    "the writer acknowledged " + acknowledged.size() + " creates; stderr: " + Files.readString(stderr),
                    e);
        }

        child.destroyForcibly(); // SIGKILL, with writes still in flight
        assertThat(child.waitFor(10, TimeUnit.SECONDS)).isTrue();
        reader.join(5000);
        assertThat(child.exitValue()).isEqualTo(137); // 128 + SIGKILL: it did not exit by itself
        Map<String, Long> acked = new TreeMap<>(acknowledged);
        assertThat(acked).hasSizeGreaterThanOrEqualTo(ACKS_BEFORE_KILL);

        try (EmbeddedStorage reopened = new EmbeddedStorage(vertx, store)) {
            List<StoredObject> all = listAll(reopened, "/registry-crash/objects/");
            Map<String, StoredObject> byKey = new TreeMap<>();
            all.forEach(o -> byKey.put(o.key(), o));
            for (Map.Entry<String, Long> ack : acked.entrySet()) {
                StoredObject o = byKey.get(ack.getKey());
                assertThat(o).as("acknowledged %s", ack.getKey()).isNotNull();
                assertThat(o.modRevision()).isEqualTo(ack.getValue());
                assertThat(new String(o.value(), StandardCharsets.UTF_8)).isEqualTo("value of " + ack.getKey());
            }
            // Revisions go on from where the crashed process stopped; none is handed out twice.
            long maxAcked =
                    acked.values().stream().mapToLong(Long::longValue).max().orElseThrow();
            long current = await(reopened.currentRevision());
            assertThat(current)
                    .isGreaterThanOrEqualTo(maxAcked)
                    .isEqualTo(all.stream()
                            .mapToLong(StoredObject::modRevision)
                            .max()
                            .orElseThrow());
            StoredObject after = await(reopened.create("/registry-crash/after", new byte[] {1}));
            assertThat(after.modRevision()).isEqualTo(current + 1);
        }
    }

    private static void readAcks(Process child, Map<String, Long> acknowledged, CompletableFuture<Void> enough) {
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("ACK ")) {
                    String[] parts = line.split(" ", -1);
                    if (parts.length == 3) { // the last line may be cut by the kill
                        acknowledged.put(parts[1], Long.parseLong(parts[2]));
                    }
                    if (acknowledged.size() >= ACKS_BEFORE_KILL) {
                        enough.complete(null);
                    }
                }
            }
        } catch (IOException | NumberFormatException e) {
            enough.completeExceptionally(e);
        }
        enough.completeExceptionally(new IllegalStateException("the writer's output ended"));
    }

    private static List<StoredObject> listAll(EmbeddedStorage storage, String prefix) {
        List<StoredObject> all = new ArrayList<>();
        ListPage page = await(storage.list(new ListRequest(prefix, 0, 500, null, null)));
        all.addAll(page.items());
        while (page.hasMore()) {
            page = await(storage.list(new ListRequest(prefix, page.revision(), 500, page.nextKey(), null)));
            all.addAll(page.items());
        }
        return all;
    }

    private static <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}

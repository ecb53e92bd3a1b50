package cloud.gardener.apiserver.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The loop's rules on one key held in memory: how often an attempt runs, on which object, and what ends the loop.
 * (The stores' {@code guaranteedUpdate} runs the same loop against etcd and the embedded store in the contract
 * suite.)
 */
class GuaranteedUpdateTest {

    private StoredObject stored = object("v1", 5);
    private final AtomicInteger reads = new AtomicInteger();

    /** A quorum read of the key, counted. */
    private Future<StoredObject> read() {
        reads.incrementAndGet();
        return stored == null ? Future.failedFuture(StorageException.notFound("k")) : Future.succeededFuture(stored);
    }

    private static StoredObject object(String value, long revision) {
        return new StoredObject("k", value.getBytes(StandardCharsets.UTF_8), revision, 1);
    }

    /** Writes on the attempt's revision, as a store's compare-and-put does. */
    private Future<String> write(StoredObject current, String value) {
        if (stored == null) {
            return Future.failedFuture(StorageException.notFound("k"));
        }
        if (stored.modRevision() != current.modRevision()) {
            return Future.failedFuture(StorageException.conflict("k", stored));
        }
        stored = object(value, stored.modRevision() + 1);
        return Future.succeededFuture(value);
    }

    private static String text(StoredObject o) {
        return new String(o.value(), StandardCharsets.UTF_8);
    }

    @Test
    void withoutACachedObjectTheLoopReadsFirstAndWritesOnThatRevision() {
        Future<String> result = GuaranteedUpdate.loop(null, false, this::read, 3, cur -> write(cur, text(cur) + "+"));

        assertThat(result.result()).isEqualTo("v1+");
        assertThat(reads).hasValue(1);
        assertThat(stored.modRevision()).isEqualTo(6);
    }

    @Test
    void aConflictReappliesTheAttemptToTheObjectTheConflictCarries() {
        List<String> seen = new ArrayList<>();
        StoredObject firstRead = stored;
        stored = object("v2", 7); // someone wrote after our read

        Future<String> result = GuaranteedUpdate.loop(firstRead, true, this::read, 3, cur -> {
            seen.add(text(cur));
            return write(cur, text(cur) + "+");
        });

        assertThat(result.result()).isEqualTo("v2+");
        assertThat(seen).containsExactly("v1", "v2");
        assertThat(reads).as("the conflict carried the current object").hasValue(0);
    }

    @Test
    void afterMaxAttemptsTheConflictIsTheResult() {
        AtomicInteger attempts = new AtomicInteger();

        Future<String> result = GuaranteedUpdate.loop(null, false, this::read, 3, cur -> {
            attempts.incrementAndGet();
            stored = object("other", stored.modRevision() + 1); // a writer that always wins
            return write(cur, "mine");
        });

        assertThat(attempts).hasValue(3);
        assertThat(result.cause())
                .isInstanceOfSatisfying(
                        StorageException.class,
                        e -> assertThat(e.reason()).isEqualTo(StorageException.Reason.CONFLICT));
    }

    @Test
    void aFailureOtherThanAConflictEndsTheLoopAtOnce() {
        AtomicInteger attempts = new AtomicInteger();
        IllegalStateException rejected = new IllegalStateException("invalid");

        Future<String> result = GuaranteedUpdate.loop(null, false, this::read, 3, cur -> {
            attempts.incrementAndGet();
            return Future.failedFuture(rejected);
        });

        assertThat(attempts).hasValue(1);
        assertThat(result.cause()).isSameAs(rejected);
    }

    @Test
    void aKeyDeletedBetweenTriesEndsTheLoopWithNotFound() {
        Future<String> result = GuaranteedUpdate.loop(stored, true, this::read, 3, cur -> {
            stored = null;
            return write(cur, "mine");
        });

        assertThat(result.cause())
                .isInstanceOfSatisfying(
                        StorageException.class,
                        e -> assertThat(e.reason()).isEqualTo(StorageException.Reason.NOT_FOUND));
    }

    @Test
    void aFailureOnAPossiblyStaleCachedObjectIsJudgedOnceMoreOnTheStoredOne() {
        StoredObject cached = object("v0", 4);
        List<String> seen = new ArrayList<>();

        Future<String> result = GuaranteedUpdate.loop(cached, false, this::read, 1, cur -> {
            seen.add(text(cur));
            // a precondition only the current object passes, as a resourceVersion in the request
            return cur.modRevision() == 5
                    ? write(cur, "mine")
                    : Future.failedFuture(new IllegalStateException("stale"));
        });

        assertThat(result.result()).isEqualTo("mine");
        assertThat(seen).containsExactly("v0", "v1");
        assertThat(reads).hasValue(1);
    }

    @Test
    void theByteLevelLoopWritesNothingWhenTheValueIsUnchanged() {
        AtomicInteger writes = new AtomicInteger();

        Future<StoredObject> result = GuaranteedUpdate.run(
                stored, this::read, cur -> Future.succeededFuture(cur.value()), 3, (cur, value) -> {
                    writes.incrementAndGet();
                    return Future.succeededFuture(cur);
                });

        assertThat(result.result().modRevision()).isEqualTo(5);
        assertThat(writes).hasValue(0);
    }
}

package cloud.gardener.apiserver.storage.cache;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Over a store that knows its revision at once (the embedded one), every consistent read asks it directly, after
 * its caller asked, and answers at once; once the store makes a read wait, reads share rounds again.
 */
class QuorumRevisionImmediateTest {

    @TempDir
    Path dir;

    private Vertx vertx;
    private Context context;

    @BeforeEach
    void startVertx() {
        vertx = Vertx.vertx();
        context = vertx.getOrCreateContext();
    }

    @AfterEach
    void stopVertx() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void everyReadAsksTheStoreAfterItsCallerAndWaitingReadsShareRoundsAgain() throws Exception {
        try (ControlledFeedStorage store = new ControlledFeedStorage(new EmbeddedStorage(vertx, dir))) {
            QuorumRevision quorum = new QuorumRevision(store);
            // the first read learns that the store answers at once
            assertThat(onLoop(() -> quorum.get().isComplete())).isTrue();

            for (int i = 0; i < 3; i++) {
                long written = store.create("/registry/k" + i, "x".getBytes(StandardCharsets.UTF_8))
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS)
                        .modRevision();
                int before = store.revisionReads();
                Future<Long> read = onLoop(quorum);
                assertThat(read.isComplete()).as("answered at once").isTrue();
                assertThat(read.result()).isEqualTo(written);
                assertThat(store.revisionReads() - before)
                        .as("its own read of the store")
                        .isEqualTo(1);
            }

            store.holdRevisionReads();
            int before = store.revisionReads();
            List<Future<Long>> reads = onLoop(() -> List.of(quorum.get(), quorum.get(), quorum.get()));
            Future<Long> first = reads.get(0);
            Future<Long> second = reads.get(1);
            assertThat(first.isComplete()).isFalse();
            assertThat(second.isComplete()).isFalse();
            // the first went to the store directly; the ones after it share one round
            assertThat(store.revisionReads() - before).isEqualTo(2);
            store.releaseRevisionReads();
            for (Future<Long> read : reads) {
                assertThat(read.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS))
                        .isGreaterThanOrEqualTo(3L);
            }
        }
    }

    /** What {@code call} answers when run on an event loop, as the server's reads are. */
    private <T> T onLoop(Supplier<T> call) throws Exception {
        CompletableFuture<T> answer = new CompletableFuture<>();
        context.runOnContext(v -> answer.complete(call.get()));
        return answer.get(10, TimeUnit.SECONDS);
    }
}

package cloud.gardener.apiserver.storage.cache;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.etcd3.EtcdStorage;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Consistent reads share quorum reads, and each still sees every write that finished before it asked. Over
 * etcd, where a quorum read is a round trip (the embedded store knows its revision without one).
 */
@Tag("integration")
class QuorumRevisionTest {

    @RegisterExtension
    static final EtcdExtension ETCD = new EtcdExtension();

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
    void concurrentCallersShareReadsThatStartedAfterTheyAsked() throws Exception {
        try (ControlledFeedStorage store = new ControlledFeedStorage(new EtcdStorage(vertx, ETCD.config()))) {
            QuorumRevision quorum = new QuorumRevision(store);
            long written = store.create(ETCD.newPrefix() + "a", "x".getBytes(StandardCharsets.UTF_8))
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(10, TimeUnit.SECONDS)
                    .modRevision();
            int before = store.revisionReads();

            CompletableFuture<List<Long>> all = new CompletableFuture<>();
            vertx.getOrCreateContext().runOnContext(v -> {
                List<Future<Long>> reads = new ArrayList<>();
                for (int i = 0; i < 500; i++) {
                    reads.add(quorum.get());
                }
                Future.all(reads).onComplete(ar -> {
                    List<Long> revisions = new ArrayList<>();
                    reads.forEach(f -> revisions.add(f.result()));
                    all.complete(revisions);
                });
            });

            List<Long> revisions = all.get(10, TimeUnit.SECONDS);
            assertThat(revisions).hasSize(500).allSatisfy(r -> assertThat(r).isGreaterThanOrEqualTo(written));
            assertThat(store.revisionReads() - before)
                    .as("quorum reads for 500 callers")
                    .isBetween(1, 2);
        }
    }
}

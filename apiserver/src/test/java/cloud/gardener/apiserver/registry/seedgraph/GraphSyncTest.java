package cloud.gardener.apiserver.registry.seedgraph;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.seed.Graph;
import cloud.gardener.apiserver.authz.seed.Vertex;
import cloud.gardener.apiserver.authz.seed.VertexType;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.registry.DeleteRequest;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.WriteContext;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.UpdateFunction;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The graph follows the embedded store: the initial list, then watch events; a watch that ends with 410
 * (injected into the first shoot watch) is replaced by a fresh list and watch.
 */
class GraphSyncTest {

    private static final WriteContext ADMIN =
            new WriteContext(UserInfo.of("admin", List.of("system:masters")), false, "test");
    private static final Vertex SEED_A = Vertex.cluster(VertexType.SEED, "seed-a");

    @TempDir
    Path dir;

    private Vertx vertx;
    private Storage storage;
    private GraphSync sync;
    private final AtomicInteger shootWatches = new AtomicInteger();

    @BeforeEach
    void start() {
        vertx = Vertx.vertx();
        storage = new FirstShootWatchExpires(new EmbeddedStorage(vertx, dir));
    }

    @AfterEach
    void stop() throws Exception {
        if (sync != null) {
            sync.stop();
        }
        storage.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static void eventually(BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 100 && !condition.getAsBoolean(); i++) {
            Thread.sleep(50);
        }
        assertThat(condition.getAsBoolean()).as("condition reached").isTrue();
    }

    private static ObjectNode shoot(String name, String seed) {
        ObjectNode shoot = Fixtures.shootObject(name);
        ((ObjectNode) shoot.get("spec")).put("seedName", seed);
        return shoot;
    }

    @Test
    void listsThenFollowsWatchAndRelistsAfter410() throws Exception {
        Registry registry = new Registry(ResourceRegistry.standard(true), storage, "/registry", AdmissionChain.empty());
        GenericStore shoots = registry.store("core.gardener.cloud", "shoots").orElseThrow();
        await(shoots.create("dev", shoot("shoot-a", "seed-a"), ADMIN));

        Graph graph = new Graph();
        sync = new GraphSync(vertx, registry, graph, null);
        sync.start();

        eventually(graph::isSynced);
        assertThat(graph.hasPath(Vertex.of(VertexType.SHOOT, "dev", "shoot-a"), SEED_A))
                .isTrue();

        // the first shoot watch ended with 410: after the relist a second watch delivers new shoots
        eventually(() -> shootWatches.get() == 2);
        await(shoots.create("dev", shoot("shoot-b", "seed-a"), ADMIN));
        eventually(() -> graph.hasPath(Vertex.of(VertexType.SHOOT, "dev", "shoot-b"), SEED_A));

        await(shoots.delete("dev", "shoot-a", DeleteRequest.DEFAULT, ADMIN));
        eventually(() -> !graph.hasVertex(Vertex.of(VertexType.SHOOT, "dev", "shoot-a")));
        assertThat(shootWatches.get()).isEqualTo(2);
    }

    /** The embedded store, except that the first watch on shoots ends at once with 410 (a compacted revision). */
    private final class FirstShootWatchExpires implements Storage {

        private final Storage delegate;

        FirstShootWatchExpires(Storage delegate) {
            this.delegate = delegate;
        }

        @Override
        public WatchSubscription watch(String keyOrPrefix, long afterRevision, WatchListener listener) {
            if (keyOrPrefix.contains("/shoots/") && shootWatches.incrementAndGet() == 1) {
                vertx.runOnContext(v -> listener.onError(StorageException.compacted(afterRevision, afterRevision)));
                return new WatchSubscription() {
                    @Override
                    public void requestProgress() {}

                    @Override
                    public void close() {}
                };
            }
            return delegate.watch(keyOrPrefix, afterRevision, listener);
        }

        @Override
        public Future<StoredObject> create(String key, byte[] value) {
            return delegate.create(key, value);
        }

        @Override
        public Future<StoredObject> get(String key) {
            return delegate.get(key);
        }

        @Override
        public Future<ListPage> list(ListRequest request) {
            return delegate.list(request);
        }

        @Override
        public Future<StoredObject> update(String key, long expectedRevision, byte[] value) {
            return delegate.update(key, expectedRevision, value);
        }

        @Override
        public Future<StoredObject> guaranteedUpdate(String key, UpdateFunction fn, int maxAttempts) {
            return delegate.guaranteedUpdate(key, fn, maxAttempts);
        }

        @Override
        public Future<StoredObject> delete(String key, long expectedRevision) {
            return delegate.delete(key, expectedRevision);
        }

        @Override
        public Future<Long> currentRevision() {
            return delegate.currentRevision();
        }

        @Override
        public Future<Void> compact(long revision) {
            return delegate.compact(revision);
        }

        @Override
        public Future<Void> ping() {
            return delegate.ping();
        }

        @Override
        public void close() {
            delegate.close();
        }
    }
}

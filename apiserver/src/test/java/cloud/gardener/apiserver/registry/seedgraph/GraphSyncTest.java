package cloud.gardener.apiserver.registry.seedgraph;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.seed.Graph;
import cloud.gardener.apiserver.authz.seed.GraphResources;
import cloud.gardener.apiserver.authz.seed.Vertex;
import cloud.gardener.apiserver.authz.seed.VertexType;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.registry.DeleteRequest;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ObservedStorage;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.WriteContext;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The graph follows the embedded store: the initial list, then watch events; a watch that ends with 410 is replaced
 * by a fresh list and watch.
 */
class GraphSyncTest {

    private static final WriteContext ADMIN =
            new WriteContext(UserInfo.of("admin", List.of("system:masters")), false, "test");
    private static final Vertex SEED_A = Vertex.cluster(VertexType.SEED, "seed-a");

    @TempDir
    Path dir;

    private Vertx vertx;
    private ObservedStorage storage;
    private GraphSync sync;

    @BeforeEach
    void start() {
        vertx = Vertx.vertx();
        storage = new ObservedStorage(new EmbeddedStorage(vertx, dir));
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

        // every watch ends with 410: each is followed by a fresh list and a new watch, which delivers new shoots
        eventually(() -> storage.watches() == GraphResources.ALL.size());
        int lists = storage.lists();
        storage.expireWatches();
        eventually(() ->
                storage.lists() >= lists + GraphResources.ALL.size() && storage.watches() == GraphResources.ALL.size());
        await(shoots.create("dev", shoot("shoot-b", "seed-a"), ADMIN));
        eventually(() -> graph.hasPath(Vertex.of(VertexType.SHOOT, "dev", "shoot-b"), SEED_A));

        await(shoots.delete("dev", "shoot-a", DeleteRequest.DEFAULT, ADMIN));
        eventually(() -> !graph.hasVertex(Vertex.of(VertexType.SHOOT, "dev", "shoot-a")));
        assertThat(storage.watches()).isEqualTo(GraphResources.ALL.size());
    }
}

package cloud.gardener.apiserver.registry.seedgraph;

import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.ADMIN;
import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.await;
import static cloud.gardener.apiserver.storage.testing.OnLoop.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authz.seed.Graph;
import cloud.gardener.apiserver.authz.seed.GraphResources;
import cloud.gardener.apiserver.authz.seed.Vertex;
import cloud.gardener.apiserver.authz.seed.VertexType;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.registry.DeleteRequest;
import cloud.gardener.apiserver.registry.EmbeddedStoreExtension;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ObservedStorage;
import cloud.gardener.apiserver.registry.Registry;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Vertx;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The graph follows the embedded store: the initial list, then watch events; a watch that ends with 410 is replaced
 * by a fresh list and watch.
 */
class GraphSyncTest {

    private static final Vertex SEED_A = Vertex.cluster(VertexType.SEED, "seed-a");

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    private Vertx vertx;
    private ObservedStorage storage;
    private GraphSync sync;

    @BeforeEach
    void start() {
        vertx = embeddedStore.vertx();
        storage = embeddedStore.storage();
    }

    @AfterEach
    void stop() throws Exception {
        if (sync != null) {
            sync.stop();
        }
    }

    private static ObjectNode shoot(String name, String seed) {
        ObjectNode shoot = Fixtures.shootObject(name);
        ((ObjectNode) shoot.get("spec")).put("seedName", seed);
        return shoot;
    }

    @Test
    void listsThenFollowsWatchAndRelistsAfter410() throws Exception {
        Registry registry = embeddedStore.registry();
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

package cloud.gardener.apiserver.registry.lookup;

import static cloud.gardener.apiserver.storage.testing.OnLoop.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.WriteContext;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The admission cache holds what the plugins read but never a ShootState, neither from its list nor from its
 * watch; looking one up still finds it, in storage.
 */
class AdmissionCacheScopeTest {

    private static final String PREFIX = "/registry";
    private static final WriteContext ADMIN =
            new WriteContext(UserInfo.of("admin", List.of("system:masters")), false, "test");
    private static final GroupResource SHOOTS = new GroupResource("core.gardener.cloud", "shoots");
    private static final GroupResource SHOOT_STATES = new GroupResource("core.gardener.cloud", "shootstates");

    @TempDir
    Path dir;

    private Vertx vertx;
    private EmbeddedStorage storage;
    private ObjectCache cache;
    private Registry registry;

    @BeforeEach
    void start() {
        vertx = Vertx.vertx();
        storage = new EmbeddedStorage(vertx, dir);
        ResourceRegistry resources = ResourceRegistry.standard(true);
        registry = new Registry(resources, storage, PREFIX, AdmissionChain.empty());
        cache = new ObjectCache(vertx, storage, AdmissionCacheScope.resources(resources, PREFIX));
    }

    @AfterEach
    void stop() throws Exception {
        cache.close();
        storage.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static ObjectNode shootState(String name) throws Exception {
        return (ObjectNode) Json.MAPPER.readTree("{\"apiVersion\":\"core.gardener.cloud/v1beta1\",\"kind\":"
                + "\"ShootState\",\"metadata\":{\"name\":\"" + name + "\"},\"spec\":{\"gardener\":[{\"name\":\"ca\","
                + "\"type\":\"secret\",\"data\":{\"big\":\"" + "x".repeat(64 * 1024) + "\"}}]}}");
    }

    @Test
    void shootStatesAreNeitherListedNorWatchedIntoTheCacheButAreFound() throws Exception {
        GenericStore shoots = registry.store("core.gardener.cloud", "shoots").orElseThrow();
        GenericStore shootStates =
                registry.store("core.gardener.cloud", "shootstates").orElseThrow();
        await(shoots.create("dev", Fixtures.shootObject("listed"), ADMIN));
        await(shootStates.create("dev", shootState("listed"), ADMIN));

        await(cache.start());
        assertThat(cache.getNow(shoots.keys().object("dev", "listed"))).isNotNull();
        assertThat(cache.holds(shootStates.keys().object("dev", "listed"))).isFalse();
        assertThat(cache.getNow(shootStates.keys().object("dev", "listed"))).isNull();
        assertThat(cache.listNow(shootStates.keys().collection(""))).isEmpty();

        // a ShootState written after the list: its watch event passes, the shoot written after it arrives
        await(shootStates.create("dev", shootState("watched"), ADMIN));
        await(shoots.create("dev", Fixtures.shootObject("watched"), ADMIN));
        eventually(() -> cache.getNow(shoots.keys().object("dev", "watched")) != null);
        assertThat(cache.getNow(shootStates.keys().object("dev", "watched"))).isNull();
        assertThat(cache.listNow(PREFIX + "/"))
                .extracting(o -> o.path("kind").asText())
                .doesNotContain("ShootState");

        // the lookup reads what the cache does not hold from storage, at once
        StoreLookup lookup = new StoreLookup(vertx, registry.reads(), cache, null);
        long before = System.nanoTime();
        Optional<ObjectNode> found = await(lookup.get(SHOOT_STATES, "dev", "watched"));
        assertThat(found).isPresent();
        assertThat(found.get().path("metadata").path("name").asText()).isEqualTo("watched");
        assertThat(System.nanoTime() - before)
                .as("no wait for a cache that will never have it")
                .isLessThan(TimeUnit.MILLISECONDS.toNanos(StoreLookup.MISS_WAIT_MS) * 20);
        assertThat(await(lookup.get(SHOOT_STATES, "dev", "missing"))).isEmpty();
        assertThat(await(lookup.list(SHOOT_STATES, "dev")))
                .extracting(o -> o.path("metadata").path("name").asText())
                .containsExactly("listed", "watched");
        assertThat(await(lookup.list(SHOOT_STATES, ""))).hasSize(2);
        assertThat(await(lookup.list(SHOOTS, "dev"))).hasSize(2);
        assertThat(cache.getNow(shootStates.keys().object("dev", "watched")))
                .as("reads do not fill the cache")
                .isNull();
    }

    @Test
    void everyOtherStoredResourceIsHeld() {
        ResourceRegistry resources = ResourceRegistry.standard(true);
        List<String> roots = AdmissionCacheScope.roots(resources, PREFIX);
        long stored =
                resources.resources().stream().filter(ResourceType::stored).count();
        // neither shootstates nor events (of either API), and reviews are not stored at all
        assertThat(roots)
                .hasSize((int) stored - 3)
                .contains(
                        PREFIX + "/core.gardener.cloud/shoots/",
                        PREFIX + "/core.gardener.cloud/projects/",
                        PREFIX + "/secrets/",
                        PREFIX + "/core.gardener.cloud/internalsecrets/")
                .doesNotContain(
                        PREFIX + "/core.gardener.cloud/shootstates/",
                        PREFIX + "/events/",
                        PREFIX + "/authorization.k8s.io/selfsubjectaccessreviews/");
    }
}

package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.registry.ResourceKeys;
import cloud.gardener.apiserver.registry.StoreReads;
import cloud.gardener.apiserver.registry.WatchCacheSettings;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * A measurement, not a test (runs only with {@code -Dmeasure.heap=true}): the heap the admission cache holds for N
 * Shoots with a realistic status and N ShootStates over the watch caches, against what the cache held before it read
 * through them (every object in its scope decoded: modelled by decoding them all and keeping the trees). Prints the
 * figures; asserts nothing about them.
 */
@EnabledIfSystemProperty(named = "measure.heap", matches = "true")
class AdmissionCacheHeapMeasurement {

    private static final String PREFIX = "/registry";
    private static final int N = Integer.getInteger("measure.shoots", 500);

    @TempDir
    Path dir;

    @Test
    void heapOfTheAdmissionCache() throws Exception {
        Vertx vertx = Vertx.vertx();
        EmbeddedStorage storage = new EmbeddedStorage(vertx, dir);
        ResourceRegistry resources = ResourceRegistry.standard(true);
        ResourceKeys shoots = ResourceKeys.of(
                PREFIX,
                resources.findGroupResource("core.gardener.cloud", "shoots").orElseThrow());
        ResourceKeys shootStates = ResourceKeys.of(
                PREFIX,
                resources
                        .findGroupResource("core.gardener.cloud", "shootstates")
                        .orElseThrow());
        for (int i = 0; i < N; i++) {
            await(storage.create(shoots.object("dev", "s" + i), bytes(shoot("s" + i))));
            await(storage.create(shootStates.object("dev", "s" + i), bytes(shootState("s" + i))));
        }
        StoreReads reads = new StoreReads(resources, storage, PREFIX, null, vertx, WatchCacheSettings.defaults(true));
        await(reads.cache().start());
        long base = usedHeap();

        // before: the cache held every object of its scope decoded (ShootStates not)
        List<JsonNode> held = new ArrayList<>();
        for (String root : AdmissionCacheScope.roots(resources, PREFIX)) {
            for (StoredObject o : await(reads.cache().list(new ListRequest(root, 0, 0, null, null)))
                    .items()) {
                held.add(Json.readTree(o.value()));
            }
        }
        long before = usedHeap() - base;
        int heldBefore = held.size();
        held.clear();

        // after: the cache over the watch caches, after admission's reads (every Shoot listed, a few got)
        ObjectCache cache = new ObjectCache(vertx, reads.cache(), AdmissionCacheScope.resources(resources, PREFIX));
        await(cache.start());
        await(cache.list(shoots.collection("")));
        for (int i = 0; i < 20; i++) {
            await(cache.get(shoots.object("dev", "s" + i)));
        }
        long after = usedHeap() - base;
        System.out.printf(
                "admission cache heap for %d Shoots (%d B stored each) and %d ShootStates (%d B each):"
                        + " before %.1f MiB (%d trees), after %.1f MiB (%d memoized trees and views)%n",
                N,
                bytes(shoot("s0")).length,
                N,
                bytes(shootState("s0")).length,
                before / 1048576.0,
                heldBefore,
                after / 1048576.0,
                cache.memoized());
        cache.close();
        reads.cache().close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static long usedHeap() throws InterruptedException {
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static byte[] bytes(ObjectNode o) throws Exception {
        return Json.MAPPER.writeValueAsString(o).getBytes(StandardCharsets.UTF_8);
    }

    /** A Shoot as a gardenlet leaves it: managed fields and a status of conditions and constraints. */
    private static ObjectNode shoot(String name) {
        ObjectNode shoot = Fixtures.shootObject(name);
        ObjectNode meta = shoot.withObjectProperty("metadata").put("namespace", "dev");
        for (int i = 0; i < 6; i++) {
            meta.withArrayProperty("managedFields")
                    .addObject()
                    .put("manager", "gardenlet-" + i)
                    .putObject("fieldsV1")
                    .put("f:status", "x".repeat(400));
        }
        ObjectNode status =
                shoot.putObject("status").put("seedName", "seed-1").put("technicalID", "shoot--dev--" + name);
        for (int i = 0; i < 12; i++) {
            status.withArrayProperty("conditions")
                    .addObject()
                    .put("type", "Condition" + i)
                    .put("status", "True")
                    .put("lastTransitionTime", "2026-11-27T10:00:00Z")
                    .put("message", "All is well on component " + i + " " + "y".repeat(300));
        }
        status.putObject("lastOperation").put("type", "Reconcile").put("state", "Succeeded");
        return shoot;
    }

    private static ObjectNode shootState(String name) {
        ObjectNode state = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "ShootState");
        state.putObject("metadata").put("name", name).put("namespace", "dev");
        for (int i = 0; i < 64; i++) {
            state.withObjectProperty("spec")
                    .withArrayProperty("gardener")
                    .addObject()
                    .put("name", "secret-" + i)
                    .put("type", "secret")
                    .putObject("data")
                    .put("data", "z".repeat(4000));
        }
        return state;
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}

package cloud.gardener.apiserver.registry.lookup;

import static cloud.gardener.apiserver.storage.testing.OnLoop.eventually;
import static cloud.gardener.apiserver.storage.testing.OnLoop.onLoop;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.plugins.support.Projects;
import cloud.gardener.apiserver.registry.CpuWork;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.StoreReader;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A resource without a watch cache, followed by the admission cache's own watch: a change's index terms are read
 * inline when its value is small and off the event loop when it is large, as the watch cache's attribute pass reads
 * them, and the changes after a large one wait for it, so the objects and their index follow the watch in order.
 */
class ObjectCacheOwnWatchTest {

    private static final String ROOT = "/registry/core.gardener.cloud/projects/";

    private final Vertx vertx = Vertx.vertx();
    /** The store's delivery context: the listener is called from it, as a store calls it. */
    private final Context loop = vertx.getOrCreateContext();

    private volatile WatchListener listener;
    private ObjectCache cache;

    /** An empty store whose one watch the test feeds. */
    private final StoreReader store = new StoreReader() {
        @Override
        public Future<StoredObject> get(String key) {
            return Future.succeededFuture(null);
        }

        @Override
        public Future<ListPage> list(ListRequest request) {
            return Future.succeededFuture(new ListPage(List.of(), 10, null, null));
        }

        @Override
        public WatchSubscription watch(String keyOrPrefix, long afterRevision, WatchListener l) {
            listener = l;
            return new WatchSubscription() {
                @Override
                public void requestProgress() {}

                @Override
                public void close() {}
            };
        }

        @Override
        public Future<Long> currentRevision() {
            return Future.succeededFuture(10L);
        }
    };

    @BeforeEach
    void start() throws Exception {
        cache = new ObjectCache(vertx, store, List.of(new CachedResource(ROOT, true, null, Projects.INDEXES)));
        onLoop(loop, () -> cache.start())
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        assertThat(listener).isNotNull();
    }

    @AfterEach
    void stop() {
        cache.close();
        vertx.close();
    }

    /** A Project in {@code namespace}, padded past {@link CpuWork#INLINE_BYTES} when {@code large}. */
    private static StoredObject project(String name, String namespace, boolean large, long revision) {
        String padding = large ? "x".repeat(CpuWork.INLINE_BYTES + 1) : "";
        String json = "{\"apiVersion\":\"core.gardener.cloud/v1beta1\",\"kind\":\"Project\",\"metadata\":{\"name\":\""
                + name + "\",\"annotations\":{\"padding\":\"" + padding + "\"}},\"spec\":{\"namespace\":\""
                + namespace + "\"}}";
        return new StoredObject(ROOT + name, json.getBytes(StandardCharsets.UTF_8), revision, revision);
    }

    private static WatchEvent put(StoredObject o) {
        return new WatchEvent(WatchEvent.Type.PUT, o.key(), o, null);
    }

    private static WatchEvent delete(StoredObject previous, long revision) {
        return new WatchEvent(
                WatchEvent.Type.DELETE,
                previous.key(),
                new StoredObject(previous.key(), new byte[0], revision, previous.createRevision()),
                previous);
    }

    private List<String> candidates(String namespace) {
        return cache.candidatesNow(ROOT, Projects.NAMESPACE, namespace).stream()
                .map(o -> o.path("metadata").path("name").asText())
                .toList();
    }

    private String namespaceOf(String name) {
        ObjectNode o = cache.getNow(ROOT + name);
        return o == null ? null : o.path("spec").path("namespace").asText();
    }

    @Test
    void smallChangesAreAppliedAtOnceOnTheListenersThread() throws Exception {
        StoredObject a = project("a", "garden-a", false, 11);
        boolean applied = onLoop(loop, () -> {
            listener.onEvent(put(a));
            return cache.getNow(a.key()) != null && candidates("garden-a").equals(List.of("a"));
        });
        assertThat(applied).isTrue();

        onLoop(loop, () -> {
            listener.onEvent(delete(a, 12));
            return null;
        });
        assertThat(cache.getNow(a.key())).isNull();
        assertThat(candidates("garden-a")).isEmpty();
    }

    @Test
    void aLargeChangesTermsAreReadOffTheLoopAndTheChangesAfterItWaitInOrder() throws Exception {
        StoredObject largeA = project("a", "garden-x", true, 11);
        StoredObject b = project("b", "garden-b", false, 12);
        StoredObject smallA = project("a", "garden-y", false, 13);
        StoredObject largeC = project("c", "garden-c", true, 14);
        // every thread of CpuWork's pool busy until the loop's step is over: the large reads wait for a thread
        // (else a worker may finish one before the loop asks, which is allowed and would race the check below)
        CountDownLatch release = new CountDownLatch(1);
        int threads = Math.max(2, Runtime.getRuntime().availableProcessors());
        WorkerExecutor pool = vertx.createSharedWorkerExecutor("gardener-apiserver-cpu", threads);
        for (int i = 0; i < threads; i++) {
            pool.executeBlocking(() -> release.await(10, TimeUnit.SECONDS), false);
        }
        boolean appliedOnTheLoop = onLoop(loop, () -> {
            listener.onEvent(put(largeA));
            listener.onEvent(put(b));
            listener.onEvent(put(smallA));
            listener.onEvent(put(largeC));
            listener.onEvent(delete(largeC, 15));
            // the large value's terms are being read on a worker: nothing after it has been applied yet
            return cache.getNow(largeA.key()) != null || cache.getNow(b.key()) != null;
        });
        assertThat(appliedOnTheLoop)
                .as("a large value's terms are not read on the loop")
                .isFalse();
        release.countDown();

        eventually(() -> cache.getNow(b.key()) != null);
        eventually(() -> cache.getNow(largeC.key()) == null && "garden-y".equals(namespaceOf("a")));
        // in the watch's order: the later small change of "a" wins over the large one, the delete over the put
        assertThat(cache.getNow(largeA.key())
                        .path("metadata")
                        .path("resourceVersion")
                        .asText())
                .isEqualTo("13");
        assertThat(candidates("garden-y")).containsExactly("a");
        assertThat(candidates("garden-x")).isEmpty();
        assertThat(candidates("garden-b")).containsExactly("b");
        assertThat(candidates("garden-c")).isEmpty();
        assertThat(cache.getNow(largeC.key())).isNull();
    }
}

package cloud.gardener.apiserver.endpoints.handlers;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SharedWatchEventsTest {

    private static ObjectNode decode(StoredObject so) {
        ObjectNode obj = (ObjectNode) Json.readTree(so.value());
        ((ObjectNode) obj.get("metadata")).put("resourceVersion", Long.toString(so.modRevision()));
        return obj;
    }

    private static StoredObject stored(String name, String label, long revision) {
        String json = "{\"metadata\":{\"name\":\"" + name + "\",\"labels\":{\"l\":\"" + label + "\"}}}";
        return new StoredObject("/r/configmaps/ns/" + name, json.getBytes(StandardCharsets.UTF_8), revision, 1);
    }

    private static WatchEvent update(String name, long revision) {
        return new WatchEvent(
                WatchEvent.Type.PUT,
                "/r/configmaps/ns/" + name,
                stored(name, "new", revision),
                stored(name, "old", revision - 1));
    }

    @Test
    void twoHundredWatchersOnSeveralThreadsDecodeAndEncodeEachChangeOnce() throws Exception {
        SharedWatchEvents shared = new SharedWatchEvents(SharedWatchEvents.DEFAULT_BUDGET_BYTES);
        AtomicInteger encoded = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Buffer>> results = new ArrayList<>();
            for (int watcher = 0; watcher < 200; watcher++) {
                // each watcher has its own copy of the event, as separate etcd watches deliver them
                WatchEvent event = update("a", 7);
                results.add(pool.submit(() -> {
                    start.await();
                    SharedWatchEvents.Change change = shared.of(event, SharedWatchEventsTest::decode);
                    return change.encoded("MODIFIED|json", () -> {
                        encoded.incrementAndGet();
                        return Buffer.buffer(Json.toBytes(change.current()));
                    });
                }));
            }
            start.countDown();
            Buffer first = results.get(0).get(10, TimeUnit.SECONDS);
            for (Future<Buffer> result : results) {
                assertThat(result.get(10, TimeUnit.SECONDS)).isSameAs(first);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(encoded.get()).isEqualTo(1);
        assertThat(shared.encodings()).isEqualTo(1);
        assertThat(shared.decodes()).as("the previous object was never needed").isEqualTo(1);
    }

    @Test
    void eachRenderingIsEncodedOnceAndTheLeavingObjectIsACopy() {
        SharedWatchEvents shared = new SharedWatchEvents(SharedWatchEvents.DEFAULT_BUDGET_BYTES);
        SharedWatchEvents.Change change = shared.of(update("a", 9), SharedWatchEventsTest::decode);
        change.encoded("json", () -> Buffer.buffer("j"));
        change.encoded("protobuf", () -> Buffer.buffer("p"));
        change.encoded("json", () -> Buffer.buffer("again"));
        assertThat(shared.encodings()).isEqualTo(2);
        assertThat(change.encoded("json", () -> Buffer.buffer("x")).toString()).isEqualTo("j");

        ObjectNode left = change.leftSelector();
        assertThat(left.at("/metadata/resourceVersion").asText()).isEqualTo("9");
        assertThat(left.at("/metadata/labels/l").asText()).isEqualTo("old");
        assertThat(change.previous().at("/metadata/resourceVersion").asText())
                .as("the shared previous object is not changed")
                .isEqualTo("8");
        assertThat(shared.of(update("a", 9), SharedWatchEventsTest::decode)).isSameAs(change);
    }

    @Test
    void changesBeyondTheBudgetAreForgottenOldestFirst() {
        SharedWatchEvents shared = new SharedWatchEvents(1);
        SharedWatchEvents.Change first = shared.of(update("a", 2), SharedWatchEventsTest::decode);
        assertThat(shared.of(update("a", 2), SharedWatchEventsTest::decode))
                .as("the newest change stays")
                .isSameAs(first);
        shared.of(update("b", 3), SharedWatchEventsTest::decode);
        assertThat(shared.of(update("a", 2), SharedWatchEventsTest::decode)).isNotSameAs(first);
    }
}

package cloud.gardener.apiserver.server;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.e2e.WatchStream;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.VertxOptions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The largest bodies the server takes (3 MiB of JSON and YAML, big patches, big answers) and watches of the largest
 * objects never hold an event loop: Vert.x's blocked-thread checker, set far stricter than its default of two seconds,
 * reports no task that held its loop (spent the limit in CPU or waited; see {@link HeldLoops}), and
 * {@code /readyz}, probed all along, keeps answering fast.
 */
@Tag("integration")
class EventLoopLatencyTest {

    /** The longest an event loop may run one task here; the default is 2 s. */
    private static final long MAX_EVENT_LOOP_MILLIS = 100;

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension()
            .withVertxOptions(new VertxOptions()
                    .setBlockedThreadCheckInterval(10)
                    .setBlockedThreadCheckIntervalUnit(TimeUnit.MILLISECONDS)
                    .setMaxEventLoopExecuteTime(MAX_EVENT_LOOP_MILLIS)
                    .setMaxEventLoopExecuteTimeUnit(TimeUnit.MILLISECONDS)
                    // with the stack of the blocked thread, which says what held it
                    .setWarningExceptionTime(MAX_EVENT_LOOP_MILLIS)
                    .setWarningExceptionTimeUnit(TimeUnit.MILLISECONDS));

    private static final Map<String, String> YAML = Map.of("Content-Type", "application/yaml");
    private static final int THREE_MIB = 3 << 20;

    private HeldLoops loops;

    @BeforeEach
    void watchTheChecker() {
        loops = new HeldLoops(MAX_EVENT_LOOP_MILLIS);
    }

    @AfterEach
    void stopWatching() throws InterruptedException {
        loops.close();
    }

    /** A Secret whose JSON is just under {@code bytes}: one huge value, or many small keys. */
    private static ObjectNode secret(String name, int bytes, boolean manyKeys) {
        ObjectNode obj = Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "Secret");
        obj.putObject("metadata").put("name", name);
        ObjectNode data = obj.putObject("data");
        if (manyKeys) {
            String value = Base64.getEncoder().encodeToString(new byte[48]);
            for (int i = 0; (long) i * (value.length() + 16) < bytes - 1024; i++) {
                data.put("key-" + i, value);
            }
        } else {
            data.put("big", Base64.getEncoder().encodeToString(new byte[(bytes - 1024) / 4 * 3]));
        }
        return obj;
    }

    private static String yaml(ObjectNode obj) throws Exception {
        return Json.YAML.writeValueAsString(obj);
    }

    @Test
    void theLargestBodiesLeaveTheEventLoopsFree() throws Exception {
        TestClient admin = SERVER.admin();
        String ns = Fixtures.createNamespace(admin, "loops");
        String secrets = "/api/v1/namespaces/" + ns + "/secrets";
        // warm up: the first requests load classes and build serializers (also for the error answers), which
        // the checker would count too
        for (int i = 0; i < 3; i++) {
            admin.post(secrets, secret("warm-" + i, 200_000, true));
            admin.send("POST", secrets, yaml(secret("warm-yaml-" + i, 200_000, true)), YAML);
            admin.post(secrets, secret("warm-too-large-" + i, THREE_MIB, true));
            admin.get(secrets + "/warm-" + i, Map.of("Accept", "application/yaml"));
        }
        loops.clear();

        ReadyzProbe probe = new ReadyzProbe(SERVER.anonymous());
        try {
            // 3 MiB bodies: parsed and decoded in full, then refused as kube-apiserver refuses them: by
            // ValidateSecret's
            // 1 MiB total (422), or by storage (413 over --max-request-bytes, 500 with gRPC's text over its 2 MiB
            // limit)
            assertThat(admin.post(secrets, secret("json-one", THREE_MIB, false)).status())
                    .isIn(201, 413, 422, 500);
            assertThat(admin.post(secrets, secret("json-many", THREE_MIB, true)).status())
                    .isIn(201, 413, 422, 500);
            assertThat(admin.send("POST", secrets, yaml(secret("yaml-one", THREE_MIB, false)), YAML)
                            .status())
                    .isIn(201, 413, 422, 500);
            assertThat(admin.send("POST", secrets, yaml(secret("yaml-many", THREE_MIB, true)), YAML)
                            .status())
                    .isIn(201, 413, 422, 500);
            // the largest objects storage keeps, updated, patched and read back
            ObjectNode big = secret("big", 1_300_000, true);
            TestClient.Response created = admin.post(secrets, big);
            assertThat(created.status()).as(created.body()).isEqualTo(201);
            TestClient.Response put = admin.put(secrets + "/big", created.json());
            assertThat(put.status()).as(put.body()).isEqualTo(200);
            ObjectNode patch = Json.MAPPER.createObjectNode();
            patch.putObject("data")
                    .setAll((ObjectNode) secret("p", 600_000, true).get("data"));
            assertThat(admin.patch(secrets + "/big", Fixtures.MERGE, patch).status())
                    .isEqualTo(200);
            assertThat(admin.patch(secrets + "/big", "application/strategic-merge-patch+json", patch)
                            .status())
                    .isEqualTo(200);
            // a big patch to a small object, as a merge patch and as a JSON patch
            assertThat(admin.post(secrets, secret("small", 1_000, true)).status())
                    .isEqualTo(201);
            assertThat(admin.patch(secrets + "/small", Fixtures.MERGE, patch).status())
                    .isEqualTo(200);
            ArrayNode jsonPatch = Json.MAPPER.createArrayNode();
            jsonPatch
                    .addObject()
                    .put("op", "add")
                    .put("path", "/data/huge")
                    .put("value", Base64.getEncoder().encodeToString(new byte[300_000]));
            assertThat(admin.patch(secrets + "/small", Fixtures.JSON_PATCH, jsonPatch)
                            .status())
                    .isEqualTo(200);
            assertThat(admin.get(secrets + "/big").status()).isEqualTo(200);
            assertThat(admin.get(secrets + "/big", Map.of("Accept", "application/yaml"))
                            .status())
                    .isEqualTo(200);
            assertThat(admin.get(secrets).status()).isEqualTo(200);
        } finally {
            probe.stop();
        }
        assertTheLoopsWereFree(probe);
    }

    /**
     * A watch of the largest objects storage keeps: each change is decoded and encoded for its watchers (once, shared
     * by all of them) off the event loops, and every watcher still gets every change in order. One watcher has a
     * field selector, so the previous object is decoded too, and one asks for a Table, a second rendering.
     */
    @Test
    void watchersOfTheLargestObjectsLeaveTheEventLoopsFree() throws Exception {
        TestClient admin = SERVER.admin();
        String ns = Fixtures.createNamespace(admin, "watch-loops");
        String secrets = "/api/v1/namespaces/" + ns + "/secrets";
        TestClient.Response created = admin.post(secrets, secret("big", 1_300_000, true));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String from = created.json().path("metadata").path("resourceVersion").asText();
        List<WatchStream> watches = List.of(
                WatchStream.open(admin, secrets + "?watch=1&resourceVersion=" + from),
                WatchStream.open(admin, secrets + "?watch=1&fieldSelector=metadata.name%3Dbig&resourceVersion=" + from),
                WatchStream.open(
                        admin,
                        secrets + "?watch=1&resourceVersion=" + from,
                        Map.of("Accept", "application/json;as=Table;v=v1;g=meta.k8s.io")));
        try {
            // warm up: the first events load classes and build serializers, as does the first probe
            assertThat(SERVER.anonymous().get("/readyz").status()).isEqualTo(200);
            ObjectNode next = update(admin, secrets, (ObjectNode) created.json(), 0);
            for (WatchStream watch : watches) {
                watch.expect("MODIFIED", null);
            }
            loops.clear();

            ReadyzProbe probe = new ReadyzProbe(SERVER.anonymous());
            List<String> versions = new ArrayList<>();
            try {
                for (int i = 1; i <= 3; i++) {
                    next = update(admin, secrets, next, i);
                    versions.add(next.path("metadata").path("resourceVersion").asText());
                }
                for (WatchStream watch : watches) {
                    for (String version : versions) {
                        JsonNode event = watch.expect("MODIFIED", null);
                        assertThat(resourceVersion(event)).isEqualTo(version);
                    }
                }
            } finally {
                probe.stop();
            }
            assertTheLoopsWereFree(probe);
        } finally {
            watches.forEach(WatchStream::close);
        }
    }

    /** The big Secret with one of its keys changed. */
    private static ObjectNode update(TestClient admin, String secrets, ObjectNode current, int n) {
        ObjectNode changed = current.deepCopy();
        ((ObjectNode) changed.path("data"))
                .put("key-0", Base64.getEncoder().encodeToString(("update " + n).getBytes(UTF_8)));
        TestClient.Response put = admin.put(secrets + "/big", changed);
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        return (ObjectNode) put.json();
    }

    /** An event's resourceVersion: of the object, or, in a Table, of its one row's object. */
    private static String resourceVersion(JsonNode event) {
        JsonNode object = event.path("object");
        if ("Table".equals(object.path("kind").asText())) {
            object = object.path("rows").path(0).path("object");
        }
        return object.path("metadata").path("resourceVersion").asText();
    }

    private void assertTheLoopsWereFree(ReadyzProbe probe) {
        assertThat(loops.held())
                .as("tasks that held a loop; loops that only waited for a core: %s", loops.waitedForACore())
                .isEmpty();
        assertThat(probe.codes()).isNotEmpty().containsOnly(200);
        // wall time, so on a loaded machine only a gross stall (the seconds a held loop once cost) is told apart from
        // waiting for a core; what held a loop is the checker's to say, above
        assertThat(probe.slowestMillis()).isLessThan(2_000);
    }

    /** {@code /readyz}, probed every 10 ms on a thread of its own until stopped. */
    private static final class ReadyzProbe {
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final AtomicLong slowest = new AtomicLong();
        private final List<Integer> codes = new ArrayList<>();
        private final Thread thread;

        ReadyzProbe(TestClient prober) {
            thread = new Thread(() -> {
                while (running.get()) {
                    long start = System.nanoTime();
                    int code = prober.get("/readyz").status();
                    slowest.accumulateAndGet(System.nanoTime() - start, Math::max);
                    synchronized (codes) {
                        codes.add(code);
                    }
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            thread.start();
        }

        void stop() throws InterruptedException {
            running.set(false);
            thread.join();
        }

        List<Integer> codes() {
            synchronized (codes) {
                return List.copyOf(codes);
            }
        }

        long slowestMillis() {
            return TimeUnit.NANOSECONDS.toMillis(slowest.get());
        }
    }
}

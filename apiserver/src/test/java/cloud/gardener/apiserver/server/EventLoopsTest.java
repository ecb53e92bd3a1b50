package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code --event-loops=2}: two listeners on the one port, each on an event loop of its own. Connections are dealt
 * out to both, so requests really run on two threads at once, and creates, reads and lists over many connections
 * at once all come back right.
 */
@Tag("integration")
class EventLoopsTest {

    private static final int CONNECTIONS = 8;
    private static final int OBJECTS_PER_CONNECTION = 12;
    private static final String NS = "event-loops";

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> config.eventLoops(2));

    @Test
    void connectionsAreServedByTwoEventLoopsAndEveryRequestComesBackRight() throws Exception {
        TestClient admin = SERVER.admin();
        assertThat(admin.post("/api/v1/namespaces", Map.of("metadata", Map.of("name", NS)))
                        .status())
                .isEqualTo(201);
        Map<String, Long> before = SERVER.server().requestsByEventLoop();

        // a client (and so a connection) per worker, all at once
        ExecutorService pool = Executors.newFixedThreadPool(CONNECTIONS);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<List<String>>> workers = new ArrayList<>();
        try {
            for (int c = 0; c < CONNECTIONS; c++) {
                int connection = c;
                TestClient client = SERVER.admin();
                workers.add(pool.submit(() -> {
                    go.await();
                    List<String> problems = new ArrayList<>();
                    for (int i = 0; i < OBJECTS_PER_CONNECTION; i++) {
                        String name = "cm-" + connection + "-" + i;
                        TestClient.Response created = client.post(
                                "/api/v1/namespaces/" + NS + "/configmaps",
                                Map.of("metadata", Map.of("name", name), "data", Map.of("n", name)));
                        if (created.status() != 201) {
                            problems.add("create " + name + ": " + created.status() + " " + created.body());
                            continue;
                        }
                        TestClient.Response read = client.get("/api/v1/namespaces/" + NS + "/configmaps/" + name);
                        if (read.status() != 200
                                || !name.equals(
                                        read.json().path("data").path("n").asText())) {
                            problems.add("get " + name + ": " + read.status() + " " + read.body());
                        }
                    }
                    return problems;
                }));
            }
            go.countDown();
            for (Future<List<String>> worker : workers) {
                assertThat(worker.get(120, TimeUnit.SECONDS)).isEmpty();
            }
        } finally {
            pool.shutdownNow();
        }

        TestClient.Response list = admin.get("/api/v1/namespaces/" + NS + "/configmaps");
        assertThat(list.json().path("items")).hasSize(CONNECTIONS * OBJECTS_PER_CONNECTION);

        Map<String, Long> after = SERVER.server().requestsByEventLoop();
        assertThat(after).hasSize(2);
        assertThat(after.keySet()).allMatch(thread -> thread.startsWith("vert.x-eventloop-thread-"));
        for (Map.Entry<String, Long> loop : after.entrySet()) {
            assertThat(loop.getValue() - before.getOrDefault(loop.getKey(), 0L))
                    .as("requests served by " + loop.getKey())
                    .isPositive();
        }
    }
}

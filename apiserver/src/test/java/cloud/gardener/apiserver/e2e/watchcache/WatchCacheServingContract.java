package cloud.gardener.apiserver.e2e.watchcache;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.q;
import static cloud.gardener.apiserver.e2e.Fixtures.rv;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.WatchStream;
import cloud.gardener.apiserver.metrics.Scrape;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * GET, LIST and WATCH of Shoots through the server's watch cache, run against each store by a subclass: what is
 * served from the cache shows in its metrics (and in the store's request metrics not moving).
 */
@Tag("integration")
abstract class WatchCacheServingContract {

    static final String SHOOTS = "shoots.core.gardener.cloud";
    static final String PREFIX = "/core.gardener.cloud/shoots";
    static final String ALL_SHOOTS = "/apis/core.gardener.cloud/v1beta1/shoots";

    abstract ApiServerExtension server();

    private TestClient admin() {
        return server().admin();
    }

    private Scrape scrape() {
        return Scrape.of(admin());
    }

    private static double cacheLists(Scrape s, String index) {
        return s.counter("apiserver_cache_list_total", Map.of("resource_prefix", PREFIX, "index", index));
    }

    private static long storeGets(Scrape s) {
        return s.histogramCount("etcd_request_duration_seconds", Map.of("operation", "get", "type", SHOOTS));
    }

    private static long storeLists(Scrape s) {
        return s.histogramCount("etcd_request_duration_seconds", Map.of("operation", "list", "type", SHOOTS));
    }

    /** rv=0 may trail a write a little (any state the cache has): retried until it shows the object. */
    private JsonNode listAtZeroUntil(String path, String name) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            JsonNode list = admin().get(path + (path.contains("?") ? "&" : "?") + "resourceVersion=0")
                    .json();
            List<String> names = names(list);
            if (names.contains(name) || System.nanoTime() > deadline) {
                return list;
            }
        }
    }

    private static List<String> names(JsonNode list) {
        List<String> names = new ArrayList<>();
        list.path("items")
                .forEach(i -> names.add(i.path("metadata").path("name").asText()));
        return names;
    }

    @Test
    void getAndListAtResourceVersionZeroAreServedByTheCache() {
        String ns = createProjectNamespace(admin(), "wc-zero");
        create(admin(), shoots(ns), shootObject("z1"));
        listAtZeroUntil(shoots(ns), "z1");

        Scrape before = scrape();
        JsonNode list = admin().get(shoots(ns) + "?resourceVersion=0").json();
        assertThat(names(list)).containsExactly("z1");
        JsonNode got = admin().get(shoot(ns, "z1") + "?resourceVersion=0").json();
        assertThat(got.path("metadata").path("name").asText()).isEqualTo("z1");
        Scrape after = Scrape.until(admin(), s -> cacheLists(s, "") > cacheLists(before, ""));

        assertThat(cacheLists(after, "")).isEqualTo(cacheLists(before, "") + 1);
        assertThat(after.counter("apiserver_cache_list_returned_objects_total", Map.of("resource_prefix", PREFIX)))
                .isGreaterThanOrEqualTo(
                        before.counter("apiserver_cache_list_returned_objects_total", Map.of("resource_prefix", PREFIX))
                                + 1);
        assertThat(storeGets(after)).as("no get of a Shoot from the store").isEqualTo(storeGets(before));
        assertThat(storeLists(after)).as("no list of Shoots from the store").isEqualTo(storeLists(before));
    }

    @Test
    void aConsistentListOrGetRightAfterAWriteSeesIt() {
        String ns = createProjectNamespace(admin(), "wc-consistent");
        for (int i = 0; i < 20; i++) {
            JsonNode created = create(admin(), shoots(ns), shootObject("c" + i));
            JsonNode list = admin().get(shoots(ns)).json();
            assertThat(names(list)).as("round %d", i).contains("c" + i);
            assertThat(Long.parseLong(rv(list))).isGreaterThanOrEqualTo(Long.parseLong(rv(created)));
            assertThat(rv(admin().get(shoot(ns, "c" + i)).json())).isEqualTo(rv(created));
            // not older than the write: from the cache once it has seen it
            assertThat(names(admin().get(shoots(ns) + "?resourceVersion=" + rv(created)
                                    + "&resourceVersionMatch=NotOlderThan")
                            .json()))
                    .contains("c" + i);
        }
    }

    /** On etcd 3.4 too: its revisions of the range's keys (no values) show that the cache holds the range. */
    @Test
    void aConsistentListOfAQuietResourceIsTheCachesPage() {
        String ns = createProjectNamespace(admin(), "wc-quiet");
        JsonNode created = create(admin(), shoots(ns), shootObject("q1"));
        listAtZeroUntil(shoots(ns), "q1");

        Scrape before = scrape();
        JsonNode list = admin().get(shoots(ns)).json();
        assertThat(names(list)).containsExactly("q1");
        assertThat(Long.parseLong(rv(list))).isGreaterThanOrEqualTo(Long.parseLong(rv(created)));
        Scrape after = Scrape.until(admin(), s -> cacheLists(s, "") > cacheLists(before, ""));
        assertThat(cacheLists(after, "")).isEqualTo(cacheLists(before, "") + 1);
    }

    @Test
    void aRevisionFromTheFutureIsTooLarge() {
        String ns = createProjectNamespace(admin(), "wc-future");
        JsonNode created = create(admin(), shoots(ns), shootObject("f1"));
        long future = Long.parseLong(rv(created)) + 1_000_000;
        assertStatus(admin().get(shoot(ns, "f1") + "?resourceVersion=" + future), 504, "Timeout");
    }

    @Test
    void selectorsAreAnsweredFromTheIndexAndTheAttributes() {
        String ns = createProjectNamespace(admin(), "wc-select");
        create(admin(), shoots(ns), shootObject("s1", "tier", "gold"));
        create(admin(), shoots(ns), shootObject("s2", "tier", "silver"));
        listAtZeroUntil(shoots(ns), "s2");

        Scrape before = scrape();
        JsonNode byNamespace = admin().get(
                        ALL_SHOOTS + "?resourceVersion=0&fieldSelector=" + q("metadata.namespace=" + ns))
                .json();
        assertThat(names(byNamespace)).containsExactly("s1", "s2");
        JsonNode bySeed = admin().get(ALL_SHOOTS + "?resourceVersion=0&fieldSelector=" + q("spec.seedName=nowhere"))
                .json();
        assertThat(names(bySeed)).isEmpty();
        JsonNode byLabel = admin().get(shoots(ns) + "?resourceVersion=0&labelSelector=" + q("tier=gold"))
                .json();
        assertThat(names(byLabel)).containsExactly("s1");
        Scrape after = Scrape.until(admin(), s -> cacheLists(s, "spec.seedName") > cacheLists(before, "spec.seedName"));

        assertThat(cacheLists(after, "metadata.namespace")).isEqualTo(cacheLists(before, "metadata.namespace") + 1);
        assertThat(cacheLists(after, "spec.seedName")).isEqualTo(cacheLists(before, "spec.seedName") + 1);
        assertThat(cacheLists(after, "")).isEqualTo(cacheLists(before, "") + 1);
        // the namespace index fetched the namespace's two Shoots only, not every Shoot of the server
        double fetchedByIndex = after.counter(
                        "apiserver_cache_list_fetched_objects_total",
                        Map.of("resource_prefix", PREFIX, "index", "metadata.namespace"))
                - before.counter(
                        "apiserver_cache_list_fetched_objects_total",
                        Map.of("resource_prefix", PREFIX, "index", "metadata.namespace"));
        assertThat(fetchedByIndex).isEqualTo(2);
    }

    @Test
    void pagesAtResourceVersionZeroComeFromTheCache() {
        String ns = createProjectNamespace(admin(), "wc-pages");
        for (String name : List.of("p1", "p2", "p3", "p4", "p5")) {
            create(admin(), shoots(ns), shootObject(name));
        }
        listAtZeroUntil(shoots(ns), "p5");
        Scrape before = scrape();
        JsonNode first = admin().get(shoots(ns) + "?resourceVersion=0&limit=2").json();
        List<String> names = new ArrayList<>(names(first));
        assertThat(first.path("metadata").path("remainingItemCount").asLong()).isEqualTo(3);
        String token = first.path("metadata").path("continue").asText();
        int pages = 1;
        while (!token.isEmpty()) {
            JsonNode page =
                    admin().get(shoots(ns) + "?limit=2&continue=" + q(token)).json();
            assertThat(rv(page)).isEqualTo(rv(first));
            names.addAll(names(page));
            token = page.path("metadata").path("continue").asText();
            pages++;
        }
        assertThat(names).containsExactly("p1", "p2", "p3", "p4", "p5");
        int expectedPages = pages;
        Scrape after = Scrape.until(admin(), s -> cacheLists(s, "") >= cacheLists(before, "") + expectedPages);
        assertThat(cacheLists(after, "")).isEqualTo(cacheLists(before, "") + pages);
        assertThat(storeLists(after)).as("no page from the store").isEqualTo(storeLists(before));
    }

    @Test
    void aWatchFromBeforeTheCompactedHistoryIsGoneAndOneFromInsideReplays() {
        String ns = createProjectNamespace(admin(), "wc-gone");
        JsonNode first = create(admin(), shoots(ns), shootObject("g1"));
        JsonNode second = create(admin(), shoots(ns), shootObject("g2"));
        try (WatchStream w = WatchStream.open(admin(), shoots(ns) + "?watch=true&resourceVersion=" + rv(first))) {
            assertThat(w.status()).isEqualTo(200);
            assertThat(rv(w.expect("ADDED", "g2").path("object"))).isEqualTo(rv(second));
        }
        server().storage()
                .compact(Long.parseLong(rv(second)))
                .toCompletionStage()
                .toCompletableFuture()
                .join();
        try (WatchStream w = WatchStream.open(
                admin(), shoots(ns) + "?watch=true&resourceVersion=" + (Long.parseLong(rv(first)) - 1))) {
            JsonNode error = w.next();
            assertThat(error.path("type").asText()).isEqualTo("ERROR");
            assertThat(error.path("object").path("code").asInt()).isEqualTo(410);
            assertThat(error.path("object").path("reason").asText()).isEqualTo("Expired");
            assertThat(error.path("object").path("message").asText()).startsWith("too old resource version");
            assertThat(w.awaitEnd(5_000)).isTrue();
        }
    }

    @Test
    void cacheMetricsMove() {
        Scrape before = scrape();
        assertThat(before.gauge("watch_cache_capacity", Map.of("resource", SHOOTS)))
                .isGreaterThanOrEqualTo(100);
        assertThat(before.counter("apiserver_watch_cache_initializations_total", Map.of("resource", SHOOTS)))
                .isGreaterThanOrEqualTo(1);
        String ns = createProjectNamespace(admin(), "wc-metrics");
        JsonNode created = create(admin(), shoots(ns), shootObject("m1"));
        Scrape after = Scrape.until(
                admin(),
                s -> s.gauge("apiserver_watch_cache_resource_version", Map.of("resource", SHOOTS))
                        >= Double.parseDouble(rv(created)));
        assertThat(after.counter("apiserver_watch_cache_events_received_total", Map.of("resource", SHOOTS)))
                .isGreaterThan(
                        before.counter("apiserver_watch_cache_events_received_total", Map.of("resource", SHOOTS)));
        assertThat(after.counter("apiserver_watch_cache_events_dispatched_total", Map.of("resource", SHOOTS)))
                .isGreaterThan(
                        before.counter("apiserver_watch_cache_events_dispatched_total", Map.of("resource", SHOOTS)));
        assertThat(after.gauge("apiserver_watch_cache_resource_version", Map.of("resource", SHOOTS)))
                .isGreaterThanOrEqualTo(Double.parseDouble(rv(created)));
    }

    @Test
    void theServerIsReadyOnceTheCachesAreFilled() {
        TestClient.Response ready = admin().get("/readyz?verbose");
        assertThat(ready.status()).as(ready.body()).isEqualTo(200);
    }
}

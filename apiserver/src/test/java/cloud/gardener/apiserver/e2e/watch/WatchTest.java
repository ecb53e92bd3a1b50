package cloud.gardener.apiserver.e2e.watch;

import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.TABLE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.confirmDeletion;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.deleteConfirmed;
import static cloud.gardener.apiserver.e2e.Fixtures.q;
import static cloud.gardener.apiserver.e2e.Fixtures.rv;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.e2e.WatchStream;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Watch framing, start semantics, selectors, bookmarks and errors (protocol sections 5.4–5.6, 7.2). */
@Tag("integration")
class WatchTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    static TestClient admin;

    @BeforeAll
    static void client() {
        admin = SERVER.admin();
    }

    @Test
    void withoutResourceVersionTheCurrentStateComesFirst() {
        String ns = createProjectNamespace(admin, "w-unset");
        JsonNode x = create(admin, shoots(ns), shootObject("x"));
        try (WatchStream w = WatchStream.open(admin, shoots(ns) + "?watch=true")) {
            assertThat(w.status()).isEqualTo(200);
            assertThat(w.header("Content-Type")).isEqualTo("application/json");
            JsonNode added = w.expect("ADDED", "x");
            assertThat(added.path("object").path("kind").asText()).isEqualTo("Shoot");
            assertThat(added.path("object").path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
            assertThat(rv(added.path("object"))).isEqualTo(rv(x));

            JsonNode y = create(admin, shoots(ns), shootObject("y"));
            assertThat(rv(w.expect("ADDED", "y").path("object"))).isEqualTo(rv(y));
            JsonNode patched = admin.patch(
                            shoot(ns, "y"),
                            MERGE,
                            "{\"metadata\":{\"labels\":{\"a\":\"b\"},"
                                    + "\"annotations\":{\"confirmation.gardener.cloud/deletion\":\"true\"}}}")
                    .json();
            JsonNode modified = w.expect("MODIFIED", "y");
            assertThat(rv(modified.path("object"))).isEqualTo(rv(patched));
            assertThat(modified.path("object")
                            .path("metadata")
                            .path("labels")
                            .path("a")
                            .asText())
                    .isEqualTo("b");
            admin.delete(shoot(ns, "y"));
            JsonNode deleted = w.expect("DELETED", "y");
            assertThat(Long.parseLong(rv(deleted.path("object")))).isGreaterThan(Long.parseLong(rv(patched)));
            w.expectNothing(300);
        }
    }

    @Test
    void fromAListResourceVersionThereAreNoSyntheticEvents() {
        String ns = createProjectNamespace(admin, "w-rv");
        create(admin, shoots(ns), shootObject("old"));
        String listRv = rv(admin.get(shoots(ns)).json());
        try (WatchStream w = WatchStream.open(admin, shoots(ns) + "?watch=1&resourceVersion=" + listRv)) {
            assertThat(w.status()).isEqualTo(200);
            create(admin, shoots(ns), shootObject("new"));
            w.expect("ADDED", "new");
        }
        // resourceVersion=0 is "any": the current state again
        try (WatchStream w = WatchStream.open(admin, shoots(ns) + "?watch=true&resourceVersion=0")) {
            w.expect("ADDED", "new");
            w.expect("ADDED", "old");
        }
    }

    @Test
    void objectsEnteringAndLeavingTheSelector() {
        String ns = createProjectNamespace(admin, "w-sel");
        create(admin, shoots(ns), shootObject("s"));
        String listRv = rv(admin.get(shoots(ns)).json());
        try (WatchStream w = WatchStream.open(
                admin, shoots(ns) + "?watch=true&resourceVersion=" + listRv + "&labelSelector=" + q("app=web"))) {
            create(admin, shoots(ns), shootObject("other"));
            admin.patch(shoot(ns, "s"), MERGE, "{\"metadata\":{\"labels\":{\"app\":\"web\"}}}");
            JsonNode entered = w.expect("ADDED", "s");
            assertThat(entered.path("object")
                            .path("metadata")
                            .path("labels")
                            .path("app")
                            .asText())
                    .isEqualTo("web");
            admin.patch(shoot(ns, "s"), MERGE, "{\"metadata\":{\"annotations\":{\"k\":\"v\"}}}");
            w.expect("MODIFIED", "s");
            JsonNode left = admin.patch(shoot(ns, "s"), MERGE, "{\"metadata\":{\"labels\":{\"app\":\"db\"}}}")
                    .json();
            JsonNode deleted = w.expect("DELETED", "s");
            assertThat(rv(deleted.path("object"))).isEqualTo(rv(left));
            deleteConfirmed(admin, shoot(ns, "other"));
            w.expectNothing(300);
        }
    }

    @Test
    void fieldSelectorOnOneName() {
        String ns = createProjectNamespace(admin, "w-name");
        create(admin, shoots(ns), shootObject("one"));
        create(admin, shoots(ns), shootObject("two"));
        try (WatchStream w =
                WatchStream.open(admin, shoots(ns) + "?watch=true&fieldSelector=" + q("metadata.name=one"))) {
            w.expect("ADDED", "one");
            admin.patch(shoot(ns, "two"), MERGE, "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}");
            confirmDeletion(admin, shoot(ns, "one"));
            w.expect("MODIFIED", "one");
            admin.delete(shoot(ns, "one"));
            w.expect("DELETED", "one");
            w.expectNothing(300);
        }
    }

    @Test
    void timeoutSecondsEndsTheStream() {
        String ns = createProjectNamespace(admin, "w-timeout");
        long start = System.nanoTime();
        try (WatchStream w = WatchStream.open(admin, shoots(ns) + "?watch=true&timeoutSeconds=1")) {
            assertThat(w.status()).isEqualTo(200);
            assertThat(w.awaitEnd(5_000)).as("stream closed by the server").isTrue();
        }
        assertThat((System.nanoTime() - start) / 1_000_000).isBetween(800L, 5_000L);
    }

    @Test
    void sendInitialEventsEndsWithABookmark() {
        String ns = createProjectNamespace(admin, "w-list");
        create(admin, shoots(ns), shootObject("i1"));
        create(admin, shoots(ns), shootObject("i2"));
        try (WatchStream w = WatchStream.open(
                admin,
                shoots(ns)
                        + "?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true")) {
            w.expect("ADDED", "i1");
            w.expect("ADDED", "i2");
            JsonNode bookmark = w.next();
            assertThat(bookmark.path("type").asText()).isEqualTo("BOOKMARK");
            JsonNode obj = bookmark.path("object");
            assertThat(obj.path("kind").asText()).isEqualTo("Shoot");
            assertThat(obj.path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
            assertThat(obj.path("metadata")
                            .path("annotations")
                            .path("k8s.io/initial-events-end")
                            .asText())
                    .isEqualTo("true");
            assertThat(obj.path("metadata").path("resourceVersion").asText()).isNotEmpty();
            assertThat(obj.has("spec")).isFalse();
            create(admin, shoots(ns), shootObject("i3"));
            w.expect("ADDED", "i3");
        }
        JsonNode status = assertStatus(admin.get(shoots(ns) + "?watch=true&sendInitialEvents=true"), 422, "Invalid");
        assertThat(status.path("message").asText())
                .contains("sendInitialEvents requires setting resourceVersionMatch to NotOlderThan");
        assertStatus(
                admin.get(shoots(ns) + "?watch=true&resourceVersion=1&resourceVersionMatch=NotOlderThan"),
                422,
                "Invalid");
    }

    @Test
    void compactedStartRevisionIsAnErrorEventInsideTheStream() {
        String ns = createProjectNamespace(admin, "w-gone");
        JsonNode first = create(admin, shoots(ns), shootObject("g1"));
        JsonNode second = create(admin, shoots(ns), shootObject("g2"));
        SERVER.storage()
                .compact(Long.parseLong(rv(second)))
                .toCompletionStage()
                .toCompletableFuture()
                .join();
        try (WatchStream w = WatchStream.open(
                admin, shoots(ns) + "?watch=true&resourceVersion=" + (Long.parseLong(rv(first)) - 1))) {
            assertThat(w.status()).isEqualTo(200);
            JsonNode error = w.next();
            assertThat(error.path("type").asText()).isEqualTo("ERROR");
            JsonNode status = error.path("object");
            assertThat(status.path("kind").asText()).isEqualTo("Status");
            assertThat(status.path("apiVersion").asText()).isEqualTo("v1");
            assertThat(status.path("status").asText()).isEqualTo("Failure");
            assertThat(status.path("reason").asText()).isEqualTo("Expired");
            assertThat(status.path("code").asInt()).isEqualTo(410);
            assertThat(w.awaitEnd(5_000)).isTrue();
        }
    }

    @Test
    void tableWatchSendsColumnsOnce() {
        String ns = createProjectNamespace(admin, "w-table");
        create(admin, shoots(ns), shootObject("t1"));
        try (WatchStream w = WatchStream.open(admin, shoots(ns) + "?watch=true", Map.of("Accept", TABLE))) {
            assertThat(w.status()).isEqualTo(200);
            assertThat(w.header("Content-Type")).isEqualTo("application/json");
            JsonNode first = w.next();
            assertThat(first.path("type").asText()).isEqualTo("ADDED");
            JsonNode table = first.path("object");
            assertThat(table.path("kind").asText()).isEqualTo("Table");
            assertThat(table.path("apiVersion").asText()).isEqualTo("meta.k8s.io/v1");
            assertThat(table.path("columnDefinitions").isArray()).isTrue();
            assertThat(table.path("columnDefinitions")).isNotEmpty();
            assertThat(table.path("rows")).hasSize(1);
            assertThat(table.path("rows").get(0).path("object").path("kind").asText())
                    .isEqualTo("PartialObjectMetadata");
            assertThat(table.path("rows")
                            .get(0)
                            .path("object")
                            .path("metadata")
                            .path("name")
                            .asText())
                    .isEqualTo("t1");

            create(admin, shoots(ns), shootObject("t2"));
            JsonNode second = w.next();
            assertThat(second.path("type").asText()).isEqualTo("ADDED");
            assertThat(second.path("object").has("columnDefinitions")).isTrue();
            assertThat(second.path("object").get("columnDefinitions").isNull()).isTrue();
            assertThat(second.path("object")
                            .path("rows")
                            .get(0)
                            .path("object")
                            .path("metadata")
                            .path("name")
                            .asText())
                    .isEqualTo("t2");
        }
    }

    @Test
    void watchingOneObjectByPathAndDeprecatedPrefix() {
        String ns = createProjectNamespace(admin, "w-path");
        create(admin, shoots(ns), shootObject("p"));
        try (WatchStream w =
                WatchStream.open(admin, "/apis/core.gardener.cloud/v1beta1/watch/namespaces/" + ns + "/shoots/p")) {
            assertThat(w.status()).isEqualTo(200);
            w.expect("ADDED", "p");
        }
    }
}

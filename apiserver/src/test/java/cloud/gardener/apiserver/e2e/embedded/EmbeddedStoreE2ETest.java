package cloud.gardener.apiserver.e2e.embedded;

import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.confirmDeletion;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.q;
import static cloud.gardener.apiserver.e2e.Fixtures.rv;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.e2e.WatchStream;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The whole server on the embedded store (no etcd anywhere): the verbs over HTTP, as on etcd. */
@Tag("integration")
class EmbeddedStoreE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER =
            ApiServerExtension.withStorage(EmbeddedStorage::new, Fixtures::withoutShootGardenChecks);

    static TestClient admin;

    @BeforeAll
    static void client() {
        admin = SERVER.admin();
    }

    @Test
    void createGetListWatchAndDelete() {
        assertThat(SERVER.storage()).isInstanceOf(EmbeddedStorage.class);
        String ns = createProjectNamespace(admin, "embedded");
        JsonNode created = create(admin, shoots(ns), shootObject("a"));
        assertThat(created.path("metadata").path("uid").asText()).isNotEmpty();

        JsonNode got = admin.get(shoot(ns, "a")).json();
        assertThat(rv(got)).isEqualTo(rv(created));
        assertThat(got.path("spec").path("region").asText()).isEqualTo("eu-west-1");
        assertStatus(admin.post(shoots(ns), shootObject("a")), 409, "AlreadyExists");
        confirmDeletion(admin, shoot(ns, "a"));

        JsonNode list = admin.get(shoots(ns)).json();
        assertThat(list.path("items"))
                .extracting(i -> i.path("metadata").path("name").asText())
                .containsExactly("a");
        String listRv = rv(list);
        assertThat(Long.parseLong(listRv)).isGreaterThanOrEqualTo(Long.parseLong(rv(created)));

        try (WatchStream w = WatchStream.open(admin, shoots(ns) + "?watch=true&resourceVersion=" + listRv)) {
            assertThat(w.status()).isEqualTo(200);
            JsonNode b = create(admin, shoots(ns), shootObject("b"));
            assertThat(rv(w.expect("ADDED", "b").path("object"))).isEqualTo(rv(b));
            JsonNode patched = admin.patch(shoot(ns, "a"), MERGE, "{\"metadata\":{\"labels\":{\"x\":\"y\"}}}")
                    .json();
            JsonNode modified = w.expect("MODIFIED", "a");
            assertThat(rv(modified.path("object"))).isEqualTo(rv(patched));
            assertThat(modified.path("object")
                            .path("metadata")
                            .path("labels")
                            .path("x")
                            .asText())
                    .isEqualTo("y");

            // A stale resourceVersion conflicts, as on etcd.
            JsonNode stale = created.deepCopy();
            assertStatus(admin.put(shoot(ns, "a"), stale), 409, "Conflict");

            assertThat(admin.delete(shoot(ns, "a")).status()).isEqualTo(200);
            JsonNode deleted = w.expect("DELETED", "a");
            assertThat(Long.parseLong(rv(deleted.path("object")))).isGreaterThan(Long.parseLong(rv(patched)));
            w.expectNothing(300);
        }
        assertStatus(admin.get(shoot(ns, "a")), 404, "NotFound");
    }

    @Test
    void pagesWithContinueTokensAndAnExpiredWatch() {
        String ns = createProjectNamespace(admin, "embedded-pages");
        List<JsonNode> created = new ArrayList<>();
        for (String name : List.of("p1", "p2", "p3", "p4", "p5")) {
            created.add(create(admin, shoots(ns), shootObject(name)));
        }
        JsonNode first = admin.get(shoots(ns) + "?limit=2").json();
        assertThat(first.path("items")).hasSize(2);
        assertThat(first.path("metadata").path("remainingItemCount").asLong()).isEqualTo(3);
        List<String> names = new ArrayList<>();
        first.path("items")
                .forEach(i -> names.add(i.path("metadata").path("name").asText()));
        String token = first.path("metadata").path("continue").asText();
        while (!token.isEmpty()) {
            JsonNode page =
                    admin.get(shoots(ns) + "?limit=2&continue=" + q(token)).json();
            assertThat(rv(page)).isEqualTo(rv(first));
            page.path("items")
                    .forEach(i -> names.add(i.path("metadata").path("name").asText()));
            token = page.path("metadata").path("continue").asText();
        }
        assertThat(names).containsExactly("p1", "p2", "p3", "p4", "p5");

        long last = Long.parseLong(rv(created.get(4)));
        SERVER.storage().compact(last).toCompletionStage().toCompletableFuture().join();
        try (WatchStream w = WatchStream.open(
                admin, shoots(ns) + "?watch=true&resourceVersion=" + (Long.parseLong(rv(created.get(0))) - 1))) {
            JsonNode error = w.next();
            assertThat(error.path("type").asText()).isEqualTo("ERROR");
            assertThat(error.path("object").path("code").asInt()).isEqualTo(410);
            assertThat(error.path("object").path("reason").asText()).isEqualTo("Expired");
        }
    }

    /**
     * Over etcd's 1.5 MiB request limit but under the 3 MiB body limit (a 2.1 MB ShootState): the embedded store
     * refuses as etcd does, and the answer is kube-apiserver's for etcd's error (500, no reason), nothing stored.
     */
    @Test
    void objectsOverTheStoresRequestLimitAreRefusedWithEtcdsMessage() {
        String states = Fixtures.shootStates(createProjectNamespace(admin, "embedded-big"));
        TestClient.Response refused = admin.post(states, Fixtures.shootStateObject("too-big", 2_100_000));
        assertThat(refused.status()).as(refused.body()).isEqualTo(500);
        JsonNode status = refused.json();
        assertThat(status.path("kind").asText()).isEqualTo("Status");
        assertThat(status.path("message").asText()).isEqualTo("etcdserver: request is too large");
        assertThat(status.has("reason")).isFalse();
        assertThat(admin.get(states + "/too-big").status()).isEqualTo(404);
        // a large state under the limit is stored; growing it over the limit is refused the same way
        Fixtures.assertGrowingOverTheRequestLimitIsRefused(admin, states);
    }
}

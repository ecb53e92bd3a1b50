package cloud.gardener.apiserver.e2e.lists;

import static cloud.gardener.apiserver.e2e.Fixtures.CORE;
import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
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
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Paging, resourceVersion semantics and selectors (protocol sections 5.1–5.3). */
@Tag("integration")
class ListSemanticsTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    static TestClient admin;
    /** Five shoots a..e with labels for the selector tests. */
    static String ns;

    @BeforeAll
    static void objects() {
        admin = SERVER.admin();
        ns = createProjectNamespace(admin, "lists");
        create(admin, shoots(ns), shootObject("a", "env", "prod", "tier", "1"));
        create(admin, shoots(ns), shootObject("b", "env", "dev", "tier", "2"));
        create(admin, shoots(ns), shootObject("c", "env", "prod", "tier", "3", "canary", "true"));
        create(admin, shoots(ns), shootObject("d", "env", "qa"));
        create(admin, shoots(ns), shootObject("e"));
        // spec.seedName is the scheduler's: it moves through shoots/binding only
        admin.patch(shoot(ns, "c") + "/binding", MERGE, "{\"spec\":{\"seedName\":\"seed-x\"}}");
        admin.patch(shoot(ns, "d") + "/binding", MERGE, "{\"spec\":{\"seedName\":\"seed-y\"}}");
    }

    private static List<String> names(JsonNode list) {
        List<String> names = new ArrayList<>();
        list.path("items")
                .forEach(i -> names.add(i.path("metadata").path("name").asText()));
        return names;
    }

    private static List<String> select(String param, String selector) {
        TestClient.Response resp = admin.get(shoots(ns) + "?" + param + "=" + q(selector));
        assertThat(resp.status()).as(selector + ": " + resp.body()).isEqualTo(200);
        return names(resp.json());
    }

    @Test
    void pagesKeepTheFirstPagesRevisionAcrossConcurrentWrites() {
        String paged = createProjectNamespace(admin, "paged");
        for (String n : List.of("p1", "p2", "p3", "p4", "p5")) {
            create(admin, shoots(paged), shootObject(n));
        }
        JsonNode first = admin.get(shoots(paged) + "?limit=2").json();
        assertThat(names(first)).containsExactly("p1", "p2");
        String listRv = rv(first);
        String token = first.path("metadata").path("continue").asText();
        assertThat(token).isNotEmpty();
        assertThat(first.path("metadata").path("remainingItemCount").asLong()).isEqualTo(3);

        // writes between pages are not seen: every page is read at the first page's revision
        create(admin, shoots(paged), shootObject("p0"));
        create(admin, shoots(paged), shootObject("p6"));
        deleteConfirmed(admin, shoot(paged, "p4"));

        JsonNode second =
                admin.get(shoots(paged) + "?limit=2&continue=" + q(token)).json();
        assertThat(names(second)).containsExactly("p3", "p4");
        assertThat(rv(second)).isEqualTo(listRv);
        assertThat(second.path("metadata").path("remainingItemCount").asLong()).isEqualTo(1);
        JsonNode third = admin.get(shoots(paged) + "?limit=2&continue="
                        + q(second.path("metadata").path("continue").asText()))
                .json();
        assertThat(names(third)).containsExactly("p5");
        assertThat(rv(third)).isEqualTo(listRv);
        assertThat(third.path("metadata").has("continue")).isFalse();
        assertThat(third.path("metadata").has("remainingItemCount")).isFalse();

        // resourceVersion "0" with continue is allowed; any other RV is not
        assertThat(admin.get(shoots(paged) + "?limit=2&resourceVersion=0&continue=" + q(token))
                        .status())
                .isEqualTo(200);
        JsonNode rvAndContinue = assertStatus(
                admin.get(shoots(paged) + "?limit=2&resourceVersion=" + listRv + "&continue=" + q(token)),
                400,
                "BadRequest");
        assertThat(rvAndContinue.path("message").asText())
                .isEqualTo("specifying resource version is not allowed when using continue");
        assertStatus(
                admin.get(shoots(paged) + "?limit=2&resourceVersion=" + listRv + "&resourceVersionMatch=Exact&continue="
                        + q(token)),
                422,
                "Invalid");
    }

    @Test
    void continueWithSelectorsOmitsRemainingItemCount() {
        JsonNode page = admin.get(shoots(ns) + "?limit=1&labelSelector=" + q("env=prod"))
                .json();
        List<String> all = new ArrayList<>(names(page));
        assertThat(page.path("metadata").has("remainingItemCount")).isFalse();
        int pages = 1;
        while (page.path("metadata").has("continue")) {
            page = admin.get(shoots(ns) + "?limit=1&labelSelector=" + q("env=prod") + "&continue="
                            + q(page.path("metadata").path("continue").asText()))
                    .json();
            assertThat(page.path("metadata").has("remainingItemCount")).isFalse();
            all.addAll(names(page));
            assertThat(++pages).isLessThan(10);
        }
        assertThat(all).containsExactly("a", "c");
    }

    @Test
    void resourceVersionSemantics() {
        String rvNs = createProjectNamespace(admin, "rv");
        JsonNode x = create(admin, shoots(rvNs), shootObject("x"));
        create(admin, shoots(rvNs), shootObject("y"));

        JsonNode exact = admin.get(shoots(rvNs) + "?resourceVersion=" + rv(x) + "&resourceVersionMatch=Exact")
                .json();
        assertThat(names(exact)).containsExactly("x");
        assertThat(rv(exact)).isEqualTo(rv(x));
        // limit with an RV and no match means Exact
        JsonNode limited =
                admin.get(shoots(rvNs) + "?limit=10&resourceVersion=" + rv(x)).json();
        assertThat(names(limited)).containsExactly("x");
        // not older than: the newest state
        assertThat(names(admin.get(shoots(rvNs) + "?resourceVersion=" + rv(x)).json()))
                .containsExactly("x", "y");
        assertThat(names(admin.get(shoots(rvNs) + "?resourceVersion=" + rv(x) + "&resourceVersionMatch=NotOlderThan")
                        .json()))
                .containsExactly("x", "y");
        assertThat(names(admin.get(shoots(rvNs) + "?resourceVersion=0").json())).containsExactly("x", "y");
        assertStatus(admin.get(shoots(rvNs) + "?resourceVersionMatch=NotOlderThan"), 422, "Invalid");
        assertStatus(admin.get(shoots(rvNs) + "?resourceVersion=1&resourceVersionMatch=Sometimes"), 422, "Invalid");
        assertStatus(admin.get(shoots(rvNs) + "?resourceVersion=abc"), 400, "BadRequest");

        // a get at resourceVersion 0 or an older RV answers the current object
        assertThat(admin.get(shoot(rvNs, "x") + "?resourceVersion=0").status()).isEqualTo(200);
        assertThat(admin.get(shoot(rvNs, "x") + "?resourceVersion=" + rv(x)).status())
                .isEqualTo(200);
        long future = Long.parseLong(rv(exact)) + 1_000_000;
        JsonNode tooLarge = assertStatus(admin.get(shoot(rvNs, "x") + "?resourceVersion=" + future), 504, "Timeout");
        assertThat(tooLarge.path("message").asText()).startsWith("Timeout: Too large resource version: " + future);
    }

    @Test
    void labelSelectorOperators() {
        assertThat(select("labelSelector", "env=prod")).containsExactly("a", "c");
        assertThat(select("labelSelector", "env==prod")).containsExactly("a", "c");
        assertThat(select("labelSelector", "env!=prod")).containsExactly("b", "d", "e");
        assertThat(select("labelSelector", "env in (dev,qa)")).containsExactly("b", "d");
        assertThat(select("labelSelector", "env notin (dev,qa)")).containsExactly("a", "c", "e");
        assertThat(select("labelSelector", "canary")).containsExactly("c");
        assertThat(select("labelSelector", "!canary")).containsExactly("a", "b", "d", "e");
        assertThat(select("labelSelector", "tier>1")).containsExactly("b", "c");
        assertThat(select("labelSelector", "tier<2")).containsExactly("a");
        assertThat(select("labelSelector", "env=prod,!canary")).containsExactly("a");
        assertThat(select("labelSelector", "")).containsExactly("a", "b", "c", "d", "e");
        assertStatus(admin.get(shoots(ns) + "?labelSelector=" + q("env in prod")), 400, "BadRequest");
        assertStatus(admin.get(shoots(ns) + "?labelSelector=" + q("tier>x")), 400, "BadRequest");
    }

    @Test
    void fieldSelectors() {
        assertThat(select("fieldSelector", "metadata.name=b")).containsExactly("b");
        assertThat(select("fieldSelector", "metadata.name==b")).containsExactly("b");
        assertThat(select("fieldSelector", "metadata.name!=b")).containsExactly("a", "c", "d", "e");
        assertThat(select("fieldSelector", "metadata.namespace=" + ns)).hasSize(5);
        assertThat(select("fieldSelector", "spec.seedName=seed-x")).containsExactly("c");
        assertThat(select("fieldSelector", "spec.seedName!=seed-x")).containsExactly("a", "b", "d", "e");
        assertThat(select("fieldSelector", "spec.seedName=")).containsExactly("a", "b", "e");
        assertThat(select("fieldSelector", "spec.seedName=seed-y,metadata.name=d"))
                .containsExactly("d");
        // combined with a label selector
        TestClient.Response both = admin.get(
                shoots(ns) + "?labelSelector=" + q("env=prod") + "&fieldSelector=" + q("spec.seedName=seed-x"));
        assertThat(names(both.json())).containsExactly("c");
        // metadata.namespace across all namespaces
        JsonNode all = admin.get(CORE + "/shoots?fieldSelector=" + q("metadata.namespace=" + ns))
                .json();
        assertThat(names(all)).containsExactly("a", "b", "c", "d", "e");
        JsonNode status =
                assertStatus(admin.get(shoots(ns) + "?fieldSelector=" + q("spec.region=x")), 400, "BadRequest");
        assertThat(status.path("message").asText()).isEqualTo("field label not supported: spec.region");
    }

    @Test
    void emptyAndUnknownSelectionsGiveEmptyItems() {
        TestClient.Response resp = admin.get(shoots(ns) + "?labelSelector=" + q("env=none"));
        assertThat(resp.json().get("items").isArray()).isTrue();
        assertThat(resp.json().get("items")).isEmpty();
        ObjectNode meta = (ObjectNode) resp.json().get("metadata");
        assertThat(meta.path("resourceVersion").asText()).isNotEmpty();
    }

    /**
     * A collection delete with {@code limit} deletes one page, the one a LIST with the same options answers, and
     * answers that page (continue token and remaining count included), as kube-apiserver's DeleteCollection: a client
     * deletes a large collection page by page with the tokens; without a limit it deletes from the token on.
     */
    @Test
    void deleteCollectionWithALimitDeletesOnePage() {
        String dc = Fixtures.createNamespace(admin, "dc-paged");
        String configMaps = "/api/v1/namespaces/" + dc + "/configmaps";
        for (String n : List.of("c1", "c2", "c3", "c4", "c5")) {
            create(
                    admin,
                    configMaps,
                    "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + n
                            + "\"},\"data\":{\"k\":\"v\"}}");
        }
        JsonNode listed = admin.get(configMaps + "?limit=2").json();

        TestClient.Response first = admin.delete(configMaps + "?limit=2");
        assertThat(first.status()).as(first.body()).isEqualTo(200);
        assertThat(first.json())
                .as("the page a LIST with the same options answers")
                .isEqualTo(listed);
        assertThat(names(first.json())).containsExactly("c1", "c2");
        assertThat(first.json().path("metadata").path("remainingItemCount").asLong())
                .isEqualTo(3);
        String token = first.json().path("metadata").path("continue").asText();
        assertThat(token).isNotEmpty();
        assertThat(names(admin.get(configMaps).json())).containsExactly("c3", "c4", "c5");

        TestClient.Response second = admin.delete(configMaps + "?limit=2&continue=" + q(token));
        assertThat(second.status()).as(second.body()).isEqualTo(200);
        assertThat(names(second.json())).containsExactly("c3", "c4");
        assertThat(rv(second.json())).as("read at the first page's revision").isEqualTo(rv(first.json()));
        assertThat(second.json().path("metadata").path("remainingItemCount").asLong())
                .isEqualTo(1);
        String next = second.json().path("metadata").path("continue").asText();
        assertThat(names(admin.get(configMaps).json())).containsExactly("c5");

        TestClient.Response rest = admin.delete(configMaps + "?continue=" + q(next));
        assertThat(rest.status()).as(rest.body()).isEqualTo(200);
        assertThat(names(rest.json())).containsExactly("c5");
        assertThat(rest.json().path("metadata").has("continue")).isFalse();
        assertThat(rest.json().path("metadata").has("remainingItemCount")).isFalse();
        assertThat(admin.get(configMaps).json().path("items")).isEmpty();
    }
}

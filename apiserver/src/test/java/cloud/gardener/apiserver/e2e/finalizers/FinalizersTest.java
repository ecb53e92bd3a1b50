package cloud.gardener.apiserver.e2e.finalizers;

import static cloud.gardener.apiserver.e2e.Fixtures.CLOUDPROFILES;
import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.cloudProfileObject;
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

/** Finalizers, graceful deletion, propagation policies and preconditions (protocol section 4.2). */
@Tag("integration")
class FinalizersTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    static TestClient admin;
    static String ns;

    @BeforeAll
    static void namespace() {
        admin = SERVER.admin();
        ns = createProjectNamespace(admin, "fin");
    }

    private static List<String> finalizers(JsonNode obj) {
        List<String> out = new ArrayList<>();
        obj.path("metadata").path("finalizers").forEach(f -> out.add(f.asText()));
        return out;
    }

    @Test
    void finalizersHoldTheObjectUntilTheLastOneIsRemoved() {
        ObjectNode body = shootObject("held");
        ((ObjectNode) body.get("metadata")).putArray("finalizers").add("example.com/x");
        create(admin, shoots(ns), body);
        JsonNode created = confirmDeletion(admin, shoot(ns, "held"));
        try (WatchStream w = WatchStream.open(
                admin,
                shoots(ns) + "?watch=true&resourceVersion=" + rv(created) + "&fieldSelector="
                        + q("metadata.name=held"))) {
            TestClient.Response del = admin.delete(shoot(ns, "held"));
            assertThat(del.status()).as(del.body()).isEqualTo(200);
            assertThat(del.json().path("kind").asText()).isEqualTo("Shoot");
            assertThat(del.json().path("metadata").path("deletionTimestamp").asText())
                    .isNotEmpty();
            assertThat(del.json()
                            .path("metadata")
                            .path("deletionGracePeriodSeconds")
                            .asLong())
                    .isZero();
            // the generic store's markAsDeleting bumps the generation
            assertThat(del.json().path("metadata").path("generation").asLong()).isEqualTo(2);
            w.expect("MODIFIED", "held");

            JsonNode still = admin.get(shoot(ns, "held")).json();
            assertThat(still.path("metadata").path("deletionTimestamp").asText())
                    .isNotEmpty();

            // deleting again changes nothing
            TestClient.Response again = admin.delete(shoot(ns, "held"));
            assertThat(again.status()).isEqualTo(200);
            assertThat(rv(again.json())).isEqualTo(rv(still));

            // no new finalizers while deleting
            JsonNode forbidden = assertStatus(
                    admin.patch(
                            shoot(ns, "held"),
                            MERGE,
                            "{\"metadata\":{\"finalizers\":[\"example.com/x\",\"example.com/y\"]}}"),
                    422,
                    "Invalid");
            assertThat(forbidden.path("message").asText())
                    .contains("metadata.finalizers: Forbidden: "
                            + "no new finalizers can be added if the object is being deleted, found new finalizers");
            // nor can the deletion timestamp be cleared
            TestClient.Response clear =
                    admin.patch(shoot(ns, "held"), MERGE, "{\"metadata\":{\"deletionTimestamp\":null}}");
            assertThat(
                            clear.status() == 200
                                    ? clear.json()
                                            .path("metadata")
                                            .path("deletionTimestamp")
                                            .asText()
                                    : "set")
                    .isNotEmpty();

            TestClient.Response removed = admin.patch(shoot(ns, "held"), MERGE, "{\"metadata\":{\"finalizers\":null}}");
            assertThat(removed.status()).as(removed.body()).isEqualTo(200);
            w.expect("DELETED", "held");
            assertThat(admin.get(shoot(ns, "held")).status()).isEqualTo(404);
        }
    }

    @Test
    void propagationPoliciesAddTheirFinalizers() {
        create(admin, shoots(ns), shootObject("fg"));
        confirmDeletion(admin, shoot(ns, "fg"));
        TestClient.Response fg = admin.delete(
                shoot(ns, "fg"),
                "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"propagationPolicy\":\"Foreground\"}");
        assertThat(fg.status()).as(fg.body()).isEqualTo(200);
        assertThat(finalizers(fg.json())).containsExactly("foregroundDeletion");
        assertThat(fg.json().path("metadata").path("deletionTimestamp").asText())
                .isNotEmpty();

        create(admin, shoots(ns), shootObject("orphan"));
        confirmDeletion(admin, shoot(ns, "orphan"));
        TestClient.Response orphan = admin.delete(shoot(ns, "orphan") + "?propagationPolicy=Orphan");
        assertThat(orphan.status()).isEqualTo(200);
        assertThat(finalizers(orphan.json())).containsExactly("orphan");

        create(admin, shoots(ns), shootObject("bg"));
        confirmDeletion(admin, shoot(ns, "bg"));
        TestClient.Response bg = admin.delete(shoot(ns, "bg") + "?propagationPolicy=Background");
        assertThat(bg.json().path("status").asText()).isEqualTo("Success");

        // the garbage collector's part: removing the finalizer completes the deletion
        assertThat(admin.patch(shoot(ns, "fg"), MERGE, "{\"metadata\":{\"finalizers\":[]}}")
                        .status())
                .isEqualTo(200);
        assertThat(admin.get(shoot(ns, "fg")).status()).isEqualTo(404);
    }

    @Test
    void preconditions() {
        create(admin, shoots(ns), shootObject("pre"));
        JsonNode created = confirmDeletion(admin, shoot(ns, "pre"));
        String uid = created.path("metadata").path("uid").asText();
        JsonNode uidMismatch = assertStatus(
                admin.delete(
                        shoot(ns, "pre"),
                        "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"preconditions\":{\"uid\":\"wrong\"}}"),
                409,
                "Conflict");
        assertThat(uidMismatch.path("message").asText())
                .isEqualTo("Operation cannot be fulfilled on "
                        + "shoots.core.gardener.cloud \"pre\": Precondition failed: UID in precondition: wrong, UID in object meta: "
                        + uid);
        JsonNode rvMismatch = assertStatus(
                admin.delete(
                        shoot(ns, "pre"),
                        "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"preconditions\":{\"resourceVersion\":\"1\"}}"),
                409,
                "Conflict");
        assertThat(rvMismatch.path("message").asText())
                .contains("Precondition failed: ResourceVersion in precondition: 1, "
                        + "ResourceVersion in object meta: " + rv(created));
        TestClient.Response ok = admin.delete(
                shoot(ns, "pre"),
                "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\"," + "\"preconditions\":{\"uid\":\"" + uid
                        + "\",\"resourceVersion\":\"" + rv(created) + "\"}}");
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        assertThat(admin.get(shoot(ns, "pre")).status()).isEqualTo(404);
    }

    @Test
    void clusterScopedObjectsToo() {
        ObjectNode body = cloudProfileObject("fin-profile");
        ((ObjectNode) body.get("metadata")).putArray("finalizers").add("gardener");
        create(admin, CLOUDPROFILES, body);
        TestClient.Response del = admin.delete(CLOUDPROFILES + "/fin-profile");
        assertThat(del.status()).isEqualTo(200);
        assertThat(del.json().path("kind").asText()).isEqualTo("CloudProfile");
        assertThat(del.json().path("metadata").path("deletionTimestamp").asText())
                .isNotEmpty();
        ObjectNode update = del.json().deepCopy();
        ((ObjectNode) update.get("metadata")).remove("finalizers");
        TestClient.Response put = admin.put(CLOUDPROFILES + "/fin-profile", update);
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(admin.get(CLOUDPROFILES + "/fin-profile").status()).isEqualTo(404);
    }
}

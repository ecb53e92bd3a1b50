package cloud.gardener.apiserver.e2e.crud;

import static cloud.gardener.apiserver.e2e.Fixtures.JSON_PATCH;
import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
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
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every verb on a namespaced Gardener kind (shoots), protocol sections 1.3 and 4.1–4.2. */
@Tag("integration")
class ShootCrudTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    private static final Pattern UUID =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
    private static final Pattern RFC3339 = Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");

    static TestClient admin;
    static String ns;

    @BeforeAll
    static void namespace() {
        admin = SERVER.admin();
        ns = createProjectNamespace(admin, "crud");
    }

    @Test
    void createSetsServerFieldsAndGetReturnsTheSameObject() {
        TestClient.Response resp = admin.post(shoots(ns), shootObject("s1"));
        assertThat(resp.status()).as(resp.body()).isEqualTo(201);
        JsonNode created = resp.json();
        assertThat(created.path("kind").asText()).isEqualTo("Shoot");
        assertThat(created.path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
        JsonNode meta = created.path("metadata");
        assertThat(meta.path("uid").asText()).matches(UUID);
        assertThat(meta.path("creationTimestamp").asText()).matches(RFC3339);
        assertThat(meta.path("resourceVersion").asText()).matches("[1-9][0-9]*");
        assertThat(meta.path("generation").asLong()).isEqualTo(1);
        assertThat(meta.path("namespace").asText()).isEqualTo(ns);

        TestClient.Response got = admin.get(shoot(ns, "s1"));
        assertThat(got.status()).isEqualTo(200);
        assertThat(got.header("Content-Type")).isEqualTo("application/json");
        assertThat(got.json()).isEqualTo(created);
    }

    @Test
    void clientSuppliedServerFieldsAreReplaced() {
        ObjectNode body = shootObject("s-forged");
        ObjectNode meta = (ObjectNode) body.get("metadata");
        meta.put("uid", "forged")
                .put("creationTimestamp", "2001-01-01T00:00:00Z")
                .put("generation", 7);
        JsonNode created = create(admin, shoots(ns), body);
        assertThat(created.path("metadata").path("uid").asText())
                .isNotEqualTo("forged")
                .matches(UUID);
        assertThat(created.path("metadata").path("creationTimestamp").asText()).doesNotStartWith("2001");
        assertThat(created.path("metadata").path("generation").asLong()).isEqualTo(1);
    }

    @Test
    void listHasItemsAndTheReadRevision() {
        String other = createProjectNamespace(admin, "crud-list");
        TestClient.Response empty = admin.get(shoots(other));
        assertThat(empty.status()).isEqualTo(200);
        assertThat(empty.json().path("kind").asText()).isEqualTo("ShootList");
        assertThat(empty.json().path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
        assertThat(empty.json().get("items").isArray()).as(empty.body()).isTrue();
        assertThat(empty.json().get("items")).isEmpty();
        assertThat(empty.json().path("metadata").path("resourceVersion").asText())
                .matches("[1-9][0-9]*");
        assertThat(empty.json().path("metadata").has("continue")).isFalse();

        JsonNode a = create(admin, shoots(other), shootObject("a"));
        create(admin, shoots(other), shootObject("b"));
        // a write elsewhere moves the revision: the list RV is the read revision, not the newest item's
        JsonNode unrelated = create(admin, shoots(ns), shootObject("unrelated"));
        JsonNode list = admin.get(shoots(other)).json();
        assertThat(list.path("items")).hasSize(2);
        assertThat(list.path("items").get(0).path("metadata").path("name").asText())
                .isEqualTo("a");
        assertThat(list.path("items").get(0).path("kind").asText()).isEqualTo("Shoot");
        assertThat(list.path("items").get(0).path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
        assertThat(Long.parseLong(rv(list))).isGreaterThanOrEqualTo(Long.parseLong(rv(unrelated)));
        assertThat(Long.parseLong(rv(list))).isGreaterThan(Long.parseLong(rv(a)));

        // across all namespaces: items from both namespaces, namespace then name order
        JsonNode all = admin.get("/apis/core.gardener.cloud/v1beta1/shoots").json();
        List<String> keys = new ArrayList<>();
        all.path("items")
                .forEach(i -> keys.add(i.path("metadata").path("namespace").asText() + "/"
                        + i.path("metadata").path("name").asText()));
        assertThat(keys).contains(other + "/a", other + "/b", ns + "/unrelated").isSorted();
    }

    @Test
    void updateBumpsGenerationOnlyWhenTheSpecChanges() {
        JsonNode created = create(admin, shoots(ns), shootObject("s-upd"));
        ObjectNode labelled = created.deepCopy();
        ((ObjectNode) labelled.get("metadata")).putObject("labels").put("a", "b");
        TestClient.Response r1 = admin.put(shoot(ns, "s-upd"), labelled);
        assertThat(r1.status()).as(r1.body()).isEqualTo(200);
        assertThat(r1.json().path("metadata").path("generation").asLong()).isEqualTo(1);
        assertThat(r1.json().path("metadata").path("labels").path("a").asText()).isEqualTo("b");
        assertThat(Long.parseLong(rv(r1.json()))).isGreaterThan(Long.parseLong(rv(created)));

        ObjectNode changed = r1.json().deepCopy();
        ((ObjectNode) changed.get("spec")).put("purpose", "testing");
        ((ObjectNode) changed.get("metadata")).put("generation", 99);
        TestClient.Response r2 = admin.put(shoot(ns, "s-upd"), changed);
        assertThat(r2.status()).as(r2.body()).isEqualTo(200);
        assertThat(r2.json().path("metadata").path("generation").asLong()).isEqualTo(2);
        assertThat(r2.json().path("spec").path("purpose").asText()).isEqualTo("testing");

        // an unchanged object is not written: same resourceVersion
        TestClient.Response r3 = admin.put(shoot(ns, "s-upd"), r2.json());
        assertThat(r3.status()).isEqualTo(200);
        assertThat(rv(r3.json())).isEqualTo(rv(r2.json()));

        // Shoots forbid unconditional updates (AllowUnconditionalUpdate is false, as in Gardener)
        ObjectNode noRv = r2.json().deepCopy();
        ((ObjectNode) noRv.get("metadata")).remove("resourceVersion");
        ((ObjectNode) noRv.get("metadata")).putObject("annotations").put("x", "y");
        TestClient.Response r4 = admin.put(shoot(ns, "s-upd"), noRv);
        assertThat(r4.status()).as(r4.body()).isEqualTo(422);
        assertThat(r4.json().path("message").asText())
                .endsWith("metadata.resourceVersion: Invalid value: 0x0: must be specified for an update");

        // a metadata-only change keeps the generation
        ObjectNode annotated = r2.json().deepCopy();
        ((ObjectNode) annotated.get("metadata")).putObject("annotations").put("x", "y");
        TestClient.Response r5 = admin.put(shoot(ns, "s-upd"), annotated);
        assertThat(r5.status()).as(r5.body()).isEqualTo(200);
        assertThat(r5.json().path("metadata").path("annotations").path("x").asText())
                .isEqualTo("y");
        assertThat(r5.json().path("metadata").path("generation").asLong()).isEqualTo(2);
    }

    @Test
    void mergeAndJsonPatch() {
        create(admin, shoots(ns), shootObject("s-patch"));
        TestClient.Response merge = admin.patch(
                shoot(ns, "s-patch"),
                MERGE,
                "{\"metadata\":{\"labels\":{\"tier\":\"gold\"}},\"spec\":{\"purpose\":\"development\"}}");
        assertThat(merge.status()).as(merge.body()).isEqualTo(200);
        assertThat(merge.json().path("metadata").path("labels").path("tier").asText())
                .isEqualTo("gold");
        assertThat(merge.json().path("spec").path("purpose").asText()).isEqualTo("development");
        assertThat(merge.json().path("metadata").path("generation").asLong()).isEqualTo(2);

        TestClient.Response labelOnly =
                admin.patch(shoot(ns, "s-patch"), MERGE, "{\"metadata\":{\"labels\":{\"tier\":null,\"x\":\"1\"}}}");
        assertThat(labelOnly.status()).isEqualTo(200);
        assertThat(labelOnly.json().path("metadata").path("labels").has("tier")).isFalse();
        assertThat(labelOnly.json().path("metadata").path("generation").asLong())
                .isEqualTo(2);

        TestClient.Response json = admin.patch(
                shoot(ns, "s-patch"),
                JSON_PATCH,
                "[{\"op\":\"test\",\"path\":\"/spec/purpose\",\"value\":\"development\"},"
                        + "{\"op\":\"replace\",\"path\":\"/spec/purpose\",\"value\":\"production\"},"
                        + "{\"op\":\"add\",\"path\":\"/metadata/annotations\",\"value\":{\"k\":\"v\"}}]");
        assertThat(json.status()).as(json.body()).isEqualTo(200);
        assertThat(json.json().path("spec").path("purpose").asText()).isEqualTo("production");
        assertThat(json.json().path("metadata").path("annotations").path("k").asText())
                .isEqualTo("v");
        assertThat(json.json().path("metadata").path("generation").asLong()).isEqualTo(3);

        // a no-op patch writes nothing
        TestClient.Response noop = admin.patch(shoot(ns, "s-patch"), MERGE, "{\"spec\":{\"purpose\":\"production\"}}");
        assertThat(noop.status()).isEqualTo(200);
        assertThat(rv(noop.json())).isEqualTo(rv(json.json()));
    }

    @Test
    void deleteAnswersASuccessStatusAndTheObjectIsGone() {
        JsonNode created = create(admin, shoots(ns), shootObject("s-del"));
        confirmDeletion(admin, shoot(ns, "s-del"));
        TestClient.Response resp = admin.delete(shoot(ns, "s-del"));
        assertThat(resp.status()).as(resp.body()).isEqualTo(200);
        JsonNode status = resp.json();
        assertThat(status.path("kind").asText()).isEqualTo("Status");
        assertThat(status.path("apiVersion").asText()).isEqualTo("v1");
        assertThat(status.path("status").asText()).isEqualTo("Success");
        assertThat(status.has("code")).isFalse();
        JsonNode details = status.path("details");
        assertThat(details.path("name").asText()).isEqualTo("s-del");
        assertThat(details.path("group").asText()).isEqualTo("core.gardener.cloud");
        assertThat(details.path("kind").asText()).isEqualTo("shoots");
        assertThat(details.path("uid").asText())
                .isEqualTo(created.path("metadata").path("uid").asText());
        assertThat(admin.get(shoot(ns, "s-del")).status()).isEqualTo(404);

        // kubectl's DeleteOptions body
        create(admin, shoots(ns), shootObject("s-del2"));
        confirmDeletion(admin, shoot(ns, "s-del2"));
        TestClient.Response withBody = admin.delete(
                shoot(ns, "s-del2"),
                "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"propagationPolicy\":\"Background\"}");
        assertThat(withBody.status()).as(withBody.body()).isEqualTo(200);
        assertThat(withBody.json().path("status").asText()).isEqualTo("Success");
    }

    @Test
    void deleteCollectionWithALabelSelector() {
        String other = createProjectNamespace(admin, "crud-dc");
        create(admin, shoots(other), shootObject("keep", "app", "keep"));
        create(admin, shoots(other), shootObject("drop1", "app", "drop"));
        create(admin, shoots(other), shootObject("drop2", "app", "drop"));
        // DeletionConfirmation wants every Shoot of the namespace confirmed before a collection delete
        for (String name : List.of("keep", "drop1", "drop2")) {
            confirmDeletion(admin, shoot(other, name));
        }
        TestClient.Response resp = admin.delete(shoots(other) + "?labelSelector=" + q("app=drop"));
        assertThat(resp.status()).as(resp.body()).isEqualTo(200);
        assertThat(resp.json().path("kind").asText()).isEqualTo("ShootList");
        List<String> names = new ArrayList<>();
        resp.json()
                .path("items")
                .forEach(i -> names.add(i.path("metadata").path("name").asText()));
        assertThat(names).containsExactly("drop1", "drop2");
        JsonNode left = admin.get(shoots(other)).json();
        assertThat(left.path("items")).hasSize(1);
        assertThat(left.path("items").get(0).path("metadata").path("name").asText())
                .isEqualTo("keep");
    }

    @Test
    void yamlBodiesAndServerFieldsKeptOnUpdate() {
        String yaml = """
                      apiVersion: core.gardener.cloud/v1beta1
                      kind: Shoot
                      metadata:
                        name: s-yaml
                      spec:
                        region: eu-west-1
                        cloudProfileName: aws
                        provider:
                          type: aws
                        kubernetes:
                          version: 1.31.1
                      """;
        TestClient.Response created =
                admin.send("POST", shoots(ns), yaml, java.util.Map.of("Content-Type", "application/yaml"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode obj = created.json();
        // an update that leaves out uid and creationTimestamp keeps them; deletionTimestamp cannot be set by a client
        ObjectNode update = obj.deepCopy();
        ObjectNode meta = (ObjectNode) update.get("metadata");
        meta.remove("uid");
        meta.remove("creationTimestamp");
        meta.put("deletionTimestamp", "2030-01-01T00:00:00Z");
        meta.putObject("labels").put("k", "v");
        TestClient.Response put = admin.put(shoot(ns, "s-yaml"), update);
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json().path("metadata").path("uid").asText())
                .isEqualTo(obj.path("metadata").path("uid").asText());
        assertThat(put.json().path("metadata").path("creationTimestamp").asText())
                .isEqualTo(obj.path("metadata").path("creationTimestamp").asText());
        assertThat(put.json().path("metadata").has("deletionTimestamp")).isFalse();
        // a different uid is refused
        ObjectNode otherUid = put.json().deepCopy();
        ((ObjectNode) otherUid.get("metadata")).put("uid", "00000000-0000-4000-8000-000000000000");
        TestClient.Response refused = admin.put(shoot(ns, "s-yaml"), otherUid);
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().path("message").asText())
                .contains("metadata.uid")
                .contains("field is immutable");
    }

    @Test
    void dryRunDeleteCollectionDeletesNothing() {
        String other = createProjectNamespace(admin, "crud-dry-dc");
        create(admin, shoots(other), shootObject("stay"));
        confirmDeletion(admin, shoot(other, "stay"));
        TestClient.Response resp = admin.delete(shoots(other) + "?dryRun=All");
        assertThat(resp.status()).as(resp.body()).isEqualTo(200);
        assertThat(resp.json().path("items")).hasSize(1);
        assertThat(admin.get(shoot(other, "stay")).status()).isEqualTo(200);
    }

    @Test
    void generateNameAddsFiveRandomCharacters() {
        ObjectNode body = shootObject(null);
        ((ObjectNode) body.get("metadata")).put("generateName", "gen-");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            names.add(create(admin, shoots(ns), body)
                    .path("metadata")
                    .path("name")
                    .asText());
        }
        assertThat(names)
                .allMatch(n -> n.matches("gen-[bcdfghjklmnpqrstvwxz2456789]{5}"))
                .doesNotHaveDuplicates();
        assertThat(admin.get(shoot(ns, names.get(0))).status()).isEqualTo(200);
    }

    @Test
    void dryRunChangesNothing() {
        // create: 201, server fields but no resourceVersion, nothing stored
        TestClient.Response dry = admin.post(shoots(ns) + "?dryRun=All", shootObject("s-dry"));
        assertThat(dry.status()).as(dry.body()).isEqualTo(201);
        assertThat(dry.json().path("metadata").path("uid").asText()).matches(UUID);
        assertThat(dry.json().path("metadata").path("creationTimestamp").asText())
                .matches(RFC3339);
        assertThat(dry.json().path("metadata").path("resourceVersion").asText()).isEmpty();
        assertThat(admin.get(shoot(ns, "s-dry")).status()).isEqualTo(404);

        create(admin, shoots(ns), shootObject("s-dry2"));
        JsonNode created = confirmDeletion(admin, shoot(ns, "s-dry2"));
        // dry-run create of an existing name still conflicts
        assertThat(admin.post(shoots(ns) + "?dryRun=All", shootObject("s-dry2")).status())
                .isEqualTo(409);

        ObjectNode changed = created.deepCopy();
        ((ObjectNode) changed.get("spec")).put("purpose", "testing");
        TestClient.Response put = admin.put(shoot(ns, "s-dry2") + "?dryRun=All", changed);
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json().path("spec").path("purpose").asText()).isEqualTo("testing");
        assertThat(rv(put.json())).isEqualTo(rv(created));

        TestClient.Response patch =
                admin.patch(shoot(ns, "s-dry2") + "?dryRun=All", MERGE, "{\"spec\":{\"purpose\":\"development\"}}");
        assertThat(patch.status()).as(patch.body()).isEqualTo(200);
        assertThat(patch.json().path("spec").path("purpose").asText()).isEqualTo("development");
        assertThat(rv(patch.json())).isEqualTo(rv(created));

        TestClient.Response del = admin.delete(shoot(ns, "s-dry2") + "?dryRun=All");
        assertThat(del.status()).as(del.body()).isEqualTo(200);

        JsonNode after = admin.get(shoot(ns, "s-dry2")).json();
        assertThat(after).isEqualTo(created);
    }
}

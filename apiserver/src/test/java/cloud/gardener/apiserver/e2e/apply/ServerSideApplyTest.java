package cloud.gardener.apiserver.e2e.apply;

import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.rv;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Server-side apply and managedFields over HTTP (protocol section 6.4). */
@Tag("integration")
class ServerSideApplyTest {

    @RegisterExtension
    // The shoots reference no garden (the Shoot garden checks are off); the tolerations the tests apply are
    // whitelisted, as an operator would for shoots to carry them.
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> Fixtures.withoutShootGardenChecks(config)
            .admissionConfigurations(Map.of(
                    "ShootTolerationRestriction",
                    Json.MAPPER
                            .createObjectNode()
                            .put("apiVersion", "shoottolerationrestriction.admission.gardener.cloud/v1alpha1")
                            .put("kind", "Configuration")
                            .set(
                                    "whitelist",
                                    Json.MAPPER
                                            .createArrayNode()
                                            .add(Json.MAPPER.createObjectNode().put("key", "t1"))
                                            .add(Json.MAPPER.createObjectNode().put("key", "t2"))))));

    private static final String APPLY = "application/apply-patch+yaml";

    static TestClient admin;
    static String ns;

    @BeforeAll
    static void namespace() {
        admin = SERVER.admin();
        ns = createProjectNamespace(admin, "ssa");
    }

    private static TestClient.Response apply(String name, String manager, Object body, String... query) {
        StringBuilder url =
                new StringBuilder(shoot(ns, name)).append("?fieldManager=").append(manager);
        for (String q : query) {
            url.append('&').append(q);
        }
        return admin.patch(url.toString(), APPLY, body);
    }

    private static JsonNode entry(JsonNode obj, String manager) {
        for (JsonNode e : obj.path("metadata").path("managedFields")) {
            if (e.path("manager").asText().equals(manager)) {
                return e;
            }
        }
        return null;
    }

    @Test
    void applyCreatesThenUpdatesAndRecordsAnApplyEntry() {
        ObjectNode config = shootObject("a-create", "app", "web");
        TestClient.Response created = apply("a-create", "alice", config);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode e = entry(created.json(), "alice");
        assertThat(e).as(created.body()).isNotNull();
        assertThat(e.path("operation").asText()).isEqualTo("Apply");
        assertThat(e.path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
        assertThat(e.path("fieldsType").asText()).isEqualTo("FieldsV1");
        assertThat(e.path("time").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        assertThat(e.has("subresource")).isFalse();
        assertThat(e.path("fieldsV1"))
                .isEqualTo(Json.readTree(("{\"f:metadata\":{\"f:labels\":{\"f:app\":{}}},"
                                + "\"f:spec\":{\"f:cloudProfileName\":{},\"f:kubernetes\":{\"f:version\":{}},"
                                + "\"f:provider\":{\"f:type\":{}},\"f:region\":{}}}")
                        .getBytes(UTF_8)));

        // the same configuration again changes nothing
        TestClient.Response again = apply("a-create", "alice", config);
        assertThat(again.status()).as(again.body()).isEqualTo(200);
        assertThat(rv(again.json())).isEqualTo(rv(created.json()));

        // a changed configuration updates the object
        config.withObjectProperty("metadata").withObjectProperty("labels").put("tier", "front");
        TestClient.Response changed = apply("a-create", "alice", config);
        assertThat(changed.status()).isEqualTo(200);
        assertThat(changed.json().path("metadata").path("labels").path("tier").asText())
                .isEqualTo("front");
        assertThat(entry(changed.json(), "alice")
                        .path("fieldsV1")
                        .path("f:metadata")
                        .path("f:labels")
                        .has("f:tier"))
                .isTrue();
        // stored objects keep their managed fields
        assertThat(admin.get(shoot(ns, "a-create")).json().path("metadata").path("managedFields"))
                .hasSize(1);
    }

    @Test
    void conflictsNameTheOwnerAndForceTakesOwnership() {
        assertThat(apply("a-conflict", "alice", shootObject("a-conflict", "owner", "alice"))
                        .status())
                .isEqualTo(201);
        ObjectNode other = shootObject("a-conflict", "owner", "bob");
        TestClient.Response conflict = apply("a-conflict", "bob", other);
        JsonNode status = assertStatus(conflict, 409, "Conflict");
        assertThat(status.path("message").asText())
                .isEqualTo("Apply failed with 1 conflict: conflict with \"alice\": .metadata.labels.owner");
        assertThat(status.path("details").path("causes")).hasSize(1);
        JsonNode cause = status.path("details").path("causes").get(0);
        assertThat(cause.path("reason").asText()).isEqualTo("FieldManagerConflict");
        assertThat(cause.path("message").asText()).isEqualTo("conflict with \"alice\"");
        assertThat(cause.path("field").asText()).isEqualTo(".metadata.labels.owner");
        assertThat(status.path("details").has("name")).isFalse();

        // an updater is named with its API version
        TestClient.Response patched = admin.patch(
                shoot(ns, "a-conflict") + "?fieldManager=patcher",
                MERGE,
                "{\"metadata\":{\"labels\":{\"owner\":\"carol\",\"extra\":\"1\"}}}");
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);
        other.withObjectProperty("metadata").withObjectProperty("labels").put("extra", "2");
        TestClient.Response two = apply("a-conflict", "bob", other);
        assertThat(assertStatus(two, 409, "Conflict").path("message").asText())
                .isEqualTo(
                        "Apply failed with 2 conflicts: conflicts with \"patcher\" using core.gardener.cloud/v1beta1:\n"
                                + "- .metadata.labels.extra\n- .metadata.labels.owner");

        TestClient.Response forced = apply("a-conflict", "bob", other, "force=true");
        assertThat(forced.status()).as(forced.body()).isEqualTo(200);
        assertThat(forced.json().path("metadata").path("labels").path("owner").asText())
                .isEqualTo("bob");
        assertThat(entry(forced.json(), "bob")
                        .path("fieldsV1")
                        .path("f:metadata")
                        .path("f:labels")
                        .has("f:owner"))
                .isTrue();
        assertThat(entry(forced.json(), "alice")
                        .path("fieldsV1")
                        .path("f:metadata")
                        .has("f:labels"))
                .isFalse();
        assertThat(entry(forced.json(), "patcher")).isNull();
    }

    @Test
    void fieldsAnApplierDropsAreRemovedUnlessSomeoneElseOwnsThem() {
        ObjectNode config = shootObject("a-prune", "a", "1", "b", "2");
        config.withObjectProperty("spec").putArray("tolerations").addObject().put("key", "t1");
        config.withArray("/spec/tolerations").addObject().put("key", "t2").put("value", "v");
        assertThat(apply("a-prune", "alice", config).status()).isEqualTo(201);
        // bob applies the same label b: shared ownership
        ObjectNode bob = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "Shoot");
        bob.putObject("metadata").put("name", "a-prune").putObject("labels").put("b", "2");
        assertThat(apply("a-prune", "bob", bob).status()).isEqualTo(200);

        ObjectNode smaller = shootObject("a-prune");
        smaller.withObjectProperty("spec")
                .putArray("tolerations")
                .addObject()
                .put("key", "t2")
                .put("value", "v");
        TestClient.Response resp = apply("a-prune", "alice", smaller);
        assertThat(resp.status()).as(resp.body()).isEqualTo(200);
        JsonNode labels = resp.json().path("metadata").path("labels");
        assertThat(labels.has("a")).as(resp.body()).isFalse();
        assertThat(labels.path("b").asText()).isEqualTo("2");
        assertThat(resp.json().path("spec").path("tolerations")).hasSize(1);
        assertThat(resp.json()
                        .path("spec")
                        .path("tolerations")
                        .get(0)
                        .path("key")
                        .asText())
                .isEqualTo("t2");
        assertThat(entry(resp.json(), "alice")
                        .path("fieldsV1")
                        .path("f:spec")
                        .path("f:tolerations")
                        .has("k:{\"key\":\"t2\"}"))
                .isTrue();
        assertThat(entry(resp.json(), "alice")
                        .path("fieldsV1")
                        .path("f:spec")
                        .path("f:tolerations")
                        .path("k:{\"key\":\"t2\"}")
                        .has("."))
                .isTrue();
    }

    @Test
    void nonApplyWritesRecordUpdateEntries() {
        JsonNode created = create(admin, shoots(ns) + "?fieldManager=creator", shootObject("u-entries", "x", "1"));
        JsonNode c = entry(created, "creator");
        assertThat(c).as(created.toString()).isNotNull();
        assertThat(c.path("operation").asText()).isEqualTo("Update");
        assertThat(c.path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
        assertThat(c.path("fieldsV1").path("f:metadata").path("f:labels").has("."))
                .isTrue();
        assertThat(c.path("fieldsV1").path("f:spec").has("f:region")).isTrue();

        // without fieldManager the manager is the User-Agent's program name
        TestClient.Response patched = admin.send(
                "PATCH",
                shoot(ns, "u-entries"),
                "{\"metadata\":{\"labels\":{\"y\":\"2\"}}}",
                Map.of("Content-Type", MERGE, "User-Agent", "my-tool/1.2 (linux)"));
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);
        JsonNode tool = entry(patched.json(), "my-tool");
        assertThat(tool).as(patched.body()).isNotNull();
        assertThat(tool.path("fieldsV1"))
                .isEqualTo(Json.readTree("{\"f:metadata\":{\"f:labels\":{\"f:y\":{}}}}".getBytes(UTF_8)));

        // a no-op write keeps the resourceVersion
        TestClient.Response same = admin.patch(
                shoot(ns, "u-entries") + "?fieldManager=other", MERGE, "{\"metadata\":{\"labels\":{\"y\":\"2\"}}}");
        assertThat(rv(same.json())).isEqualTo(rv(patched.json()));
        assertThat(entry(same.json(), "other")).isNull();

        // [{}] resets the managed fields
        TestClient.Response reset =
                admin.patch(shoot(ns, "u-entries"), MERGE, "{\"metadata\":{\"managedFields\":[{}]}}");
        assertThat(reset.status()).as(reset.body()).isEqualTo(200);
        assertThat(reset.json().path("metadata").has("managedFields"))
                .as(reset.body())
                .isFalse();
        // so does an empty list
        apply(
                "u-entries",
                "alice",
                Json.MAPPER
                        .createObjectNode()
                        .put("apiVersion", "core.gardener.cloud/v1beta1")
                        .put("kind", "Shoot")
                        .set("metadata", Json.MAPPER.createObjectNode().put("name", "u-entries")));
        assertThat(admin.get(shoot(ns, "u-entries")).json().path("metadata").has("managedFields"))
                .isTrue();
        TestClient.Response emptied =
                admin.patch(shoot(ns, "u-entries"), MERGE, "{\"metadata\":{\"managedFields\":[]}}");
        assertThat(emptied.json().path("metadata").has("managedFields"))
                .as(emptied.body())
                .isFalse();
        // an untracked object stays untracked on update
        TestClient.Response after = admin.patch(
                shoot(ns, "u-entries") + "?fieldManager=late", MERGE, "{\"metadata\":{\"labels\":{\"z\":\"3\"}}}");
        assertThat(after.json().path("metadata").has("managedFields")).isFalse();
        // until an apply adopts what exists as before-first-apply
        ObjectNode config = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "Shoot");
        config.putObject("metadata")
                .put("name", "u-entries")
                .putObject("labels")
                .put("z", "4");
        TestClient.Response applied = apply("u-entries", "alice", config);
        assertThat(assertStatus(applied, 409, "Conflict").path("message").asText())
                .isEqualTo(
                        "Apply failed with 1 conflict: conflict with \"before-first-apply\" using core.gardener.cloud/v1beta1: "
                                + ".metadata.labels.z");
    }

    @Test
    void applyRequestsAreChecked() {
        TestClient.Response noManager = admin.patch(shoot(ns, "a-checks"), APPLY, shootObject("a-checks"));
        assertThat(assertStatus(noManager, 422, "Invalid").path("message").asText())
                .isEqualTo(
                        "PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required for apply patch");
        assertThat(assertStatus(apply("a-checks", "m", shootObject("other")), 400, "BadRequest")
                        .path("message")
                        .asText())
                .isEqualTo("the name of the object (other) does not match the name on the URL (a-checks)");
        ObjectNode noKind = shootObject("a-checks");
        noKind.remove("kind");
        assertThat(assertStatus(apply("a-checks", "m", noKind), 400, "BadRequest")
                        .path("message")
                        .asText())
                .isEqualTo("invalid object type: core.gardener.cloud/v1beta1, Kind=");
        ObjectNode withManaged = shootObject("a-checks");
        withManaged.withObjectProperty("metadata").putArray("managedFields");
        assertThat(assertStatus(apply("a-checks", "m", withManaged), 400, "BadRequest")
                        .path("message")
                        .asText())
                .isEqualTo("metadata.managedFields must be nil");
        // YAML bodies work
        TestClient.Response yaml = apply("a-checks", "m", """
                apiVersion: core.gardener.cloud/v1beta1
                kind: Shoot
                metadata:
                  name: a-checks
                spec:
                  region: eu-west-1
                  cloudProfileName: aws
                  provider:
                    type: aws
                  kubernetes:
                    version: 1.31.1
                """);
        assertThat(yaml.status()).as(yaml.body()).isEqualTo(201);
        // force is for apply only
        assertStatus(admin.patch(shoot(ns, "a-checks") + "?force=true", MERGE, "{}"), 422, "Invalid");
    }

    @Test
    void strictDecodingOfPatchedObjectsIsInvalidOnThePatch() {
        create(admin, shoots(ns), shootObject("strict"));
        TestClient.Response merge =
                admin.patch(shoot(ns, "strict") + "?fieldValidation=Strict", MERGE, "{\"spec\":{\"bogus\":1}}");
        JsonNode status = assertStatus(merge, 422, "Invalid");
        assertThat(status.path("message").asText())
                .startsWith(" \"\" is invalid: patch: Invalid value: \"{")
                .endsWith("\": strict decoding error: unknown field \"spec.bogus\"");
        JsonNode cause = status.path("details").path("causes").get(0);
        assertThat(cause.path("field").asText()).isEqualTo("patch");
        assertThat(cause.path("reason").asText()).isEqualTo("FieldValueInvalid");

        TestClient.Response smp = admin.patch(
                shoot(ns, "strict") + "?fieldValidation=Strict",
                "application/strategic-merge-patch+json",
                "{\"spec\":{\"bogus\":1}}");
        assertThat(assertStatus(smp, 422, "Invalid").path("message").asText())
                .isEqualTo(" \"\" is invalid: patch: Invalid value: \"map[spec:map[bogus:1]]\": strict decoding error: "
                        + "unknown field \"spec.bogus\"");
        // Warn and Ignore write the object
        assertThat(admin.patch(shoot(ns, "strict") + "?fieldValidation=Ignore", MERGE, "{\"spec\":{\"bogus\":1}}")
                        .status())
                .isEqualTo(200);
    }
}

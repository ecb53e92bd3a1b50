package cloud.gardener.apiserver.registry.fieldmanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Ownership transitions of the field manager on Shoots (typed model) and on an untyped kind. */
class FieldManagerTest {

    private static final GroupVersionKind SHOOT = new GroupVersionKind("core.gardener.cloud", "v1beta1", "Shoot");
    private final AtomicLong seconds = new AtomicLong(1_700_000_000L);
    private final FieldManager manager = new FieldManager(
            SHOOT,
            "",
            FieldType.ofRecord(cloud.gardener.apiserver.api.core.v1beta1.Shoot.class),
            () -> Instant.ofEpochSecond(seconds.incrementAndGet()));

    private static ObjectNode obj(String json) {
        return (ObjectNode) Json.readTree(json.getBytes(StandardCharsets.UTF_8));
    }

    private static ObjectNode shoot(String spec) {
        return obj("{\"apiVersion\":\"core.gardener.cloud/v1beta1\",\"kind\":\"Shoot\",\"metadata\":{\"name\":\"s\","
                + "\"namespace\":\"n\"},\"spec\":" + spec + "}");
    }

    /** A stored object: what the manager answered, with the server's metadata. */
    private static ObjectNode stored(ObjectNode obj) {
        obj.withObjectProperty("metadata").put("uid", "u1").put("resourceVersion", "7");
        return obj;
    }

    private static JsonNode entry(JsonNode obj, String manager) {
        for (JsonNode e : obj.path("metadata").path("managedFields")) {
            if (e.path("manager").asText().equals(manager)) {
                return e;
            }
        }
        return null;
    }

    private static String fields(JsonNode obj, String manager) {
        JsonNode e = entry(obj, manager);
        return e == null ? null : Json.toJson(e.path("fieldsV1"));
    }

    @Test
    void createRecordsAnUpdateEntryWithDotsForNewMapsAndItems() {
        ObjectNode created = manager.update(
                null,
                shoot("{\"region\":\"r\",\"provider\":{\"type\":\"aws\","
                        + "\"workers\":[{\"name\":\"w1\",\"maximum\":2}]}}"),
                "creator");
        JsonNode e = entry(created, "creator");
        assertThat(e.path("operation").asText()).isEqualTo("Update");
        assertThat(e.path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
        assertThat(e.path("time").asText()).isEqualTo("2023-11-14T22:13:21Z");
        assertThat(fields(created, "creator"))
                .isEqualTo(
                        "{\"f:spec\":{\"f:provider\":{\"f:type\":{},\"f:workers\":{"
                                + "\".\":{},\"k:{\\\"name\\\":\\\"w1\\\"}\":{\".\":{},\"f:maximum\":{},\"f:name\":{}}}},\"f:region\":{}}}");
    }

    @Test
    void updatesTakeChangedFieldsFromOthersAndRemovedFieldsLeaveEveryone() {
        ObjectNode live = stored(manager.update(null, shoot("{\"region\":\"r\",\"purpose\":\"evaluation\"}"), "a"));
        ObjectNode next = live.deepCopy();
        next.withObjectProperty("spec").put("region", "r2").remove("purpose");
        ObjectNode updated = manager.update(live, next, "b");
        assertThat(fields(updated, "b")).isEqualTo("{\"f:spec\":{\"f:region\":{}}}");
        // a lost region to b and purpose to nobody: it owns nothing left and its entry goes
        assertThat(entry(updated, "a")).isNull();
        // the same manager's later update adds to its entry
        ObjectNode again = stored(updated).deepCopy();
        again.withObjectProperty("metadata").putObject("labels").put("x", "1");
        assertThat(fields(manager.update(stored(updated), again, "b"), "b"))
                .isEqualTo("{\"f:metadata\":{\"f:labels\":{\".\":{},\"f:x\":{}}},\"f:spec\":{\"f:region\":{}}}");
    }

    @Test
    void applyConflictsUnlessForcedAndPrunesWhatTheApplierDropped() {
        ObjectNode live = stored(manager.apply(
                null,
                shoot("{\"region\":\"r\",\"tolerations\":[{\"key\":\"t1\"}," + "{\"key\":\"t2\"}]}"),
                "alice",
                false));
        assertThat(entry(live, "alice").path("operation").asText()).isEqualTo("Apply");
        assertThat(fields(live, "alice"))
                .isEqualTo(
                        "{\"f:spec\":{\"f:region\":{},\"f:tolerations\":{"
                                + "\"k:{\\\"key\\\":\\\"t1\\\"}\":{\".\":{},\"f:key\":{}},\"k:{\\\"key\\\":\\\"t2\\\"}\":{\".\":{},\"f:key\":{}}}}}");

        // bob sets the same value: shared, no conflict; another value conflicts
        ObjectNode shared = stored(manager.apply(live, shoot("{\"region\":\"r\"}"), "bob", false));
        assertThatThrownBy(() -> manager.apply(shared, shoot("{\"region\":\"x\"}"), "carol", false))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(409);
                    assertThat(e.status().message())
                            .isEqualTo("Apply failed with 2 conflicts: conflicts with \"alice\":\n"
                                    + "- .spec.region\nconflicts with \"bob\":\n- .spec.region");
                });
        ObjectNode forced = stored(manager.apply(shared, shoot("{\"region\":\"x\"}"), "carol", true));
        assertThat(forced.path("spec").path("region").asText()).isEqualTo("x");
        assertThat(entry(forced, "bob")).isNull();
        assertThat(fields(forced, "alice")).doesNotContain("f:region");

        // alice drops t1: removed; drops region: carol owns it, so it stays
        ObjectNode pruned = manager.apply(forced, shoot("{\"tolerations\":[{\"key\":\"t2\"}]}"), "alice", false);
        assertThat(Json.toJson(pruned.path("spec").path("tolerations"))).isEqualTo("[{\"key\":\"t2\"}]");
        assertThat(pruned.path("spec").path("region").asText()).isEqualTo("x");
    }

    @Test
    void anUnchangedApplyKeepsTheObjectAndItsTimes() {
        ObjectNode live = stored(manager.apply(null, shoot("{\"region\":\"r\"}"), "alice", false));
        ObjectNode again = manager.apply(live, shoot("{\"region\":\"r\"}"), "alice", false);
        assertThat(again).isEqualTo(live);
    }

    @Test
    void updatersFieldsMoveToAnApplierThatForcesOrSharesThem() {
        ObjectNode live = stored(manager.update(
                null, shoot("{\"region\":\"r\",\"purpose\":\"evaluation\"}"), "kubectl-client-side-apply"));
        assertThatThrownBy(() -> manager.apply(live, shoot("{\"purpose\":\"production\"}"), "other", false))
                .hasMessage("Apply failed with 1 conflict: conflict with \"kubectl-client-side-apply\" using "
                        + "core.gardener.cloud/v1beta1: .spec.purpose");
        ObjectNode taken = manager.apply(live, shoot("{\"purpose\":\"production\"}"), "other", true);
        assertThat(fields(taken, "kubectl-client-side-apply")).isEqualTo("{\"f:spec\":{\"f:region\":{}}}");
    }

    @Test
    void kubectlMayTakeWhatItsLastClientSideApplySet() {
        ObjectNode config = shoot("{\"purpose\":\"evaluation\"}");
        ObjectNode csa = config.deepCopy();
        csa.withObjectProperty("metadata").putObject("annotations").put(FieldManager.LAST_APPLIED, Json.toJson(config));
        ObjectNode live = stored(manager.update(null, csa, "kubectl-client-side-apply"));
        ObjectNode changed = shoot("{\"purpose\":\"production\"}");
        // another applier conflicts; kubectl does not, and refreshes the annotation
        assertThatThrownBy(() -> manager.apply(live, changed.deepCopy(), "other", false))
                .isInstanceOf(ApiException.class);
        ObjectNode applied = manager.apply(live, changed.deepCopy(), "kubectl", false);
        assertThat(applied.path("spec").path("purpose").asText()).isEqualTo("production");
        assertThat(applied.path("metadata")
                        .path("annotations")
                        .path(FieldManager.LAST_APPLIED)
                        .asText())
                .contains("production");
    }

    @Test
    void untrackedObjectsStayUntrackedOnUpdateAndResetClearsEntries() {
        ObjectNode live = stored(shoot("{\"region\":\"r\"}"));
        ObjectNode next = live.deepCopy();
        next.withObjectProperty("spec").put("purpose", "evaluation");
        assertThat(manager.update(live, next, "m").path("metadata").has("managedFields"))
                .isFalse();

        ObjectNode tracked = stored(manager.update(null, shoot("{\"region\":\"r\"}"), "m"));
        ObjectNode reset = tracked.deepCopy();
        reset.withObjectProperty("metadata").putArray("managedFields").addObject();
        assertThat(manager.update(tracked, reset, "m").path("metadata").has("managedFields"))
                .isFalse();
        // invalid entries in a request fall back to the stored ones
        ObjectNode invalid = tracked.deepCopy();
        invalid.withObjectProperty("metadata")
                .putArray("managedFields")
                .addObject()
                .put("manager", "x")
                .put("operation", "Bogus");
        assertThat(manager.update(tracked, invalid, "m").path("metadata").path("managedFields"))
                .isEqualTo(tracked.path("metadata").path("managedFields"));
    }

    @Test
    void atMostTenUpdateManagersTheOldestBecomeAncientChanges() {
        ObjectNode live = stored(manager.update(null, shoot("{\"region\":\"r\"}"), "m0"));
        for (int i = 1; i <= 11; i++) {
            ObjectNode next = live.deepCopy();
            next.withObjectProperty("metadata").withObjectProperty("labels").put("l" + i, "v");
            live = stored(manager.update(live, next, "m" + i));
        }
        assertThat(live.path("metadata").path("managedFields")).hasSize(10);
        assertThat(entry(live, "ancient-changes")).isNotNull();
        assertThat(entry(live, "m0")).isNull();
        assertThat(entry(live, "m11")).isNotNull();
    }

    @Test
    void untypedKindsMergeObjectsAndReplaceLists() {
        FieldManager untyped = new FieldManager(
                new GroupVersionKind("example.com", "v1", "Thing"), "", FieldType.UNTYPED, Instant::now);
        ObjectNode live = stored(untyped.apply(
                null,
                obj("{\"apiVersion\":\"example.com/v1\",\"kind\":\"Thing\","
                        + "\"metadata\":{\"name\":\"t\"},\"spec\":{\"a\":1,\"list\":[1,2]}}"),
                "m",
                false));
        assertThat(fields(live, "m")).isEqualTo("{\"f:spec\":{\".\":{},\"f:a\":{},\"f:list\":{}}}");
        ObjectNode next = untyped.apply(
                live,
                obj("{\"apiVersion\":\"example.com/v1\",\"kind\":\"Thing\","
                        + "\"metadata\":{\"name\":\"t\"},\"spec\":{\"b\":2,\"list\":[3]}}"),
                "n",
                true);
        assertThat(Json.toJson(next.path("spec"))).isEqualTo("{\"a\":1,\"list\":[3],\"b\":2}");
    }

    @Test
    void managerDefaultsToTheUserAgentsProgramName() {
        assertThat(FieldManager.managerOrUserAgent("", "kubectl/v1.32.4 (linux/amd64) kubernetes/abc"))
                .isEqualTo("kubectl");
        assertThat(FieldManager.managerOrUserAgent("mine", "kubectl/v1.32.4")).isEqualTo("mine");
        assertThat(FieldManager.managerOrUserAgent(null, "a\u0007b/1")).isEqualTo("ab");
        assertThat(FieldManager.managerOrUserAgent("", null)).isEmpty();
    }
}

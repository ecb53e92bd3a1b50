package cloud.gardener.apiserver.e2e.admission;

import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * DeletionConfirmation in the real server: Shoots and Projects are deleted only once confirmed, the confirming
 * user is recorded, a collection is deleted only when every member is confirmed (HTTP and kubectl), and turning the
 * plugin off by flag lets unconfirmed deletions through.
 */
@Tag("integration")
class DeletionConfirmationE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    @RegisterExtension
    static final ApiServerExtension WITHOUT_PLUGIN =
            new ApiServerExtension(config -> config.disableAdmissionPlugins(List.of("DeletionConfirmation")));

    private static final String CONFIRM =
            "{\"metadata\":{\"annotations\":{\"confirmation.gardener.cloud/deletion\":\"true\"}}}";
    private static final String MISSING = "must have a \"confirmation.gardener.cloud/deletion\" annotation to delete";

    @BeforeAll
    static void examples() {
        Assumptions.assumeTrue(GardenFixtures.examplesPresent(), "no Gardener examples");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aShootIsDeletedOnlyOnceConfirmedAndTheConfirmerIsRecorded(BindingKind bindingKind) {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);
        GardenFixtures.created(admin, g.shoots(), GardenFixtures.shoot(g, "doomed"));

        JsonNode refused = assertStatus(admin.delete(g.shoot("doomed")), 403, "Forbidden");
        assertThat(refused.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"doomed\" is forbidden: " + MISSING);

        TestClient.Response confirmed =
                SERVER.client("alice", List.of("system:masters")).patch(g.shoot("doomed"), MERGE, CONFIRM);
        assertThat(confirmed.status()).as(confirmed.body()).isEqualTo(200);
        assertThat(confirmed
                        .json()
                        .at("/metadata/annotations/deletion.gardener.cloud~1confirmed-by")
                        .asText())
                .isEqualTo("alice");

        TestClient.Response deleted = admin.delete(g.shoot("doomed"));
        assertThat(deleted.status()).as(deleted.body()).isIn(200, 202);
    }

    @Test
    void aProjectIsDeletedOnlyOnceConfirmed() {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.createWithoutBinding(admin);
        String project = GardenFixtures.CORE + "/projects/" + g.project();

        JsonNode refused = assertStatus(admin.delete(project), 403, "Forbidden");
        assertThat(refused.path("message").asText())
                .isEqualTo("projects.core.gardener.cloud \"" + g.project() + "\" is forbidden: " + MISSING);

        assertThat(admin.patch(project, MERGE, CONFIRM).status()).isEqualTo(200);
        TestClient.Response deleted = admin.delete(project);
        assertThat(deleted.status()).as(deleted.body()).isIn(200, 202);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aCollectionIsRefusedWholeWhileOneMemberIsUnconfirmed(BindingKind bindingKind) {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);
        GardenFixtures.created(admin, g.shoots(), GardenFixtures.shoot(g, "sure"));
        GardenFixtures.created(admin, g.shoots(), GardenFixtures.shoot(g, "unsure"));
        assertThat(admin.patch(g.shoot("sure"), MERGE, CONFIRM).status()).isEqualTo(200);

        JsonNode refused = assertStatus(admin.delete(g.shoots()), 403, "Forbidden");
        assertThat(refused.path("message").asText())
                .contains("shoots.core.gardener.cloud \"unsure\" is forbidden: " + MISSING)
                .doesNotContain("\"sure\"");
        assertThat(admin.get(g.shoot("sure")).status())
                .as("nothing of the collection is deleted")
                .isEqualTo(200);

        assertThat(admin.patch(g.shoot("unsure"), MERGE, CONFIRM).status()).isEqualTo(200);
        TestClient.Response deleted = admin.delete(g.shoots());
        assertThat(deleted.status()).as(deleted.body()).isEqualTo(200);
        assertThat(deleted.json().path("items")).hasSize(2);
    }

    /** ShootStates are outside the admission cache: the plugin reads them from storage, with the same verdicts. */
    @Test
    void shootStatesAreDeletedOnlyOnceConfirmedOneByOneAndAsACollection() {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.createWithoutBinding(admin);
        String states = GardenFixtures.CORE + "/namespaces/" + g.namespace() + "/shootstates";
        for (String name : List.of("alpha", "beta")) {
            TestClient.Response created = admin.post(
                    states,
                    "{\"apiVersion\":\"core.gardener.cloud/v1beta1\","
                            + "\"kind\":\"ShootState\",\"metadata\":{\"name\":\"" + name + "\"}}");
            assertThat(created.status()).as(created.body()).isEqualTo(201);
        }

        JsonNode refused = assertStatus(admin.delete(states + "/alpha"), 403, "Forbidden");
        assertThat(refused.path("message").asText())
                .isEqualTo("shootstates.core.gardener.cloud \"alpha\" is forbidden: " + MISSING);
        assertThat(admin.patch(states + "/alpha", MERGE, CONFIRM).status()).isEqualTo(200);

        JsonNode collection = assertStatus(admin.delete(states), 403, "Forbidden");
        assertThat(collection.path("message").asText())
                .contains("shootstates.core.gardener.cloud \"beta\" is forbidden: " + MISSING)
                .doesNotContain("\"alpha\"");
        assertThat(admin.get(states + "/beta").status()).isEqualTo(200);

        TestClient.Response deleted = admin.delete(states + "/alpha");
        assertThat(deleted.status()).as(deleted.body()).isIn(200, 202);
        assertThat(admin.get(states + "/alpha").status()).isEqualTo(404);

        assertThat(admin.patch(states + "/beta", MERGE, CONFIRM).status()).isEqualTo(200);
        TestClient.Response all = admin.delete(states);
        assertThat(all.status()).as(all.body()).isEqualTo(200);
        assertThat(all.json().path("items")).hasSize(1);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void kubectlDeleteAllIsRefusedForTheUnconfirmedShoot(BindingKind bindingKind) throws Exception {
        Kubectl.assumeInstalled();
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);
        GardenFixtures.created(admin, g.shoots(), GardenFixtures.shoot(g, "kept"));
        GardenFixtures.created(admin, g.shoots(), GardenFixtures.shoot(g, "gone"));
        Kubectl kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        kubectl.ok("annotate", "shoots", "gone", "-n", g.namespace(), "confirmation.gardener.cloud/deletion=true");

        Kubectl.Result result = kubectl.run("delete", "shoots", "--all", "-n", g.namespace());
        assertThat(result.succeeded()).as(result.describe()).isFalse();
        assertThat(result.stderr()).contains("shoots.core.gardener.cloud \"kept\" is forbidden: " + MISSING);
        assertThat(admin.get(g.shoot("kept")).status()).isEqualTo(200);
        assertThat(admin.get(g.shoot("gone")).status()).isEqualTo(404);
    }

    /**
     * Gardener judges a collection by every Shoot of the namespace (its lister's, whatever the selector): a label
     * selector that leaves the unconfirmed Shoot out does not let the others go as a collection; kubectl's
     * {@code delete -l}, which deletes the selected Shoots one by one, does.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aSelectorDoesNotNarrowWhatACollectionDeleteIsJudgedBy(BindingKind bindingKind) throws Exception {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);
        for (String name : List.of("first", "second")) {
            ObjectNode shoot = GardenFixtures.shoot(g, name);
            shoot.withObjectProperty("metadata").putObject("labels").put("batch", "one");
            shoot.withObjectProperty("metadata")
                    .putObject("annotations")
                    .put("confirmation.gardener.cloud/deletion", "true");
            GardenFixtures.created(admin, g.shoots(), shoot);
        }
        GardenFixtures.created(admin, g.shoots(), GardenFixtures.shoot(g, "other"));

        JsonNode refused = assertStatus(admin.delete(g.shoots() + "?labelSelector=batch%3Done"), 403, "Forbidden");
        assertThat(refused.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"Unknown\" is forbidden: 1 error occurred:\n"
                        + "\t* shoots.core.gardener.cloud \"other\" is forbidden: " + MISSING + "\n\n");
        assertThat(admin.get(g.shoot("first")).status()).isEqualTo(200);

        Kubectl.assumeInstalled();
        Kubectl kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        kubectl.ok("delete", "shoots", "-l", "batch=one", "-n", g.namespace());
        assertThat(admin.get(g.shoot("first")).status()).isEqualTo(404);
        assertThat(admin.get(g.shoot("second")).status()).isEqualTo(404);
        assertThat(admin.get(g.shoot("other")).status()).isEqualTo(200);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void withThePluginDisabledAnUnconfirmedShootIsDeleted(BindingKind bindingKind) {
        TestClient admin = WITHOUT_PLUGIN.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);
        GardenFixtures.created(admin, g.shoots(), GardenFixtures.shoot(g, "careless"));
        TestClient.Response deleted = admin.delete(g.shoot("careless"));
        assertThat(deleted.status()).as(deleted.body()).isIn(200, 202);
        assertThat(deleted.json()
                        .at("/metadata/annotations/confirmation.gardener.cloud~1deletion")
                        .isMissingNode())
                .isTrue();
    }
}

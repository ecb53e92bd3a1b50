package cloud.gardener.apiserver.e2e.gc;

import static cloud.gardener.apiserver.e2e.Fixtures.CLOUDPROFILES;
import static cloud.gardener.apiserver.e2e.Fixtures.cloudProfileObject;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.deleteConfirmed;
import static cloud.gardener.apiserver.e2e.Fixtures.uniqueName;
import static cloud.gardener.apiserver.e2e.gc.Owned.ref;
import static cloud.gardener.apiserver.e2e.gc.Owned.uid;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.Examples;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Standalone mode's garbage collector on the embedded store, as a user meets it: {@code kubectl delete} with each
 * {@code --cascade}, DeleteOptions bodies, blockOwnerDeletion, owners told apart by uid, cluster-scoped owners, and
 * a Bastion that goes with its Shoot.
 */
@Tag("integration")
class GarbageCollectorE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER =
            ApiServerExtension.withStorage(EmbeddedStorage::new, config -> config.garbageCollector(true));

    static TestClient admin;

    @BeforeAll
    static void client() {
        admin = SERVER.admin();
    }

    private static Kubectl kubectl() throws Exception {
        Kubectl.assumeInstalled();
        return Kubectl.forKubeconfig(SERVER.adminKubeconfig());
    }

    // ---------------------------------------------------------------------------------------- kubectl

    @Test
    void kubectlDeleteInTheBackgroundCollectsDependentsWhoseOwnersAreAllGone() throws Exception {
        Kubectl kubectl = kubectl();
        String ns = createNamespace(admin, "gc-bg");
        JsonNode owner = configMap(ns, "owner");
        JsonNode other = configMap(ns, "other");
        configMap(ns, "only", ref(owner, false));
        configMap(ns, "shared", ref(owner, false), ref(other, false));

        assertThat(kubectl.ok("delete", "configmap", "owner", "-n", ns)).isEqualTo("configmap \"owner\" deleted\n");

        Eventually.that("configmap only collected", () -> gone(configMaps(ns) + "/only"));
        Eventually.that(
                "the reference to the deleted owner removed from shared",
                () -> get(configMaps(ns) + "/shared")
                                .at("/metadata/ownerReferences")
                                .size()
                        == 1);
        JsonNode shared = get(configMaps(ns) + "/shared");
        assertThat(shared.at("/metadata/ownerReferences/0/uid").asText()).isEqualTo(uid(other));
        assertThat(shared.at("/metadata/deletionTimestamp").isMissingNode()).isTrue();
    }

    @Test
    void kubectlDeleteInTheForegroundCompletesOnceTheDependentsAreGone() throws Exception {
        Kubectl kubectl = kubectl();
        String ns = createNamespace(admin, "gc-fg");
        JsonNode owner = configMap(ns, "owner");
        configMap(ns, "blocking", ref(owner, true));
        configMap(ns, "plain", ref(owner, false));

        // kubectl waits for the owner to be gone: it never was before the collector
        assertThat(kubectl.ok("delete", "configmap", "owner", "-n", ns, "--cascade=foreground", "--timeout=20s"))
                .isEqualTo("configmap \"owner\" deleted\n");
        assertThat(gone(configMaps(ns) + "/owner")).isTrue();
        assertThat(gone(configMaps(ns) + "/blocking"))
                .as("the blocking dependent went first")
                .isTrue();
        Eventually.that("configmap plain collected", () -> gone(configMaps(ns) + "/plain"));
    }

    @Test
    void aForegroundDeletionWaitsForDependentsThatBlockItAndOnlyForThose() throws Exception {
        Kubectl kubectl = kubectl();
        String ns = createNamespace(admin, "gc-block");
        JsonNode owner = configMap(ns, "owner");
        configMap(ns, "held", "example.com/hold", ref(owner, true));
        JsonNode other = configMap(ns, "other");
        configMap(ns, "held-not-blocking", "example.com/hold", ref(other, false));

        kubectl.ok("delete", "configmap", "owner", "other", "-n", ns, "--cascade=foreground", "--wait=false");

        Eventually.that("held being deleted", () -> deleting(configMaps(ns) + "/held"));
        Eventually.that("held-not-blocking being deleted", () -> deleting(configMaps(ns) + "/held-not-blocking"));
        Eventually.that("other gone: its dependent does not block it", () -> gone(configMaps(ns) + "/other"));
        Thread.sleep(1_500); // the collector acts within milliseconds; owner must still wait for held
        JsonNode waiting = get(configMaps(ns) + "/owner");
        assertThat(waiting.at("/metadata/deletionTimestamp").isMissingNode()).isFalse();
        assertThat(waiting.at("/metadata/finalizers").toString()).isEqualTo("[\"foregroundDeletion\"]");

        release(configMaps(ns) + "/held");
        Eventually.that("held gone", () -> gone(configMaps(ns) + "/held"));
        Eventually.that("owner gone once held is", () -> gone(configMaps(ns) + "/owner"));
        release(configMaps(ns) + "/held-not-blocking");
    }

    @Test
    void kubectlDeleteOrphanKeepsTheDependentsWithoutTheReference() throws Exception {
        Kubectl kubectl = kubectl();
        String ns = createNamespace(admin, "gc-orphan");
        JsonNode owner = configMap(ns, "owner");
        JsonNode other = configMap(ns, "other");
        configMap(ns, "only", ref(owner, true));
        configMap(ns, "shared", ref(owner, false), ref(other, false));

        assertThat(kubectl.ok("delete", "configmap", "owner", "-n", ns, "--cascade=orphan", "--timeout=20s"))
                .isEqualTo("configmap \"owner\" deleted\n");

        assertThat(gone(configMaps(ns) + "/owner")).isTrue();
        JsonNode only = get(configMaps(ns) + "/only");
        assertThat(only.at("/metadata/ownerReferences").isMissingNode())
                .as(only.toString())
                .isTrue();
        JsonNode shared = get(configMaps(ns) + "/shared");
        assertThat(shared.at("/metadata/ownerReferences").size()).isEqualTo(1);
        assertThat(shared.at("/metadata/ownerReferences/0/uid").asText()).isEqualTo(uid(other));
        Thread.sleep(1_000);
        assertThat(gone(configMaps(ns) + "/only"))
                .as("an orphan is not collected later")
                .isFalse();
    }

    // ---------------------------------------------------------------------------------------- DeleteOptions

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"propagationPolicy\":\"Background\"}|false|",
                "{\"apiVersion\":\"v1\",\"kind\":\"DeleteOptions\",\"propagationPolicy\":\"Foreground\"}|false|foregroundDeletion",
                "{\"apiVersion\":\"meta.k8s.io/v1\",\"kind\":\"DeleteOptions\",\"propagationPolicy\":\"Orphan\"}|true|orphan",
                "{\"orphanDependents\":true}|true|orphan",
                "{\"orphanDependents\":false}|false|",
            })
    void deleteOptionsChooseWhatHappensToTheDependents(String body, boolean kept, String finalizer) throws Exception {
        String ns = createNamespace(admin, "gc-api");
        JsonNode owner = configMap(ns, "owner");
        configMap(ns, "dependent", ref(owner, true));

        TestClient.Response deleted = admin.delete(configMaps(ns) + "/owner", body);
        assertThat(deleted.status()).as(deleted.body()).isEqualTo(200);
        if (finalizer != null) {
            // the owner is answered as marked: the collector finishes the deletion
            assertThat(deleted.json().at("/metadata/finalizers").toString()).isEqualTo("[\"" + finalizer + "\"]");
            assertThat(deleted.json().at("/metadata/deletionTimestamp").isMissingNode())
                    .isFalse();
        }
        Eventually.that("owner gone", () -> gone(configMaps(ns) + "/owner"));
        if (kept) {
            Eventually.that(
                    "dependent orphaned",
                    () -> get(configMaps(ns) + "/dependent")
                            .at("/metadata/ownerReferences")
                            .isMissingNode());
            Thread.sleep(1_000);
            assertThat(gone(configMaps(ns) + "/dependent")).isFalse();
        } else {
            Eventually.that("dependent collected", () -> gone(configMaps(ns) + "/dependent"));
        }
    }

    @Test
    void aSecondDeleteMayTurnAForegroundDeletionIntoAnOrphaningOne() throws Exception {
        String ns = createNamespace(admin, "gc-switch");
        JsonNode owner = configMap(ns, "owner");
        configMap(ns, "held", "example.com/hold", ref(owner, true));
        assertThat(admin.delete(configMaps(ns) + "/owner", "{\"propagationPolicy\":\"Foreground\"}")
                        .status())
                .isEqualTo(200);
        Eventually.that("held being deleted", () -> deleting(configMaps(ns) + "/held"));

        TestClient.Response again = admin.delete(configMaps(ns) + "/owner", "{\"propagationPolicy\":\"Orphan\"}");
        assertThat(again.status()).as(again.body()).isEqualTo(200);
        assertThat(again.json().at("/metadata/finalizers").toString()).isEqualTo("[\"orphan\"]");
        Eventually.that("owner gone, not waiting for held any more", () -> gone(configMaps(ns) + "/owner"));
        assertThat(get(configMaps(ns) + "/held").at("/metadata/ownerReferences").isMissingNode())
                .isTrue();
        release(configMaps(ns) + "/held");
    }

    // ---------------------------------------------------------------------------------------- owner identity

    @Test
    void anOwnerCountsOnlyWithItsUidAndInTheDependentsNamespace() throws Exception {
        String ns = createNamespace(admin, "gc-uid");
        String elsewhere = createNamespace(admin, "gc-uid-other");
        JsonNode owner = configMap(ns, "owner");
        JsonNode stranger = configMap(elsewhere, "owner");
        configMap(ns, "right-uid", ref(owner, false));
        ObjectNode earlier = ref(owner, false).put("uid", UUID.randomUUID().toString());
        configMap(ns, "earlier-owner", earlier);
        // names a namespaced owner of another namespace: looked up in its own, where it is another object
        configMap(ns, "cross-namespace", ref(stranger, false));

        Eventually.that("earlier-owner collected", () -> gone(configMaps(ns) + "/earlier-owner"));
        Eventually.that("cross-namespace collected", () -> gone(configMaps(ns) + "/cross-namespace"));
        Thread.sleep(1_000);
        assertThat(gone(configMaps(ns) + "/right-uid")).isFalse();

        // the garbage collector's one event: the owner was seen, in another namespace
        JsonNode events = get("/api/v1/namespaces/" + ns + "/events?fieldSelector=reason%3DOwnerRefInvalidNamespace");
        assertThat(events.path("items")).hasSize(1);
        JsonNode event = events.path("items").get(0);
        assertThat(event.path("type").asText()).isEqualTo("Warning");
        assertThat(event.at("/involvedObject/name").asText()).isEqualTo("cross-namespace");
        assertThat(event.at("/involvedObject/kind").asText()).isEqualTo("ConfigMap");
        assertThat(event.at("/source/component").asText()).isEqualTo("garbage-collector-controller");
        assertThat(event.path("message").asText())
                .isEqualTo("ownerRef [v1/ConfigMap, namespace: " + ns + ", name: owner, uid: " + uid(stranger)
                        + "] does not exist in namespace \"" + ns + "\"");
    }

    @Test
    void clusterScopedOwnersOwnNamespacedDependentsButNotTheOtherWayRound() throws Exception {
        String ns = createNamespace(admin, "gc-cluster");
        String profile = uniqueName("gc-profile");
        JsonNode cloudProfile = create(admin, CLOUDPROFILES, cloudProfileObject(profile));
        ObjectNode toProfile = ref(cloudProfile, true);
        configMap(ns, "of-profile", toProfile);
        JsonNode configMap = configMap(ns, "namespaced-owner");
        ObjectNode invalid = cloudProfileObject(uniqueName("gc-invalid"));
        invalid.withObjectProperty("metadata").putArray("ownerReferences").add(ref(configMap, false));
        JsonNode invalidProfile = create(admin, CLOUDPROFILES, invalid);

        TestClient.Response deleted = deleteConfirmed(admin, CLOUDPROFILES + "/" + profile);
        assertThat(deleted.status()).as(deleted.body()).isEqualTo(200);
        Eventually.that("the CloudProfile's configmap collected", () -> gone(configMaps(ns) + "/of-profile"));

        // a cluster-scoped object cannot be owned by a namespaced one: the reference never resolves
        admin.delete(configMaps(ns) + "/namespaced-owner");
        Thread.sleep(1_500);
        assertThat(gone(CLOUDPROFILES + "/"
                        + invalidProfile.at("/metadata/name").asText()))
                .isFalse();
    }

    // ---------------------------------------------------------------------------------------- Gardener kinds

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aBastionGoesWithItsShoot(BindingKind bindingKind) throws Exception {
        Garden g = GardenFixtures.create(admin, bindingKind);
        ObjectNode shoot = GardenFixtures.shoot(g, "bastioned");
        shoot.withObjectProperty("spec").put("seedName", g.seed());
        JsonNode created = create(admin, g.shoots(), shoot);
        String bastions = "/apis/operations.gardener.cloud/v1alpha1/namespaces/" + g.namespace() + "/bastions";
        JsonNode bastion = create(admin, bastions, bastion("b", "bastioned"));
        assertThat(bastion.at("/metadata/ownerReferences/0/uid").asText()).isEqualTo(uid(created));

        TestClient.Response deleted = deleteConfirmed(admin, g.shoot("bastioned"));
        assertThat(deleted.status()).as(deleted.body()).isEqualTo(200);
        Eventually.that("shoot gone", () -> gone(g.shoot("bastioned")));
        Eventually.that("its bastion collected", () -> gone(bastions + "/b"));
    }

    private static ObjectNode bastion(String name, String shoot) throws Exception {
        String key = Examples.read("100-bastion.yaml")
                .path("spec")
                .path("sshPublicKey")
                .asText();
        return (ObjectNode) Json.MAPPER.readTree("""
                {"apiVersion":"operations.gardener.cloud/v1alpha1","kind":"Bastion","metadata":{"name":"%s"},
                 "spec":{"shootRef":{"name":"%s"},"sshPublicKey":"%s","ingress":[{"ipBlock":{"cidr":"1.2.3.4/32"}}]}}
                """.formatted(name, shoot, key));
    }

    // ---------------------------------------------------------------------------------------- helpers

    static String configMaps(String ns) {
        return Owned.configMaps(ns);
    }

    static JsonNode configMap(String ns, String name, ObjectNode... owners) {
        return Owned.configMap(admin, ns, name, null, owners);
    }

    static JsonNode configMap(String ns, String name, String finalizer, ObjectNode... owners) {
        return Owned.configMap(admin, ns, name, finalizer, owners);
    }

    static JsonNode get(String path) {
        return Owned.get(admin, path);
    }

    static boolean gone(String path) {
        return Owned.gone(admin, path);
    }

    static boolean deleting(String path) {
        return Owned.deleting(admin, path);
    }

    static void release(String path) {
        Owned.release(admin, path);
    }
}

package cloud.gardener.apiserver.registry.gardener;

import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.ADMIN;
import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.await;
import static cloud.gardener.apiserver.storage.testing.OnLoop.onLoop;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.registry.DeleteRequest;
import cloud.gardener.apiserver.registry.EmbeddedStoreExtension;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ObservedStorage;
import cloud.gardener.apiserver.registry.Registry;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The NamespacedCloudProfile controller is driven by watches: a parent's change reaches the status through the
 * CloudProfile watch with no list in between (and none while nothing changes), a watch ended by a compacted revision
 * is followed by a fresh list that shows what the lost watch missed, and a controller started anew finishes what
 * changed while none ran.
 */
class NamespacedCloudProfileControllerTest {

    private static final String NS = "garden-dev";

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    private Vertx vertx;
    private ObservedStorage storage;
    private GenericStore cloudProfiles;
    private GenericStore profiles;
    private NamespacedCloudProfileController controller;
    private Registry registry;

    @BeforeEach
    void garden() throws Exception {
        vertx = embeddedStore.vertx();
        storage = embeddedStore.storage();
        registry = embeddedStore.registry();
        cloudProfiles = registry.store("core.gardener.cloud", "cloudprofiles").orElseThrow();
        profiles =
                registry.store("core.gardener.cloud", "namespacedcloudprofiles").orElseThrow();
        ObjectNode local =
                (ObjectNode) Json.YAML.readTree(Files.readString(Path.of("..", "examples", "10-cloudprofile.yaml")));
        await(cloudProfiles.create("", local, ADMIN));
        await(profiles.create(NS, profile("custom"), ADMIN));
    }

    @AfterEach
    void stop() throws Exception {
        if (controller != null) {
            controller.stop();
        }
    }

    private void startController() throws Exception {
        controller = new NamespacedCloudProfileController(
                vertx, registry, (regarding, type, reason, action, note) -> Future.succeededFuture(null));
        onLoop(vertx.getOrCreateContext(), controller::start);
    }

    private static ObjectNode profile(String name) throws Exception {
        return (ObjectNode) Json.MAPPER.readTree(("{'apiVersion':'core.gardener.cloud/v1beta1',"
                        + "'kind':'NamespacedCloudProfile','metadata':{'name':'%s','namespace':'%s'},"
                        + "'spec':{'parent':{'kind':'CloudProfile','name':'local'},"
                        + "'machineTypes':[{'name':'large','cpu':'4','gpu':'0','memory':'16Gi'}]}}")
                .formatted(name, NS)
                .replace('\'', '"'));
    }

    private ObjectNode stored(String name) throws Exception {
        return await(profiles.get(NS, name));
    }

    private void eventually(String what, Predicate<ObjectNode> condition) throws Exception {
        for (int i = 0; i < 400 && !condition.test(stored("custom")); i++) {
            Thread.sleep(25);
        }
        assertThat(condition.test(stored("custom"))).as(what).isTrue();
    }

    private static List<String> names(JsonNode items) {
        List<String> names = new ArrayList<>();
        items.forEach(item -> names.add(item.path("name").asText()));
        return names;
    }

    private static boolean hasRegion(ObjectNode profile, String region) {
        return names(profile.at("/status/cloudProfileSpec/regions")).contains(region);
    }

    private void addRegion(String region) throws Exception {
        await(cloudProfiles.update(
                "",
                "local",
                "",
                cp -> {
                    cp.withObjectProperty("spec")
                            .withArray("regions")
                            .addObject()
                            .put("name", region);
                    return cp;
                },
                ADMIN));
    }

    private void merged() throws Exception {
        eventually("merged", p -> p.at("/status/observedGeneration").asLong() == 1);
        assertThat(stored("custom").at("/metadata/finalizers").toString()).isEqualTo("[\"gardener\"]");
        assertThat(names(stored("custom").at("/status/cloudProfileSpec/machineTypes")))
                .containsExactly("local", "large");
    }

    @Test
    void aParentChangeReachesTheStatusThroughTheWatchWithoutAnyList() throws Exception {
        startController();
        merged();
        int lists = storage.lists();
        String settled = stored("custom").at("/metadata/resourceVersion").asText();

        // quiet: no list, no write for longer than the old loop's period (it listed once a second)
        Thread.sleep(1_100);
        assertThat(storage.lists()).as("lists while nothing changed").isEqualTo(lists);
        assertThat(stored("custom").at("/metadata/resourceVersion").asText()).isEqualTo(settled);

        addRegion("local-2");
        eventually("the parent's new region in the status", p -> hasRegion(p, "local-2"));
        assertThat(storage.lists()).as("lists to see the parent's change").isEqualTo(lists);
        assertThat(stored("custom").at("/status/observedGeneration").asLong()).isEqualTo(1);
    }

    @Test
    void aWatchEndedByACompactedRevisionIsFollowedByAFreshListThatShowsWhatItMissed() throws Exception {
        startController();
        merged();
        int lists = storage.lists();
        int watches = storage.watches();
        assertThat(watches).as("profiles, CloudProfiles, Shoots").isEqualTo(3);

        // the change happens while no watch is there to see it: only the fresh list shows it
        storage.expireWatches();
        addRegion("missed");
        eventually("the missed region in the status", p -> hasRegion(p, "missed"));
        // each ended watch is listed again on its own: the first list may show the region before the others ran
        for (int i = 0; i < 200 && storage.lists() < lists + watches; i++) {
            Thread.sleep(25);
        }
        assertThat(storage.lists()).as("one fresh list per ended watch").isEqualTo(lists + watches);

        // and the new watches carry on
        for (int i = 0; i < 200 && storage.watches() < watches; i++) {
            Thread.sleep(25);
        }
        addRegion("after");
        eventually("a later region in the status", p -> hasRegion(p, "after"));
        assertThat(storage.lists()).isEqualTo(lists + watches);
    }

    @Test
    void aControllerStartedAnewFinishesWhatChangedWhileNoneRan() throws Exception {
        startController();
        merged();
        controller.stop();
        controller = null;
        Thread.sleep(200);

        addRegion("while-down");
        await(profiles.create(NS, profile("later"), ADMIN));
        await(profiles.delete(NS, "custom", DeleteRequest.DEFAULT, ADMIN));
        assertThat(stored("custom").at("/metadata/deletionTimestamp").isMissingNode())
                .as("held by the finalizer")
                .isFalse();

        startController();
        ObjectNode later = null;
        for (int i = 0; i < 400; i++) {
            later = stored("later");
            if (later.at("/status/observedGeneration").asLong() == 1) {
                break;
            }
            Thread.sleep(25);
        }
        assertThat(hasRegion(later, "while-down")).isTrue();
        Throwable gone = null;
        for (int i = 0; i < 400 && gone == null; i++) {
            try {
                stored("custom");
                Thread.sleep(25);
            } catch (Exception e) {
                gone = e;
            }
        }
        assertThat(gone).as("the deleted profile released (no Shoot uses it)").isNotNull();
    }
}

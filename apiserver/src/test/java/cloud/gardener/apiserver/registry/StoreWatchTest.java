package cloud.gardener.apiserver.registry;

import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.ADMIN;
import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.await;
import static cloud.gardener.apiserver.storage.testing.OnLoop.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.admission.validation.core.ShootWarnings;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.selection.SelectableView;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A store's changes for a controller: the list, then every change in order on the controller's context; a watch
 * that stalls and then ends is followed by a fresh list, which shows what the lost watch would have (here: a
 * deletion).
 */
class StoreWatchTest {

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    private Vertx vertx;
    private ObservedStorage storage;
    private StoreWatch watch;

    @BeforeEach
    void start() {
        vertx = embeddedStore.vertx();
        storage = embeddedStore.storage();
    }

    @AfterEach
    void stop() throws Exception {
        if (watch != null) {
            watch.stop();
        }
    }

    private static ObjectNode configMap(String name) {
        ObjectNode cm = Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        cm.putObject("metadata").put("name", name);
        return cm;
    }

    @Test
    void throughAWatchCacheItOpensNoListOrWatchOfStorageAndAViewDecodesOnlyItsPaths() throws Exception {
        ObservedStorage observed = new ObservedStorage(
                new EmbeddedStorage(vertx, embeddedStore.dir().resolve("cached")));
        StoreReads reads = new StoreReads(
                ResourceRegistry.standard(true), observed, "/registry", null, vertx, WatchCacheSettings.defaults(true));
        Registry registry =
                new Registry(reads, self -> AdmissionChain.empty(), ShootWarnings.DEFAULT_ROTATION_INTERVAL);
        GenericStore configMaps = registry.store("", "configmaps").orElseThrow();
        ObjectNode a = configMap("a");
        a.putObject("data").put("big", "x".repeat(1024));
        await(configMaps.create("ns", a, ADMIN));
        await(reads.cache().start());
        int lists = observed.lists();
        List<String> watches = observed.watchedPrefixes();

        List<ObjectNode> seen = Collections.synchronizedList(new ArrayList<>());
        watch = new StoreWatch(
                vertx,
                configMaps,
                SelectableView.of(List.of("metadata.name", "metadata.uid")),
                new StoreWatch.Handler() {
                    @Override
                    public void listed(List<ObjectNode> objects) {
                        seen.addAll(objects);
                    }

                    @Override
                    public void changed(ObjectNode object, ObjectNode previous) {
                        seen.add(object);
                    }

                    @Override
                    public void deleted(ObjectNode last) {}
                });
        watch.start(vertx.getOrCreateContext());
        eventually(() -> seen.size() == 1);
        await(configMaps.create("ns", configMap("b"), ADMIN));
        eventually(() -> seen.size() == 2);

        assertThat(seen).extracting(ObjectTrees::name).containsExactly("a", "b");
        assertThat(seen.get(0).has("data")).as("only the view's paths").isFalse();
        assertThat(seen.get(0).path("metadata").path("resourceVersion").asText())
                .isNotEmpty();
        assertThat(observed.lists()).as("listed from the watch cache").isEqualTo(lists);
        assertThat(observed.watchedPrefixes())
                .as("watched through the watch cache")
                .isEqualTo(watches);
        reads.cache().closeCaches();
        observed.close();
    }

    @Test
    void aResourceWhoseWatchCacheWasFilledFromAnEmptyStoreIsWatchedAndLosesNoCreateAndDelete() throws Exception {
        StoreReads reads = new StoreReads(
                ResourceRegistry.standard(true), storage, "/registry", null, vertx, WatchCacheSettings.defaults(true));
        Registry registry =
                new Registry(reads, self -> AdmissionChain.empty(), ShootWarnings.DEFAULT_ROTATION_INTERVAL);
        await(reads.cache().start());
        // the store moves on, written under another resource: the ConfigMaps' cache stays at its fill revision
        await(registry.store("", "secrets").orElseThrow().create("ns", secret("other"), ADMIN));
        GenericStore configMaps = registry.store("", "configmaps").orElseThrow();
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        watch = new StoreWatch(vertx, configMaps, recording(seen));
        watch.start(vertx.getOrCreateContext());
        eventually(() -> !seen.isEmpty());

        // within the pause a list-again would take
        await(configMaps.create("ns", configMap("brief"), ADMIN));
        await(configMaps.delete("ns", "brief", DeleteRequest.DEFAULT, ADMIN));
        eventually(() -> seen.contains("deleted brief"));
        assertThat(seen).containsExactly("listed []", "changed brief", "deleted brief");
        reads.cache().closeCaches();
    }

    /** A handler writing down each call: "listed [names]", "changed name", "deleted name". */
    private static StoreWatch.Handler recording(List<String> seen) {
        return new StoreWatch.Handler() {
            @Override
            public void listed(List<ObjectNode> objects) {
                seen.add("listed " + objects.stream().map(ObjectTrees::name).toList());
            }

            @Override
            public void changed(ObjectNode object, ObjectNode previous) {
                seen.add("changed " + ObjectTrees.name(object));
            }

            @Override
            public void deleted(ObjectNode last) {
                seen.add("deleted " + ObjectTrees.name(last));
            }
        };
    }

    private static ObjectNode secret(String name) {
        ObjectNode secret =
                Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "Secret");
        secret.putObject("metadata").put("name", name);
        return secret;
    }

    @Test
    void aStoreNeverWrittenToIsWatchedFromItsFirstRevisionAndLosesNoWrite() throws Exception {
        Registry registry = embeddedStore.registry();
        GenericStore configMaps = registry.store("", "configmaps").orElseThrow();
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        watch = new StoreWatch(vertx, configMaps, recording(seen));
        watch.start(vertx.getOrCreateContext());
        eventually(() -> storage.watches() == 1);

        await(configMaps.create("ns", configMap("a"), ADMIN));
        eventually(() -> seen.contains("changed a"));
        assertThat(seen).containsExactly("listed []", "changed a");
    }

    @Test
    void listsFollowsTheWatchAndListsAgainWhenTheWatchEnds() throws Exception {
        Registry registry = embeddedStore.registry();
        GenericStore configMaps = registry.store("", "configmaps").orElseThrow();
        await(configMaps.create("ns", configMap("a"), ADMIN));
        await(configMaps.create("ns", configMap("b"), ADMIN));

        Context context = vertx.getOrCreateContext();
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        List<Boolean> onContext = Collections.synchronizedList(new ArrayList<>());
        watch = new StoreWatch(vertx, configMaps, new StoreWatch.Handler() {
            @Override
            public void listed(List<ObjectNode> objects) {
                onContext.add(Vertx.currentContext() == context);
                seen.add("listed " + objects.stream().map(ObjectTrees::name).toList());
            }

            @Override
            public void changed(ObjectNode object, ObjectNode previous) {
                onContext.add(Vertx.currentContext() == context);
                seen.add("changed " + ObjectTrees.name(object) + (previous == null ? " (new)" : ""));
            }

            @Override
            public void deleted(ObjectNode last) {
                onContext.add(Vertx.currentContext() == context);
                seen.add("deleted " + ObjectTrees.name(last));
            }
        });
        watch.start(context);
        eventually(() -> storage.watches() == 1);
        assertThat(seen).containsExactly("listed [a, b]");

        // the first watch stalls: b's deletion and c's creation are lost with it
        storage.stallWatches();
        await(configMaps.delete("ns", "b", DeleteRequest.DEFAULT, ADMIN));
        await(configMaps.create("ns", configMap("c"), ADMIN));
        Thread.sleep(200);
        assertThat(seen).containsExactly("listed [a, b]");
        storage.expireWatches();
        eventually(() -> seen.size() == 2);
        assertThat(seen.get(1)).isEqualTo("listed [a, c]");

        // the new watch follows
        await(configMaps.update(
                "ns",
                "a",
                "",
                cm -> {
                    cm.putObject("data").put("k", "v");
                    return cm;
                },
                ADMIN));
        await(configMaps.create("ns", configMap("d"), ADMIN));
        await(configMaps.delete("ns", "c", DeleteRequest.DEFAULT, ADMIN));
        eventually(() -> seen.size() == 5);
        assertThat(seen.subList(2, 5)).containsExactly("changed a", "changed d (new)", "deleted c");
        assertThat(onContext).containsOnly(true);
    }
}

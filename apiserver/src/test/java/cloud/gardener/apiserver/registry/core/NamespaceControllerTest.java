package cloud.gardener.apiserver.registry.core;

import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.ADMIN;
import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.await;
import static cloud.gardener.apiserver.storage.testing.OnLoop.eventually;
import static cloud.gardener.apiserver.storage.testing.OnLoop.onLoop;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.registry.DeleteRequest;
import cloud.gardener.apiserver.registry.EmbeddedStoreExtension;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ObservedStorage;
import cloud.gardener.apiserver.registry.Registry;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Vertx;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The namespace controller is driven by the namespaces' watch: nothing is listed while no namespace terminates, a
 * deleted namespace is emptied and finalized, one whose content a finalizer holds waits for it, and a deletion the
 * lost watch missed is found by the fresh list.
 */
class NamespaceControllerTest {

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    private Vertx vertx;
    private ObservedStorage storage;
    private GenericStore namespaces;
    private GenericStore configMaps;
    private NamespaceController controller;

    @BeforeEach
    void start() throws Exception {
        vertx = embeddedStore.vertx();
        storage = embeddedStore.storage();
        Registry registry = embeddedStore.registry();
        namespaces = registry.store("", "namespaces").orElseThrow();
        configMaps = registry.store("", "configmaps").orElseThrow();
        // a namespace whose content is held is looked at again after 100 ms, not production's second: what is shown
        // is that it waits for the content and goes once it has, not how long it waits between looks
        controller = new NamespaceController(vertx, registry, 100);
        onLoop(vertx.getOrCreateContext(), controller::start);
    }

    @AfterEach
    void stop() throws Exception {
        controller.stop();
    }

    private boolean exists(GenericStore store, String namespace, String name) {
        try {
            await(store.get(namespace, name));
            return true;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ApiException api && api.code() == 404) {
                return false;
            }
            throw new IllegalStateException(e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private void namespace(String name) throws Exception {
        ObjectNode ns = Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "Namespace");
        ns.putObject("metadata").put("name", name);
        await(namespaces.create("", ns, ADMIN));
    }

    private void configMap(String namespace, String name, boolean held) throws Exception {
        ObjectNode cm = Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        ObjectNode meta = cm.putObject("metadata").put("name", name);
        if (held) {
            meta.putArray("finalizers").add("example.com/hold");
        }
        await(configMaps.create(namespace, cm, ADMIN));
    }

    @Test
    void aDeletedNamespaceIsEmptiedAndFinalizedAndNothingIsListedOtherwise() throws Exception {
        namespace("quiet");
        namespace("doomed");
        configMap("doomed", "inside", false);
        configMap("doomed", "held", true);
        eventually("watching", () -> storage.watches() == 1);
        int lists = storage.lists();
        Thread.sleep(1_100); // longer than the old loop's period: it listed once a second
        assertThat(storage.lists()).as("lists while no namespace terminates").isEqualTo(lists);

        await(namespaces.delete("", "doomed", DeleteRequest.DEFAULT, ADMIN));
        eventually("the free object deleted", () -> !exists(configMaps, "doomed", "inside"));
        assertThat(exists(namespaces, "", "doomed"))
                .as("waits for the held object")
                .isTrue();

        await(configMaps.update(
                "doomed",
                "held",
                "",
                cm -> {
                    cm.withObjectProperty("metadata").remove("finalizers");
                    return cm;
                },
                ADMIN));
        eventually("the namespace gone", () -> !exists(namespaces, "", "doomed"));
        assertThat(exists(namespaces, "", "quiet")).isTrue();
    }

    @Test
    void aDeletionTheLostWatchMissedIsFoundByTheFreshList() throws Exception {
        namespace("first");
        eventually("watching", () -> storage.watches() == 1);
        storage.expireWatches();
        namespace("missed");
        await(namespaces.delete("", "missed", DeleteRequest.DEFAULT, ADMIN));
        eventually("the namespace gone", () -> !exists(namespaces, "", "missed"));
    }
}

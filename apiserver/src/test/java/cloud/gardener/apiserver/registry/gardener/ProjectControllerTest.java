package cloud.gardener.apiserver.registry.gardener;

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
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The project controller is driven by watches: no list while nothing changes, a deleted Project's namespace going
 * away lets the Project go at once (not after the minute's recheck), a namespace deleted while the watch was gone is
 * found by the fresh list and made again, and a controller started anew finishes a deletion begun while none ran.
 */
class ProjectControllerTest {

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    private Vertx vertx;
    private ObservedStorage storage;
    private Registry registry;
    private GenericStore projects;
    private GenericStore namespaces;
    private ProjectController controller;

    @BeforeEach
    void start() throws Exception {
        vertx = embeddedStore.vertx();
        storage = embeddedStore.storage();
        registry = embeddedStore.registry();
        projects = registry.store("core.gardener.cloud", "projects").orElseThrow();
        namespaces = registry.store("", "namespaces").orElseThrow();
    }

    @AfterEach
    void stop() throws Exception {
        if (controller != null) {
            controller.stop();
        }
    }

    private void startController() throws Exception {
        controller = new ProjectController(
                vertx, registry, (regarding, type, reason, action, note) -> Future.succeededFuture(null));
        onLoop(vertx.getOrCreateContext(), controller::start);
    }

    private ObjectNode orNull(GenericStore store, String name) {
        try {
            return await(store.get("", name));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ApiException api && api.code() == 404) {
                return null;
            }
            throw new IllegalStateException(e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private String phase(String project) {
        ObjectNode p = orNull(projects, project);
        return p == null ? "" : p.path("status").path("phase").asText();
    }

    private void createReadyProject(String name) throws Exception {
        ObjectNode project = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "Project");
        project.putObject("metadata").put("name", name);
        project.putObject("spec").put("namespace", "garden-" + name);
        await(projects.create("", project, ADMIN));
        eventually("project " + name + " Ready", () -> "Ready".equals(phase(name)));
        assertThat(orNull(namespaces, "garden-" + name)).isNotNull();
    }

    /** Deletes a namespace as kube-controller-manager's namespace controller completes it (none runs here). */
    private void deleteNamespace(String name) throws Exception {
        await(namespaces.delete("", name, DeleteRequest.DEFAULT, ADMIN));
        finalizeNamespace(name);
    }

    private void finalizeNamespace(String name) throws Exception {
        await(namespaces.update(
                "",
                name,
                "finalize",
                ns -> {
                    ns.withObjectProperty("spec").remove("finalizers");
                    return ns;
                },
                ADMIN));
    }

    @Test
    void nothingIsListedWhileNothingChanges() throws Exception {
        startController();
        createReadyProject("quiet");
        int lists = storage.lists();
        String settled =
                orNull(projects, "quiet").at("/metadata/resourceVersion").asText();
        Thread.sleep(1_100); // longer than the old loop's period: it listed once a second
        assertThat(storage.lists()).isEqualTo(lists);
        assertThat(orNull(projects, "quiet").at("/metadata/resourceVersion").asText())
                .isEqualTo(settled);
    }

    @Test
    void theNamespaceGoingAwayLetsTheDeletedProjectGoAtOnce() throws Exception {
        startController();
        createReadyProject("gone");
        await(projects.delete("", "gone", DeleteRequest.DEFAULT, ADMIN));
        eventually(
                "the namespace marked for deletion",
                () -> orNull(namespaces, "garden-gone")
                        .at("/metadata/deletionTimestamp")
                        .isTextual());
        eventually("project gone Terminating", () -> "Terminating".equals(phase("gone")));

        finalizeNamespace("garden-gone");
        // well before the minute's recheck: the namespace's deletion event queued the Project
        eventually("project gone", () -> orNull(projects, "gone") == null);
    }

    @Test
    void aNamespaceDeletedWhileTheWatchWasGoneIsFoundByTheFreshListAndMadeAgain() throws Exception {
        startController();
        createReadyProject("relist");
        int watches = storage.watches();
        assertThat(watches).as("Projects, Namespaces, Shoots").isEqualTo(3);
        String uid = orNull(namespaces, "garden-relist").at("/metadata/uid").asText();

        storage.expireWatches();
        deleteNamespace("garden-relist");
        eventually("the namespace made again", () -> {
            ObjectNode ns = orNull(namespaces, "garden-relist");
            return ns != null && !uid.equals(ns.at("/metadata/uid").asText());
        });
        eventually("watching again", () -> storage.watches() == watches);
    }

    @Test
    void aControllerStartedAnewFinishesADeletionBegunWhileNoneRan() throws Exception {
        startController();
        createReadyProject("restart");
        controller.stop();
        controller = null;
        Thread.sleep(200);

        await(projects.delete("", "restart", DeleteRequest.DEFAULT, ADMIN));
        assertThat(orNull(projects, "restart")).as("held by its finalizer").isNotNull();
        startController();
        eventually(
                "the namespace marked for deletion",
                () -> orNull(namespaces, "garden-restart")
                        .at("/metadata/deletionTimestamp")
                        .isTextual());
        finalizeNamespace("garden-restart");
        eventually("project restart gone", () -> orNull(projects, "restart") == null);
    }
}

package cloud.gardener.apiserver.registry;

import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.ADMIN;
import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.await;
import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.failure;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.admission.validation.core.ShootWarnings;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.storage.ReadFreshness;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Deletes behind a watch cache start from the cache's copy, as kube-apiserver's etcd3 {@code Delete} with a cached
 * existing object: no storage read when the cache is current, the delete's revision compare as the guard, and a fresh
 * read before anything a stale copy caused is answered. The cache is made stale on purpose by holding back its events.
 */
class GenericStoreCachedDeleteTest {

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    private ObservedStorage storage;
    private StoreReads reads;
    private GenericStore configMaps;

    @BeforeEach
    void start() throws Exception {
        storage = embeddedStore.storage();
        reads = new StoreReads(
                ResourceRegistry.standard(true),
                storage,
                "/registry",
                null,
                embeddedStore.vertx(),
                WatchCacheSettings.defaults(true));
        await(reads.cache().start());
        Registry registry =
                new Registry(reads, self -> new AdmissionChain(List.of()), ShootWarnings.DEFAULT_ROTATION_INTERVAL);
        configMaps = registry.store("", "configmaps").orElseThrow();
    }

    @AfterEach
    void stop() {
        storage.release();
        reads.cache().closeCaches();
    }

    @Test
    void aDeleteOnACurrentCacheReadsNoStorage() throws Exception {
        createdAndCached("");
        int gets = storage.gets();

        DeleteResult result = await(delete(DeleteRequest.DEFAULT));

        assertThat(result.removed()).isTrue();
        assertThat(storage.gets()).as("storage reads for the delete").isEqualTo(gets);
        assertThat(failure(configMaps.get("dev", "settings", ReadFreshness.consistent())))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(404));
    }

    /** As etcd3's {@code Delete}: the answer is the object's last state at the delete's revision. */
    @Test
    void aRemovingDeleteAnswersTheLastStateAtTheDeletesRevision() throws Exception {
        String created = createdAndCached("");
        ObjectNode last = await(configMaps.get("dev", "settings", ReadFreshness.consistent()));

        DeleteResult result = await(delete(DeleteRequest.DEFAULT));

        assertThat(result.removed()).isTrue();
        long deletedAt = Long.parseLong(ObjectTrees.resourceVersion(result.object()));
        assertThat(deletedAt).isGreaterThan(Long.parseLong(created));
        assertThat(deletedAt).as("the store's revision after the delete").isEqualTo(await(storage.currentRevision()));
        ObjectTrees.meta(last).put("resourceVersion", Long.toString(deletedAt));
        assertThat(result.object()).isEqualTo(last);
    }

    /**
     * A delete right after the create, before the cache has seen it (the bench's delete row does this): the cache's
     * answer is at once (a read at any state, no wait for a revision), the delete reads storage once and sends one
     * transaction. The events stay held throughout, so a wait for the cache would not end before the timeout.
     */
    @Test
    void aDeleteRightAfterACreateTheCacheHasNotSeenReadsOnceAndDeletesOnceWithoutWaiting() throws Exception {
        storage.holdEvents();
        await(configMaps.create("dev", configMap(""), ADMIN));
        int gets = storage.gets();
        int deletes = storage.deletes();

        long started = System.nanoTime();
        DeleteResult result = await(delete(DeleteRequest.DEFAULT));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

        assertThat(result.removed()).isTrue();
        assertThat(storage.gets()).as("storage reads for the delete").isEqualTo(gets + 1);
        assertThat(storage.deletes()).as("delete transactions").isEqualTo(deletes + 1);
        assertThat(millis)
                .as("answered without waiting for the cache (its wait for a revision gives up after 3 s)")
                .isLessThan(2_000);
    }

    @Test
    void aDeleteOnACurrentCacheSendsOneTransaction() throws Exception {
        createdAndCached("");
        int deletes = storage.deletes();

        await(delete(DeleteRequest.DEFAULT));

        assertThat(storage.deletes()).as("delete transactions").isEqualTo(deletes + 1);
    }

    @Test
    void aDeleteWithFinalizersOnACurrentCacheMarksTheObjectWithoutReadingStorage() throws Exception {
        createdAndCached("\"example.com/keep\"");
        int gets = storage.gets();

        DeleteResult result = await(delete(DeleteRequest.DEFAULT));

        assertThat(result.removed()).isFalse();
        assertThat(result.object().at("/metadata/deletionTimestamp").isTextual())
                .isTrue();
        assertThat(result.object().at("/metadata/deletionGracePeriodSeconds").asInt())
                .isZero();
        assertThat(storage.gets()).as("storage reads for the delete").isEqualTo(gets);
    }

    @Test
    void aPreconditionNamingARevisionTheCacheHasNotReachedSucceeds() throws Exception {
        createdAndCached("");
        storage.holdEvents();
        String written = ObjectTrees.resourceVersion(await(addLabel("first")));
        int gets = storage.gets();

        DeleteResult result = await(delete(new DeleteRequest(null, written, null)));

        assertThat(result.removed()).isTrue();
        assertThat(result.object().at("/metadata/labels/first").asText()).isEqualTo("true");
        assertThat(storage.gets())
                .as("one fresh read after the cache's copy failed the precondition")
                .isEqualTo(gets + 1);
    }

    @Test
    void aStaleResourceVersionPreconditionIsAConflictWithUpstreamsMessage() throws Exception {
        String created = createdAndCached("");
        String written = ObjectTrees.resourceVersion(await(addLabel("first")));

        Throwable t = failure(delete(new DeleteRequest(null, created, null)));

        assertThat(t).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(409);
            assertThat(e.getMessage())
                    .isEqualTo("Operation cannot be fulfilled on configmaps \"settings\": Precondition failed: "
                            + "ResourceVersion in precondition: " + created + ", ResourceVersion in object meta: "
                            + written);
        });
    }

    @Test
    void aWrongUidPreconditionIsAConflictWithUpstreamsMessage() throws Exception {
        createdAndCached("");
        String uid = ObjectTrees.uid(await(configMaps.get("dev", "settings")));

        Throwable t = failure(delete(new DeleteRequest("not-the-uid", null, null)));

        assertThat(t).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(409);
            assertThat(e.getMessage())
                    .isEqualTo("Operation cannot be fulfilled on configmaps \"settings\": Precondition failed: "
                            + "UID in precondition: not-the-uid, UID in object meta: " + uid);
        });
    }

    @Test
    void anUnconditionalDeleteOnAStaleCopyDeletesTheStoredObject() throws Exception {
        createdAndCached("");
        storage.holdEvents();
        await(addLabel("first"));

        DeleteResult result = await(delete(DeleteRequest.DEFAULT));

        assertThat(result.removed()).isTrue();
        assertThat(result.object().at("/metadata/labels/first").asText())
                .as("the object as deleted, not the cache's copy")
                .isEqualTo("true");
    }

    @Test
    void anObjectGoneWhileTheCacheStillHasItIsNotFound() throws Exception {
        createdAndCached("");
        storage.holdEvents();
        await(delete(DeleteRequest.DEFAULT));

        Throwable t = failure(delete(DeleteRequest.DEFAULT));

        assertThat(t).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(404);
            assertThat(e.getMessage()).isEqualTo("configmaps \"settings\" not found");
        });
    }

    @Test
    void aDeletionThatFinishedAfterTheCachesCopyIsNotAnsweredFromThatCopy() throws Exception {
        createdAndCached("\"example.com/keep\"");
        String marked =
                ObjectTrees.resourceVersion(await(delete(DeleteRequest.DEFAULT)).object());
        await(configMaps.get("dev", "settings", ReadFreshness.notOlderThan(Long.parseLong(marked))));
        storage.holdEvents();
        // the last finalizer goes: the object is deleted, the cache still has it marked
        await(configMaps.update(
                "dev",
                "settings",
                "",
                old -> {
                    old.withObjectProperty("metadata").remove("finalizers");
                    return old;
                },
                ADMIN));

        Throwable t = failure(delete(DeleteRequest.DEFAULT));

        assertThat(t)
                .as("the cache's copy, being deleted with its finalizers unchanged, would have answered 200")
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(404));
    }

    /** Creates the ConfigMap with these finalizers (JSON strings) and waits until the cache has it; its resourceVersion. */
    private String createdAndCached(String finalizers) throws Exception {
        ObjectNode created = await(configMaps.create("dev", configMap(finalizers), ADMIN));
        String rv = ObjectTrees.resourceVersion(created);
        await(configMaps.get("dev", "settings", ReadFreshness.notOlderThan(Long.parseLong(rv))));
        return rv;
    }

    /** The ConfigMap "settings" with these finalizers (JSON strings). */
    private static ObjectNode configMap(String finalizers) {
        String json = """
                {"apiVersion": "v1", "kind": "ConfigMap",
                 "metadata": {"name": "settings", "finalizers": [%s]},
                 "data": {"purpose": "evaluation"}}""".formatted(finalizers);
        return (ObjectNode) Json.readTree(json.getBytes(StandardCharsets.UTF_8));
    }

    private Future<DeleteResult> delete(DeleteRequest request) {
        return configMaps.delete("dev", "settings", request, ADMIN);
    }

    private Future<ObjectNode> addLabel(String label) {
        return GenericStoreCachedUpdateTest.addLabel(configMaps, label);
    }
}

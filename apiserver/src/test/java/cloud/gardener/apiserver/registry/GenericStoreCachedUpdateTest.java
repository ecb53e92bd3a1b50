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
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Updates behind a watch cache start from the cache's copy, as kube-apiserver's GuaranteedUpdate with a cached existing
 * object: no storage read when the cache is current, the write's revision compare as the guard, and a fresh read
 * before anything a stale copy caused is answered. The cache is made stale on purpose by holding back its events.
 */
class GenericStoreCachedUpdateTest {

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    private Vertx vertx;
    private ObservedStorage storage;
    private StoreReads reads;
    private GenericStore configMaps;

    @BeforeEach
    void start() throws Exception {
        vertx = embeddedStore.vertx();
        storage = embeddedStore.storage();
        reads = new StoreReads(
                ResourceRegistry.standard(true), storage, "/registry", null, vertx, WatchCacheSettings.defaults(true));
        await(reads.cache().start());
        Registry registry =
                new Registry(reads, self -> new AdmissionChain(List.of()), ShootWarnings.DEFAULT_ROTATION_INTERVAL);
        configMaps = registry.store("", "configmaps").orElseThrow();
    }

    @AfterEach
    void stop() throws Exception {
        storage.release();
        reads.cache().closeCaches();
    }

    @Test
    void anUpdateOnACurrentCacheReadsNoStorage() throws Exception {
        String created = createdAndCached();
        int gets = storage.gets();

        ObjectNode updated = await(put(created, "production"));

        assertThat(updated.at("/data/purpose").asText()).isEqualTo("production");
        assertThat(storage.gets()).as("storage reads for the update").isEqualTo(gets);
    }

    @Test
    void aPutNamingARevisionTheCacheHasNotReachedSucceeds() throws Exception {
        String written = writtenPastTheCache();
        int gets = storage.gets();

        ObjectNode updated = await(put(written, "production"));

        assertThat(updated.at("/data/purpose").asText()).isEqualTo("production");
        assertThat(updated.at("/metadata/labels/first").asText()).isEqualTo("true");
        assertThat(storage.gets())
                .as("one fresh read after the cache's copy failed the precondition")
                .isEqualTo(gets + 1);
    }

    /** The cache never catches up here (its events stay held): past the wait for it, the update reads storage. */
    @Test
    void aPutThatNamesItsRevisionSkipsACopyOlderThanIt() throws Exception {
        String written = writtenPastTheCache();
        int gets = storage.gets();
        AtomicInteger attempts = new AtomicInteger();

        ObjectNode updated = await(putNamingIt(written, "production", attempts));

        assertThat(updated.at("/metadata/labels/first").asText()).isEqualTo("true");
        assertThat(attempts)
                .as("no attempt on the cached copy the request is ahead of")
                .hasValue(1);
        assertThat(storage.gets()).as("the one read of storage").isEqualTo(gets + 1);
    }

    /**
     * A client that writes again as soon as its last write is answered names a revision this server wrote: the update
     * waits for the cache to see it (its event is on its way) rather than read storage.
     */
    @Test
    void aPutNamingARevisionThisServerWroteWaitsForTheCacheInsteadOfReadingStorage() throws Exception {
        String written = writtenPastTheCache();
        int gets = storage.gets();
        AtomicInteger attempts = new AtomicInteger();

        Future<ObjectNode> put = putNamingIt(written, "production", attempts);
        storage.release(); // the cache's feed catches up while the update waits
        ObjectNode updated = await(put);

        assertThat(updated.at("/data/purpose").asText()).isEqualTo("production");
        assertThat(updated.at("/metadata/labels/first").asText()).isEqualTo("true");
        assertThat(attempts)
                .as("one attempt, on the cache's copy at the named revision")
                .hasValue(1);
        assertThat(storage.gets()).as("storage reads for the update").isEqualTo(gets);
    }

    @Test
    void aPutThatNamesTheCachedRevisionReadsNoStorage() throws Exception {
        String created = createdAndCached();
        int gets = storage.gets();

        ObjectNode updated = await(putNamingIt(created, "production", new AtomicInteger()));

        assertThat(updated.at("/data/purpose").asText()).isEqualTo("production");
        assertThat(storage.gets()).isEqualTo(gets);
    }

    @Test
    void aStaleResourceVersionIsAConflictWithUpstreamsMessage() throws Exception {
        String created = createdAndCached();
        await(addLabel("first"));

        Throwable t = failure(put(created, "production"));

        assertThat(t).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(409);
            assertThat(e.getMessage())
                    .isEqualTo("Operation cannot be fulfilled on configmaps \"settings\": the object has been "
                            + "modified; please apply your changes to the latest version and try again");
        });
    }

    @Test
    void anUnconditionalUpdateOnAStaleCopyLosesNoWrite() throws Exception {
        createdAndCached();
        storage.holdEvents();
        await(addLabel("first"));

        ObjectNode updated = await(addLabel("second"));

        assertThat(updated.at("/metadata/labels/first").asText())
                .as("applied again to the stored object after the stale copy's write failed its compare")
                .isEqualTo("true");
        assertThat(updated.at("/metadata/labels/second").asText()).isEqualTo("true");
    }

    /** Creates the ConfigMap and waits until the cache has it; its resourceVersion. */
    private String createdAndCached() throws Exception {
        ObjectNode created = await(
                configMaps.create("dev", (ObjectNode) Json.readTree("""
                        {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "settings"},
                         "data": {"purpose": "evaluation"}}""".getBytes(StandardCharsets.UTF_8)), ADMIN));
        String rv = ObjectTrees.resourceVersion(created);
        await(configMaps.get("dev", "settings", ReadFreshness.notOlderThan(Long.parseLong(rv))));
        return rv;
    }

    /** The resourceVersion of a write (label {@code first}) the cache has not seen: its events are held back. */
    private String writtenPastTheCache() throws Exception {
        createdAndCached();
        storage.holdEvents();
        return ObjectTrees.resourceVersion(await(addLabel("first")));
    }

    /** A PUT of what the client read at {@code resourceVersion}, with a change. */
    private Future<ObjectNode> put(String resourceVersion, String purpose) {
        return configMaps.update(
                "dev",
                "settings",
                "",
                old -> {
                    old.withObjectProperty("metadata").put("resourceVersion", resourceVersion);
                    old.withObjectProperty("data").put("purpose", purpose);
                    return old;
                },
                ADMIN);
    }

    /** {@link #put} as the update handler makes it: the store is told the resourceVersion; attempts counted. */
    private Future<ObjectNode> putNamingIt(String resourceVersion, String purpose, AtomicInteger attempts) {
        return configMaps
                .updateWritten(
                        "dev",
                        "settings",
                        "",
                        resourceVersion,
                        old -> {
                            attempts.incrementAndGet();
                            old.withObjectProperty("metadata").put("resourceVersion", resourceVersion);
                            old.withObjectProperty("data").put("purpose", purpose);
                            return old;
                        },
                        ADMIN)
                .map(WrittenObject::object);
    }

    private Future<ObjectNode> addLabel(String label) {
        return addLabel(configMaps, label);
    }

    /** An update of dev/settings without a precondition (a patch): the stored object plus a label. */
    static Future<ObjectNode> addLabel(GenericStore configMaps, String label) {
        return configMaps.update(
                "dev",
                "settings",
                "",
                old -> {
                    old.withObjectProperty("metadata").remove("resourceVersion");
                    old.withObjectProperty("metadata")
                            .withObjectProperty("labels")
                            .put(label, "true");
                    return old;
                },
                ADMIN);
    }
}

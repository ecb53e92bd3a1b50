package cloud.gardener.apiserver.registry.lookup;

import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.ADMIN;
import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.await;
import static cloud.gardener.apiserver.storage.testing.OnLoop.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.registry.DeleteRequest;
import cloud.gardener.apiserver.registry.EmbeddedStoreExtension;
import cloud.gardener.apiserver.registry.GenericStore;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The authorizer's Projects by namespace come from the Projects' namespace index, kept by the watch cache or by the
 * admission cache's own watch: the same answers as a scan of every Project, without decoding the others.
 */
class CachedProjectsTest {

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    private AdmissionCacheFixture fixture;
    private ObjectCache cache;
    private GenericStore projects;
    private CachedProjects cached;

    private void start(boolean watchCached) {
        fixture = new AdmissionCacheFixture(
                embeddedStore, AdmissionCacheFixture.watchCached(watchCached, "projects.core.gardener.cloud"));
        cache = fixture.cache;
        projects = fixture.store("core.gardener.cloud", "projects");
        cached = new CachedProjects(cache, projects.keys());
    }

    private void sync() throws Exception {
        fixture.sync();
    }

    @AfterEach
    void stop() {
        fixture.close();
    }

    private static ObjectNode project(String name, String namespace) throws Exception {
        ObjectNode project = (ObjectNode) Json.MAPPER.readTree("{\"apiVersion\":\"core.gardener.cloud/v1beta1\","
                + "\"kind\":\"Project\",\"metadata\":{\"name\":\"" + name + "\"},\"spec\":{}}");
        if (namespace != null) {
            project.withObjectProperty("spec").put("namespace", namespace);
        }
        return project;
    }

    private String owner(String namespace) {
        Optional<JsonNode> found = cached.inNamespace(namespace);
        return found.map(p -> p.path("metadata").path("name").asText()).orElse(null);
    }

    @ParameterizedTest(name = "watch cache: {0}")
    @ValueSource(booleans = {true, false})
    void findsTheProjectOfANamespaceThroughTheIndexAsAScanWould(boolean watchCached) throws Exception {
        start(watchCached);
        // created out of key order: the first by key answers for a namespace two claim, as a scan in key order
        await(projects.create("", project("zeta", "garden-shared"), ADMIN));
        await(projects.create("", project("alpha", "garden-shared"), ADMIN));
        await(projects.create("", project("dev", "garden-dev"), ADMIN));
        await(projects.create("", project("unset", null), ADMIN));
        for (int i = 0; i < 20; i++) {
            await(projects.create("", project("other" + i, "garden-other" + i), ADMIN));
        }
        sync();
        assertThat(cache.sharesWatchCache(projects.keys().all())).isEqualTo(watchCached);
        int memoizedBefore = cache.memoized();

        assertThat(owner("garden-dev")).isEqualTo("dev");
        assertThat(cache.memoized())
                .as("only the Project of the namespace is decoded (a scan decodes all 24)")
                .isEqualTo(memoizedBefore + 1);
        assertThat(owner("garden-shared")).isEqualTo("alpha");
        assertThat(owner("garden-unset")).isNull();
        assertThat(owner("unset")).isNull();
        assertThat(owner("garden-none")).isNull();

        // the index follows the changes as they come
        await(projects.update(
                "",
                "unset",
                "",
                o -> {
                    o.withObjectProperty("spec").put("namespace", "garden-late");
                    return o;
                },
                ADMIN));
        eventually(() -> "unset".equals(owner("garden-late")));
        await(projects.delete("", "alpha", DeleteRequest.DEFAULT, ADMIN));
        eventually(() -> "zeta".equals(owner("garden-shared")));
        await(projects.delete("", "dev", DeleteRequest.DEFAULT, ADMIN));
        eventually(() -> owner("garden-dev") == null);
        assertThat(cache.memoized()).as("still no scan").isLessThan(memoizedBefore + 10);
    }
}

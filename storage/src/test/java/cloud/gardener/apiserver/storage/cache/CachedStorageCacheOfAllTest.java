package cloud.gardener.apiserver.storage.cache;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A resource's reads may hold their cache only when that one cache serves every key under the resource's prefix. */
class CachedStorageCacheOfAllTest {

    @TempDir
    Path dir;

    private Vertx vertx;
    private EmbeddedStorage store;

    @BeforeEach
    void open() {
        vertx = Vertx.vertx();
        store = new EmbeddedStorage(vertx, dir.resolve("store"));
    }

    @AfterEach
    void close() throws Exception {
        store.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private CachedStorage cached(String... prefixes) {
        Map<String, WatchCacheConfig> config = new java.util.HashMap<>();
        for (String prefix : prefixes) {
            config.put(prefix, WatchCacheConfig.defaults());
        }
        return new CachedStorage(vertx, store, config, true);
    }

    @Test
    void aPrefixCachedWholeHasItsCache() {
        CachedStorage storage = cached("/registry/core.gardener.cloud/shoots/", "/registry/configmaps/");
        WatchCache shoots = storage.cacheOfAll("/registry/core.gardener.cloud/shoots/");
        assertThat(shoots).isNotNull();
        assertThat(shoots.prefix()).isEqualTo("/registry/core.gardener.cloud/shoots/");
        assertThat(storage.cacheFor("/registry/core.gardener.cloud/shoots/garden-dev/crazy-botany"))
                .isSameAs(shoots);
    }

    @Test
    void aPrefixUnderAShorterCachedOneHasThatCache() {
        CachedStorage storage = cached("/registry/");
        assertThat(storage.cacheOfAll("/registry/core.gardener.cloud/shoots/").prefix())
                .isEqualTo("/registry/");
    }

    @Test
    void aPrefixWithoutCacheHasNone() {
        CachedStorage storage = cached("/registry/configmaps/");
        assertThat(storage.cacheOfAll("/registry/secrets/")).isNull();
    }

    @Test
    void aPrefixPartlyServedByALongerCacheHasNone() {
        CachedStorage storage = cached("/registry/core.gardener.cloud/", "/registry/core.gardener.cloud/shoots/");
        assertThat(storage.cacheOfAll("/registry/core.gardener.cloud/")).isNull();
        assertThat(storage.cacheOfAll("/registry/core.gardener.cloud/shoots/").prefix())
                .isEqualTo("/registry/core.gardener.cloud/shoots/");
    }
}

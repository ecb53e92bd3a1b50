package cloud.gardener.apiserver.registry.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which keys the admission cache takes as its own, found by root without a scan where the roots allow it. */
class ObjectCacheRootsTest {

    private static ObjectCache cache(String... roots) {
        return new ObjectCache(
                null, null, List.of(roots).stream().map(CachedResource::of).toList());
    }

    @Test
    void theServedResourcesRootsAreFoundByLookup() {
        ObjectCache cache = new ObjectCache(
                null, null, AdmissionCacheScope.resources(ResourceRegistry.standard(true), "/registry"));
        assertThat(cache.findsRootsByLookup()).isTrue();
        assertThat(cache.holds("/registry/core.gardener.cloud/shoots/garden-dev/s"))
                .isTrue();
        assertThat(cache.holds("/registry/core.gardener.cloud/shoots/garden-dev/"))
                .isTrue();
        assertThat(cache.holds("/registry/core.gardener.cloud/seeds/")).isTrue();
        assertThat(cache.holds("/registry/core.gardener.cloud/"))
                .as("a prefix spanning resources")
                .isFalse();
        assertThat(cache.holds("/registry/core.gardener.cloud/shoots")).isFalse();
        assertThat(cache.holds("/other/core.gardener.cloud/shoots/garden-dev/s"))
                .isFalse();
    }

    @Test
    void keysAreFoundUnderTheirRoot() {
        ObjectCache cache = cache("/r/a/", "/r/g.io/b/");
        assertThat(cache.findsRootsByLookup()).isTrue();
        assertThat(cache.holds("/r/a/x")).isTrue();
        assertThat(cache.holds("/r/a/ns/x")).isTrue();
        assertThat(cache.holds("/r/g.io/b/ns/x")).isTrue();
        assertThat(cache.holds("/r/g.io/c/ns/x")).isFalse();
        assertThat(cache.holds("/r/ab/x")).isFalse();
        assertThat(cache.holds("/r/")).isFalse();
        assertThat(cache.holds("")).isFalse();
    }

    @Test
    void rootsUnderOthersAreScannedInOrder() {
        ObjectCache cache = cache("/r/a/", "/r/a/b/");
        assertThat(cache.findsRootsByLookup()).isFalse();
        assertThat(cache.holds("/r/a/b/x")).isTrue();
        assertThat(cache.holds("/r/c/x")).isFalse();
        assertThat(cache("/r/a", "/r/b/").findsRootsByLookup())
                .as("a root without its slash")
                .isFalse();
    }
}

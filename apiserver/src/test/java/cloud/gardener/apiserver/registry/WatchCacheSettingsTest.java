package cloud.gardener.apiserver.registry;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WatchCacheSettingsTest {

    private static final ResourceRegistry RESOURCES = ResourceRegistry.standard(true);

    private static ResourceType resource(String group, String plural) {
        return RESOURCES.findGroupResource(group, plural).orElseThrow();
    }

    @Test
    void byDefaultEveryResourceButEventsAndShootStatesIsCached() {
        WatchCacheSettings defaults = WatchCacheSettings.defaults(true);
        assertThat(defaults.cached(resource("", "events"))).isFalse();
        assertThat(defaults.cached(resource("core.gardener.cloud", "shootstates")))
                .isFalse();
        assertThat(RESOURCES.resources().stream()
                        .filter(t -> !t.plural().equals("events") && !t.plural().equals("shootstates"))
                        .allMatch(defaults::cached))
                .isTrue();
    }

    @Test
    void aSizeOfTheirOwnCachesEventsAndShootStatesAndZeroDisablesAnyResource() {
        WatchCacheSettings settings = new WatchCacheSettings(
                true,
                WatchCacheSettings.DEFAULT_SIZE,
                Map.of("events", 100, "shootstates.core.gardener.cloud", 50, "shoots.core.gardener.cloud", 0),
                true);
        assertThat(settings.cached(resource("", "events"))).isTrue();
        assertThat(settings.cached(resource("core.gardener.cloud", "shootstates")))
                .isTrue();
        assertThat(settings.cached(resource("core.gardener.cloud", "shoots"))).isFalse();
        assertThat(settings.cached(resource("core.gardener.cloud", "seeds"))).isTrue();
    }

    @Test
    void withoutTheWatchCacheNothingIsCached() {
        assertThat(RESOURCES.resources().stream().noneMatch(WatchCacheSettings.disabled()::cached))
                .isTrue();
    }
}

package cloud.gardener.apiserver.registry;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import org.junit.jupiter.api.Test;

/** The key layout gardener-apiserver's etcd holds, so that a server can take over another's data. */
class ResourceKeysTest {

    private static final ResourceRegistry RESOURCES = ResourceRegistry.standard(true);

    private static ResourceKeys keys(String group, String plural) {
        ResourceType type = RESOURCES.findGroupResource(group, plural).orElseThrow();
        return ResourceKeys.of("/registry-gardener", type);
    }

    @Test
    void aNamespacedGardenerResourceHasGroupPluralNamespaceAndName() {
        ResourceKeys shoots = keys("core.gardener.cloud", "shoots");

        assertThat(shoots.object("garden-dev", "crazy-botany"))
                .isEqualTo("/registry-gardener/core.gardener.cloud/shoots/garden-dev/crazy-botany");
        assertThat(shoots.collection("garden-dev"))
                .isEqualTo("/registry-gardener/core.gardener.cloud/shoots/garden-dev/");
        assertThat(shoots.collection("")).isEqualTo("/registry-gardener/core.gardener.cloud/shoots/");
        assertThat(shoots.collection(null)).isEqualTo(shoots.all());
    }

    @Test
    void aClusterScopedResourceHasNoNamespacePart() {
        ResourceKeys seeds = keys("core.gardener.cloud", "seeds");

        assertThat(seeds.object("", "aws-eu1")).isEqualTo("/registry-gardener/core.gardener.cloud/seeds/aws-eu1");
        assertThat(seeds.collection("garden"))
                .as("a namespace does not narrow a cluster-scoped collection")
                .isEqualTo("/registry-gardener/core.gardener.cloud/seeds/");
    }

    @Test
    void theCoreGroupHasNoGroupPart() {
        assertThat(keys("", "secrets").object("garden-dev", "aws"))
                .isEqualTo("/registry-gardener/secrets/garden-dev/aws");
        assertThat(keys("", "namespaces").object("", "garden-dev"))
                .isEqualTo("/registry-gardener/namespaces/garden-dev");
    }

    @Test
    void oneResourceIsNeverAPrefixOfAnother() {
        // "shoots/" never matches "shootstates/..." nor a shoot named with the prefix of another
        assertThat(keys("core.gardener.cloud", "shootstates").object("dev", "a"))
                .doesNotStartWith(keys("core.gardener.cloud", "shoots").all());
        assertThat(keys("core.gardener.cloud", "shoots").object("dev", "ab"))
                .doesNotStartWith(keys("core.gardener.cloud", "shoots").object("dev", "a") + "/");
    }
}

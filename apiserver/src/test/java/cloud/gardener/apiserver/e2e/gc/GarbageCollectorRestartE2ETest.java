package cloud.gardener.apiserver.e2e.gc;

import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static cloud.gardener.apiserver.e2e.gc.Owned.configMap;
import static cloud.gardener.apiserver.e2e.gc.Owned.configMaps;
import static cloud.gardener.apiserver.e2e.gc.Owned.deleting;
import static cloud.gardener.apiserver.e2e.gc.Owned.get;
import static cloud.gardener.apiserver.e2e.gc.Owned.gone;
import static cloud.gardener.apiserver.e2e.gc.Owned.ref;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The collector keeps no state of its own: what was deleted while it did not run (a server without it, or one
 * stopped halfway) is collected once a server with it starts on the same store.
 */
@Tag("integration")
class GarbageCollectorRestartE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = ApiServerExtension.withStorage(EmbeddedStorage::new);

    @Test
    void deletionsMadeWhileTheCollectorWasOffAreFinishedAfterItStarts() throws Exception {
        TestClient admin = SERVER.admin();
        String ns = createNamespace(admin, "gc-restart");
        String cms = configMaps(ns);
        configMap(admin, ns, "background-dependent", null, ref(configMap(admin, ns, "background-owner", null), false));
        configMap(admin, ns, "foreground-dependent", null, ref(configMap(admin, ns, "foreground-owner", null), true));
        configMap(admin, ns, "orphan-dependent", null, ref(configMap(admin, ns, "orphan-owner", null), true));

        assertThat(admin.delete(cms + "/background-owner").status()).isEqualTo(200);
        assertThat(admin.delete(cms + "/foreground-owner", "{\"propagationPolicy\":\"Foreground\"}")
                        .status())
                .isEqualTo(200);
        assertThat(admin.delete(cms + "/orphan-owner", "{\"propagationPolicy\":\"Orphan\"}")
                        .status())
                .isEqualTo(200);
        Thread.sleep(1_500);
        // nothing collects without the collector: the dependents stay, the owners wait
        assertThat(gone(admin, cms + "/background-owner")).isTrue();
        assertThat(gone(admin, cms + "/background-dependent")).isFalse();
        assertThat(deleting(admin, cms + "/foreground-owner")).isTrue();
        assertThat(gone(admin, cms + "/foreground-dependent")).isFalse();
        assertThat(deleting(admin, cms + "/orphan-owner")).isTrue();

        SERVER.restart(config -> config.garbageCollector(true));
        TestClient restarted = SERVER.admin();

        Eventually.that("background-dependent collected", () -> gone(restarted, cms + "/background-dependent"));
        Eventually.that("foreground-owner gone", () -> gone(restarted, cms + "/foreground-owner"));
        assertThat(gone(restarted, cms + "/foreground-dependent")).isTrue();
        Eventually.that("orphan-owner gone", () -> gone(restarted, cms + "/orphan-owner"));
        JsonNode orphan = get(restarted, cms + "/orphan-dependent");
        assertThat(orphan.at("/metadata/ownerReferences").isMissingNode())
                .as(orphan.toString())
                .isTrue();
    }
}

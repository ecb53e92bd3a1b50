package cloud.gardener.apiserver.registry.credentials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URISyntaxException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ShootKubeconfigsTest {

    private final ShootKubeconfigs kubeconfigs =
            new ShootKubeconfigs(null, null, null, Duration.ofHours(2), Duration.ofHours(24));

    @Test
    void requestsAreCappedAtTheirFlavorsMaximum() {
        assertThat(kubeconfigs.capped(KubeconfigFlavor.ADMIN, 600)).isEqualTo(600);
        assertThat(kubeconfigs.capped(KubeconfigFlavor.ADMIN, 7200)).isEqualTo(7200);
        assertThat(kubeconfigs.capped(KubeconfigFlavor.ADMIN, 7201)).isEqualTo(7200);
        assertThat(kubeconfigs.capped(KubeconfigFlavor.VIEWER, 7201)).isEqualTo(7201);
        assertThat(kubeconfigs.capped(KubeconfigFlavor.VIEWER, 1L << 32)).isEqualTo(86400);
    }

    @Test
    void commonNamesAndOrganisationsPerFlavor() {
        assertThat(KubeconfigFlavor.ADMIN.commonName("alice")).isEqualTo("gardener.cloud:admin:alice");
        assertThat(KubeconfigFlavor.VIEWER.commonName("alice")).isEqualTo("gardener.cloud:viewer:alice");
        assertThat(KubeconfigFlavor.ADMIN.systemGroup()).isEqualTo("gardener.cloud:system:admins");
        assertThat(KubeconfigFlavor.ADMIN.projectGroup()).isEqualTo("gardener.cloud:project:admins");
        assertThat(KubeconfigFlavor.VIEWER.systemGroup()).isEqualTo("gardener.cloud:system:viewers");
        assertThat(KubeconfigFlavor.VIEWER.projectGroup()).isEqualTo("gardener.cloud:project:viewers");
        assertThat(KubeconfigFlavor.VIEWER.subresource()).isEqualTo("viewerkubeconfig");
    }

    @Test
    void onlyKubeApiServerAddressesCount() throws Exception {
        JsonNode shoot = Json.MAPPER.readTree("{\"status\":{\"advertisedAddresses\":["
                + "{\"name\":\"service-account-issuer\",\"url\":\"https://issuer\"},"
                + "{\"name\":\"unmanaged\",\"url\":\"https://u\"},{\"name\":\"external\",\"url\":\"https://e\"}]}}");

        assertThat(ShootKubeconfigs.kubeApiServerAddresses(shoot))
                .extracting(a -> a.path("name").asText())
                .containsExactly("unmanaged", "external");
    }

    @Test
    void hostIsGosUrlHost() throws Exception {
        assertThat(ShootKubeconfigs.host("https://api.example.com")).isEqualTo("api.example.com");
        assertThat(ShootKubeconfigs.host("https://user@api.example.com:6443/path"))
                .isEqualTo("api.example.com:6443");
        assertThat(ShootKubeconfigs.host("https://[::1]:443")).isEqualTo("[::1]:443");
        assertThat(ShootKubeconfigs.host("api.example.com")).isEmpty();
        assertThatThrownBy(() -> ShootKubeconfigs.host("https://a b")).isInstanceOf(URISyntaxException.class);
    }

    @Test
    void addressesRenderAsGoPrintsThem() throws Exception {
        assertThat(GoAddresses.render(null)).isEqualTo("[]core.ShootAdvertisedAddress(nil)");
        assertThat(GoAddresses.render(
                        Json.MAPPER.readTree("[{\"name\":\"service-account-issuer\",\"url\":\"https://i\"}]")))
                .isEqualTo("[]core.ShootAdvertisedAddress{core.ShootAdvertisedAddress{Name:\"service-account-issuer\", "
                        + "URL:\"https://i\", Application:(*string)(nil)}}");
    }

    @Test
    void backupEntryNamesCarryTechnicalIdAndUid() {
        assertThat(ContextObjects.shootDetails("shoot--dev--s1--0a1b")).containsExactly("shoot--dev--s1", "0a1b");
        assertThat(ContextObjects.shootDetails("source-shoot--dev--s1--0a1b"))
                .containsExactly("shoot--dev--s1", "0a1b");
    }
}

package cloud.gardener.apiserver.authn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExtensionApiserverAuthenticationTest {

    private static final CertificateAuthority CLIENT = CertificateAuthority.generate("client", Duration.ofDays(1));
    private static final CertificateAuthority PROXY = CertificateAuthority.generate("proxy", Duration.ofDays(1));

    @Test
    void readsCasAndJsonArrayLists() {
        var configMap = Json.MAPPER.valueToTree(Map.of(
                "data",
                Map.of(
                        "client-ca-file", CLIENT.certificatePem(),
                        "requestheader-client-ca-file", PROXY.certificatePem(),
                        "requestheader-allowed-names", "[\"front-proxy-client\"]",
                        "requestheader-username-headers", "[\"X-Remote-User\"]",
                        "requestheader-uid-headers", "[\"X-Remote-Uid\"]",
                        "requestheader-group-headers", "[\"X-Remote-Group\"]",
                        "requestheader-extra-headers-prefix", "[\"X-Remote-Extra-\"]")));

        ExtensionApiserverAuthentication published = ExtensionApiserverAuthentication.fromConfigMap(configMap);

        assertThat(published.clientCa()).containsExactly(CLIENT.certificate());
        assertThat(published.requestHeader().clientCa()).containsExactly(PROXY.certificate());
        assertThat(published.requestHeader().allowedNames()).containsExactly("front-proxy-client");
        assertThat(published.requestHeader().usernameHeaders()).containsExactly("X-Remote-User");
        assertThat(published.requestHeader().uidHeaders()).containsExactly("X-Remote-Uid");
        assertThat(published.requestHeader().groupHeaders()).containsExactly("X-Remote-Group");
        assertThat(published.requestHeader().extraHeaderPrefixes()).containsExactly("X-Remote-Extra-");
        assertThat(published.requestHeader().enabled()).isTrue();
    }

    @Test
    void missingKeysAreEmptyAndBadListsAreErrors() {
        ExtensionApiserverAuthentication clientOnly = ExtensionApiserverAuthentication.fromConfigMap(
                Json.MAPPER.valueToTree(Map.of("data", Map.of("client-ca-file", CLIENT.certificatePem()))));
        assertThat(clientOnly.requestHeader().enabled()).isFalse();

        assertThatThrownBy(() -> ExtensionApiserverAuthentication.fromConfigMap(Json.MAPPER.valueToTree(
                        Map.of("data", Map.of("requestheader-allowed-names", "front-proxy-client")))))
                .hasMessageContaining("requestheader-allowed-names");
    }
}

package cloud.gardener.apiserver.e2e.security;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authn.RequestHeaderConfig;
import cloud.gardener.apiserver.authn.TokenFileAuthenticator;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.CertificateTemplate;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Who the real server believes a request comes from, standalone with {@code --requestheader-*} flags and a
 * token file: forged identity headers are never trusted, a presented but invalid credential is 401.
 */
@Tag("integration")
class FrontProxyAuthenticationTest {

    private static final CertificateAuthority PROXY_CA =
            CertificateAuthority.generate("front-proxy-ca", Duration.ofDays(1));
    private static final CertificateAuthority STRANGER_CA =
            CertificateAuthority.generate("stranger-ca", Duration.ofDays(1));
    private static final String SHOOTS = "/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots";
    private static final Map<String, String> FORGED =
            Map.of("X-Remote-User", "mallory", "X-Remote-Group", "system:masters");

    @RegisterExtension
    static final ApiServerExtension SERVER =
            new ApiServerExtension(config -> config.authentication(a -> a.withRequestHeader(new RequestHeaderConfig(
                            List.of(PROXY_CA.certificate()),
                            List.of("front-proxy-client"),
                            RequestHeaderConfig.DEFAULT_USERNAME_HEADERS,
                            RequestHeaderConfig.DEFAULT_GROUP_HEADERS,
                            RequestHeaderConfig.DEFAULT_EXTRA_HEADER_PREFIXES))
                    .withTokenFile(TokenFileAuthenticator.parse(
                            "admin-token,token-admin,1,system:masters\nviewer-token,token-viewer,2,\"dev,ops\"\n"))));

    private static TestClient presenting(IssuedCertificate certificate) {
        return TestClient.withCertificateAlwaysSent(
                SERVER.baseUrl(), SERVER.servingCa().certificate(), certificate);
    }

    private static TestClient frontProxy(String commonName) {
        return presenting(PROXY_CA.issueClient(commonName, List.of(), Duration.ofHours(1)));
    }

    @Test
    void forgedHeadersWithoutCertificateAreAnonymous() {
        TestClient.Response response = SERVER.anonymous().get(SHOOTS, FORGED);

        assertThat(response.status()).isEqualTo(403);
        assertThat(response.json().path("message").asText())
                .isEqualTo(
                        "shoots.core.gardener.cloud is forbidden: User \"system:anonymous\" "
                                + "cannot list resource \"shoots\" in API group \"core.gardener.cloud\" in the namespace \"garden-dev\"");
    }

    @Test
    void forgedHeadersWithCertificateFromAnotherCaAre401() {
        TestClient stranger = presenting(STRANGER_CA.issueClient("front-proxy-client", List.of(), Duration.ofHours(1)));

        assertThat(stranger.get(SHOOTS, FORGED).status()).isEqualTo(401);
    }

    @Test
    void frontProxyCertificateWithCommonNameNotAllowedIs401() {
        TestClient.Response response = frontProxy("not-the-proxy").get(SHOOTS, FORGED);

        assertThat(response.status()).isEqualTo(401);
        assertThat(response.json().path("reason").asText()).isEqualTo("Unauthorized");
    }

    @Test
    void trustedFrontProxyIsServedAsTheHeaderUser() {
        TestClient proxy = frontProxy("front-proxy-client");

        TestClient.Response alice = proxy.get(SHOOTS, Map.of("X-Remote-User", "alice", "X-Remote-Group", "dev"));
        assertThat(alice.status()).isEqualTo(403);
        assertThat(alice.json().path("message").asText()).contains("User \"alice\" cannot list resource \"shoots\"");

        TestClient.Response master = proxy.get(
                SHOOTS, Map.of("X-Remote-User", "system:kube-aggregator", "X-Remote-Group", "system:masters"));
        assertThat(master.status()).isEqualTo(200);
        assertThat(master.json().path("kind").asText()).isEqualTo("ShootList");
    }

    @Test
    void trustedFrontProxyCertificateWithoutHeadersIsNotAUser() {
        // Not applicable to request-header, not signed by the client CA: a presented, failing credential.
        assertThat(frontProxy("front-proxy-client").get(SHOOTS).status()).isEqualTo(401);
    }

    @Test
    void clientCertificateUserIgnoresForgedHeaders() {
        TestClient bob = SERVER.client("bob", List.of("dev"));

        TestClient.Response response = bob.get(SHOOTS, FORGED);

        assertThat(response.status()).isEqualTo(403);
        assertThat(response.json().path("message").asText()).contains("User \"bob\" cannot list");
    }

    @Test
    void expiredClientCertificateIs401() {
        Instant now = Instant.now();
        IssuedCertificate expired = SERVER.clientCa()
                .issue(CertificateTemplate.client("admin", List.of("system:masters"), Duration.ofHours(1))
                        .withValidity(now.minusSeconds(7200), now.minusSeconds(60)));

        assertThat(presenting(expired).get(SHOOTS).status()).isEqualTo(401);
    }

    @Test
    void wrongCaClientCertificateIs401() {
        IssuedCertificate stranger = STRANGER_CA.issueClient("admin", List.of("system:masters"), Duration.ofHours(1));

        assertThat(presenting(stranger).get(SHOOTS).status()).isEqualTo(401);
    }

    @Test
    void bearerTokens() {
        TestClient anonymous = SERVER.anonymous();

        assertThat(anonymous
                        .get(SHOOTS, Map.of("Authorization", "Bearer no-such-token"))
                        .status())
                .isEqualTo(401);
        assertThat(anonymous
                        .get(SHOOTS, Map.of("Authorization", "Bearer admin-token"))
                        .status())
                .isEqualTo(200);
        TestClient.Response viewer = anonymous.get(SHOOTS, Map.of("Authorization", "Bearer viewer-token"));
        assertThat(viewer.status()).isEqualTo(403);
        assertThat(viewer.json().path("message").asText()).contains("User \"token-viewer\" cannot list");
        // Not the Bearer scheme: no credential at all, so anonymous.
        TestClient.Response basic = anonymous.get(SHOOTS, Map.of("Authorization", "Basic YWRtaW46YWRtaW4="));
        assertThat(basic.status()).isEqualTo(403);
        assertThat(basic.json().path("message").asText()).contains("system:anonymous");
    }

    @Test
    void healthStaysOpenToAnonymous() {
        assertThat(SERVER.anonymous().get("/healthz").status()).isEqualTo(200);
    }
}

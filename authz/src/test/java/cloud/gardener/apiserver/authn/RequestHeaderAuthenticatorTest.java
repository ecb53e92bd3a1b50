package cloud.gardener.apiserver.authn;

import static cloud.gardener.apiserver.authn.Results.now;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.CertificateTemplate;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.certs.KeyPurpose;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class RequestHeaderAuthenticatorTest {

    private static final CertificateAuthority PROXY_CA =
            CertificateAuthority.generate("front-proxy-ca", Duration.ofDays(1));
    private static final CertificateAuthority OTHER_CA = CertificateAuthority.generate("client-ca", Duration.ofDays(1));
    private static final IssuedCertificate PROXY =
            PROXY_CA.issueClient("front-proxy-client", List.of(), Duration.ofHours(1));
    private static final RequestHeaderConfig CONFIG = new RequestHeaderConfig(
            List.of(PROXY_CA.certificate()),
            List.of("front-proxy-client"),
            RequestHeaderConfig.DEFAULT_USERNAME_HEADERS,
            RequestHeaderConfig.DEFAULT_GROUP_HEADERS,
            RequestHeaderConfig.DEFAULT_EXTRA_HEADER_PREFIXES);
    private static final RequestHeaderAuthenticator AUTHENTICATOR = RequestHeaderAuthenticator.of(CONFIG);

    private static AuthenticationRequest request(List<X509Certificate> chain, Map<String, List<String>> headers) {
        return new AuthenticationRequest(chain, RequestHeaders.of(headers), "/apis");
    }

    private static Map<String, List<String>> forged() {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("X-Remote-User", List.of("alice"));
        headers.put("X-Remote-Group", List.of("dev", "system:masters"));
        return headers;
    }

    @Test
    void trustedProxyAssertsUserGroupsAndExtra() {
        Map<String, List<String>> headers = forged();
        headers.put("x-remote-group", List.of("", "ops"));
        headers.put("X-Remote-Extra-Authentication.kubernetes.io%2Fpod-name", List.of("pod-1"));
        headers.put("X-Remote-Extra-Scopes", List.of("a", "b"));

        AuthenticationResult result = now(AUTHENTICATOR.authenticate(request(PROXY.chain(), headers)));

        assertThat(result.isAuthenticated()).isTrue();
        assertThat(result.user().name()).isEqualTo("alice");
        assertThat(result.user().groups()).containsExactly("dev", "system:masters", "ops");
        assertThat(result.user().extra())
                .containsEntry("authentication.kubernetes.io/pod-name", List.of("pod-1"))
                .containsEntry("scopes", List.of("a", "b"));
    }

    @Test
    void uidComesFromTheFirstNonEmptyUidHeader() {
        RequestHeaderConfig withUid = new RequestHeaderConfig(
                CONFIG.clientCa(),
                List.of(),
                RequestHeaderConfig.DEFAULT_USERNAME_HEADERS,
                List.of("X-Remote-Uid", "X-Other-Uid"),
                RequestHeaderConfig.DEFAULT_GROUP_HEADERS,
                RequestHeaderConfig.DEFAULT_EXTRA_HEADER_PREFIXES);
        Map<String, List<String>> headers = forged();
        headers.put("X-Remote-Uid", List.of(""));
        headers.put("X-Other-Uid", List.of("uid-42", "uid-43"));

        AuthenticationResult result =
                now(RequestHeaderAuthenticator.of(withUid).authenticate(request(PROXY.chain(), headers)));
        AuthenticationResult withoutUidHeaders = now(AUTHENTICATOR.authenticate(request(PROXY.chain(), headers)));

        assertThat(result.user().uid()).isEqualTo("uid-42");
        assertThat(withoutUidHeaders.user().uid()).isEmpty();
    }

    @Test
    void firstValueOfFirstNonEmptyUsernameHeaderWins() {
        RequestHeaderConfig two = new RequestHeaderConfig(
                CONFIG.clientCa(), List.of(), List.of("X-Remote-User", "X-Other-User"), List.of(), List.of());
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("x-remote-user", List.of("", "ignored"));
        headers.put("X-Other-User", List.of("bob", "carol"));

        AuthenticationResult result =
                now(RequestHeaderAuthenticator.of(two).authenticate(request(PROXY.chain(), headers)));

        assertThat(result.user().name()).isEqualTo("bob");
        assertThat(result.user().groups()).isEmpty();
    }

    @Test
    void noCertificateIsNotApplicableEvenWithHeaders() {
        assertThat(now(AUTHENTICATOR.authenticate(request(List.of(), forged()))).isNotApplicable())
                .isTrue();
    }

    @Test
    void certificateFromAnotherCaFailsEvenWithoutHeaders() {
        IssuedCertificate other = OTHER_CA.issueClient("front-proxy-client", List.of(), Duration.ofHours(1));

        assertThat(now(AUTHENTICATOR.authenticate(request(other.chain(), forged())))
                        .isFailed())
                .isTrue();
        assertThat(now(AUTHENTICATOR.authenticate(request(other.chain(), Map.of())))
                        .isFailed())
                .isTrue();
    }

    @Test
    void commonNameNotAllowedFails() {
        IssuedCertificate mallory = PROXY_CA.issueClient("mallory", List.of(), Duration.ofHours(1));

        AuthenticationResult result = now(AUTHENTICATOR.authenticate(request(mallory.chain(), forged())));

        assertThat(result.isFailed()).isTrue();
        assertThat(result.reason()).isEqualTo("x509: subject with cn=mallory is not in the allowed list");
    }

    @Test
    void emptyAllowedNamesAcceptAnyCommonName() {
        RequestHeaderAuthenticator any = RequestHeaderAuthenticator.of(new RequestHeaderConfig(
                CONFIG.clientCa(),
                List.of(),
                CONFIG.usernameHeaders(),
                CONFIG.groupHeaders(),
                CONFIG.extraHeaderPrefixes()));
        IssuedCertificate someone = PROXY_CA.issueClient("someone", List.of(), Duration.ofHours(1));

        assertThat(now(any.authenticate(request(someone.chain(), forged())))
                        .user()
                        .name())
                .isEqualTo("alice");
    }

    @Test
    void trustedProxyWithoutUsernameHeaderIsNotApplicable() {
        assertThat(now(AUTHENTICATOR.authenticate(
                                request(PROXY.chain(), Map.of("X-Remote-Group", List.of("system:masters")))))
                        .isNotApplicable())
                .isTrue();
    }

    @Test
    void expiredOrServerOnlyCertificateFails() {
        Instant now = Instant.now();
        IssuedCertificate expired =
                PROXY_CA.issue(CertificateTemplate.client("front-proxy-client", List.of(), Duration.ofHours(1))
                        .withValidity(now.minusSeconds(7200), now.minusSeconds(60)));
        IssuedCertificate serverOnly =
                PROXY_CA.issue(CertificateTemplate.client("front-proxy-client", List.of(), Duration.ofHours(1))
                        .withPurposes(Set.of(KeyPurpose.SERVER_AUTH)));

        assertThat(now(AUTHENTICATOR.authenticate(request(expired.chain(), forged())))
                        .isFailed())
                .isTrue();
        assertThat(now(AUTHENTICATOR.authenticate(request(serverOnly.chain(), forged())))
                        .isFailed())
                .isTrue();
    }

    @Test
    void disabledWithoutCaAndFollowsRotation() {
        AtomicReference<RequestHeaderConfig> current = new AtomicReference<>(RequestHeaderConfig.disabled());
        RequestHeaderAuthenticator dynamic = new RequestHeaderAuthenticator(current::get, java.time.Clock.systemUTC());
        assertThat(now(dynamic.authenticate(request(PROXY.chain(), forged()))).isNotApplicable())
                .isTrue();

        current.set(CONFIG);
        assertThat(now(dynamic.authenticate(request(PROXY.chain(), forged()))).isAuthenticated())
                .isTrue();

        current.set(CONFIG.withClientCa(List.of(OTHER_CA.certificate())));
        assertThat(now(dynamic.authenticate(request(PROXY.chain(), forged()))).isFailed())
                .isTrue();
    }

    @Test
    void pathUnescapeKeepsMalformedKeys() {
        assertThat(RequestHeaderAuthenticator.pathUnescape("a%2fb+c")).isEqualTo("a/b+c");
        assertThat(RequestHeaderAuthenticator.pathUnescape("bad%zz")).isEqualTo("bad%zz");
        assertThat(RequestHeaderAuthenticator.pathUnescape("end%4")).isEqualTo("end%4");
    }
}

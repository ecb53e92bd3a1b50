package cloud.gardener.apiserver.e2e.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.authn.RequestHeaderConfig;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.server.AuthenticationSources;
import cloud.gardener.apiserver.server.ServerConfig;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Reading {@code kube-system/extension-apiserver-authentication} from a kube-apiserver double: at start
 * (fatal unless tolerated), overridden by flags, and again periodically so that rotation takes effect.
 */
@Tag("integration")
class AuthenticationConfigMapTest {

    private static final CertificateAuthority CLIENT_CA = CertificateAuthority.generate("client", Duration.ofDays(1));
    private static final CertificateAuthority PROXY_CA = CertificateAuthority.generate("proxy", Duration.ofDays(1));
    private static final CertificateAuthority FLAG_PROXY_CA = CertificateAuthority.generate("flag", Duration.ofDays(1));
    private static KubeApiServerDouble kube;
    private static Vertx vertx;

    @BeforeAll
    static void start() throws Exception {
        kube = new KubeApiServerDouble();
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stop() throws Exception {
        kube.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static Map<String, String> published(String allowedName) {
        return published(allowedName, PROXY_CA);
    }

    private static Map<String, String> published(String allowedName, CertificateAuthority proxyCa) {
        return Map.of(
                "client-ca-file",
                CLIENT_CA.certificatePem(),
                "requestheader-client-ca-file",
                proxyCa.certificatePem(),
                "requestheader-allowed-names",
                "[\"" + allowedName + "\"]",
                "requestheader-username-headers",
                "[\"X-Remote-User\"]",
                "requestheader-group-headers",
                "[\"X-Remote-Group\"]",
                "requestheader-extra-headers-prefix",
                "[\"X-Remote-Extra-\"]");
    }

    private static ServerConfig config(boolean tolerate, Duration refresh, RequestHeaderConfig flags) {
        return ServerConfig.builder()
                .etcdPrefix("/x")
                .authentication(a -> a.withRequestHeader(flags)
                        .withKubeconfig(kube.kubeconfig(), Duration.ofSeconds(10), tolerate, refresh))
                .build();
    }

    private static AuthenticationSources start(ServerConfig config) throws Exception {
        return AuthenticationSources.start(vertx, config)
                .toCompletionStage()
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
    }

    @Test
    void readsTheConfigMapAtStartAndNamesBothCasAsIssuers() throws Exception {
        kube.publishConfigMap(published("front-proxy-client"));

        AuthenticationSources sources = start(config(false, Duration.ofMinutes(1), RequestHeaderConfig.disabled()));
        try {
            assertThat(sources.clientCertificates().roots()).containsExactly(CLIENT_CA.certificate());
            assertThat(sources.requestHeader().clientCa()).containsExactly(PROXY_CA.certificate());
            assertThat(sources.requestHeader().allowedNames()).containsExactly("front-proxy-client");
            assertThat(sources.acceptedIssuers()).containsExactly(CLIENT_CA.certificate(), PROXY_CA.certificate());
        } finally {
            sources.stop();
        }
    }

    @Test
    void requestHeaderFlagsOverrideTheConfigMap() throws Exception {
        kube.publishConfigMap(published("front-proxy-client"));
        RequestHeaderConfig flags = new RequestHeaderConfig(
                List.of(FLAG_PROXY_CA.certificate()),
                List.of("mine"),
                List.of("X-Remote-User"),
                List.of("X-Remote-Group"),
                List.of("X-Remote-Extra-"));

        AuthenticationSources sources = start(config(false, Duration.ofMinutes(1), flags));
        try {
            assertThat(sources.requestHeader()).isEqualTo(flags);
            assertThat(sources.clientCertificates().roots()).containsExactly(CLIENT_CA.certificate());
        } finally {
            sources.stop();
        }
    }

    @Test
    void lookupFailureStopsTheStartUnlessTolerated() throws Exception {
        kube.failConfigMap(403);
        try {
            assertThatThrownBy(() -> start(config(false, Duration.ofMinutes(1), RequestHeaderConfig.disabled())))
                    .hasMessageContaining("unable to load configmap based request-header-client-ca-file")
                    .hasMessageContaining("--authentication-tolerate-lookup-failure");

            AuthenticationSources tolerated =
                    start(config(true, Duration.ofMinutes(1), RequestHeaderConfig.disabled()));
            tolerated.stop();
            assertThat(tolerated.requestHeader().enabled()).isFalse();
            assertThat(tolerated.clientCertificates().isEmpty()).isTrue();
        } finally {
            kube.publishConfigMap(published("front-proxy-client"));
        }
    }

    @Test
    void missingConfigMapIsNoConfigurationNotAFailure() throws Exception {
        kube.publishConfigMap(null);
        try {
            AuthenticationSources sources = start(config(false, Duration.ofMinutes(1), RequestHeaderConfig.disabled()));
            sources.stop();
            assertThat(sources.requestHeader().enabled()).isFalse();
        } finally {
            kube.publishConfigMap(published("front-proxy-client"));
        }
    }

    @Test
    void rotationIsPickedUpByTheRefresh() throws Exception {
        kube.publishConfigMap(published("front-proxy-client"));
        AuthenticationSources sources = start(config(false, Duration.ofMillis(100), RequestHeaderConfig.disabled()));
        AtomicInteger issuerChanges = new AtomicInteger();
        sources.onAcceptedIssuersChanged(issuerChanges::incrementAndGet);
        try {
            kube.publishConfigMap(published("rotated-proxy"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!sources.requestHeader().allowedNames().equals(List.of("rotated-proxy"))
                    && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(sources.requestHeader().allowedNames()).containsExactly("rotated-proxy");
            assertThat(issuerChanges).as("the same CAs: the TLS context stays").hasValue(0);

            CertificateAuthority rotatedCa = CertificateAuthority.generate("rotated", Duration.ofDays(1));
            kube.publishConfigMap(published("rotated-proxy", rotatedCa));
            while (!sources.acceptedIssuers().contains(rotatedCa.certificate()) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(sources.acceptedIssuers()).contains(CLIENT_CA.certificate(), rotatedCa.certificate());
            assertThat(issuerChanges)
                    .as("new connections must be offered the rotated CA")
                    .hasValue(1);

            kube.failConfigMap(500);
            Thread.sleep(400);
            assertThat(sources.requestHeader().allowedNames())
                    .as("a failed refresh keeps the last values")
                    .containsExactly("rotated-proxy");
        } finally {
            sources.stop();
            kube.publishConfigMap(published("front-proxy-client"));
        }
    }
}

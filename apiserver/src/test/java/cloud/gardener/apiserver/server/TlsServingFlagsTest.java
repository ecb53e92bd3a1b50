package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import java.util.List;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code --tls-cipher-suites} and {@code --tls-min-version} as a client sees them: with the operator's restriction
 * to AES-256-GCM for TLS 1.2, a client offering only other suites cannot connect, and with TLS 1.3 as the minimum a
 * TLS 1.2 client cannot.
 */
@Tag("integration")
class TlsServingFlagsTest {

    @RegisterExtension
    static final ApiServerExtension AES256_ONLY = new ApiServerExtension()
            .withServing(SecureServing.fromFlags(
                    List.of("TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"),
                    "VersionTLS12",
                    0));

    @RegisterExtension
    static final ApiServerExtension TLS13_ONLY =
            new ApiServerExtension().withServing(SecureServing.fromFlags(List.of(), "VersionTLS13", 0));

    @Test
    void aTls12ClientOfferingOnlySuitesNotListedIsRefused() throws Exception {
        try (SSLSocket socket = AES256_ONLY.anonymousTlsSocket()) {
            socket.setEnabledProtocols(new String[] {"TLSv1.2"});
            socket.setEnabledCipherSuites(new String[] {
                "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
                "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
                "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
                "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256"
            });
            assertThatThrownBy(socket::startHandshake).isInstanceOf(SSLException.class);
        }
    }

    @Test
    void aTls12ClientOfferingAListedSuiteConnectsWithIt() throws Exception {
        try (SSLSocket socket = AES256_ONLY.anonymousTlsSocket()) {
            socket.setEnabledProtocols(new String[] {"TLSv1.2"});
            socket.setEnabledCipherSuites(new String[] {
                "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
                "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
                "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
                "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"
            });
            socket.startHandshake();
            assertThat(socket.getSession().getCipherSuite()).endsWith("_WITH_AES_256_GCM_SHA384");
        }
    }

    @Test
    void tls13SuitesStayOfferedWhateverTheFlagLists() throws Exception {
        try (SSLSocket socket = AES256_ONLY.anonymousTlsSocket()) {
            socket.setEnabledProtocols(new String[] {"TLSv1.3"});
            socket.setEnabledCipherSuites(new String[] {"TLS_CHACHA20_POLY1305_SHA256"});
            socket.startHandshake();
            assertThat(socket.getSession().getCipherSuite()).isEqualTo("TLS_CHACHA20_POLY1305_SHA256");
        }
    }

    @Test
    void withTls13AsTheMinimumATls12ClientIsRefusedAndATls13OneServed() throws Exception {
        try (SSLSocket socket = TLS13_ONLY.anonymousTlsSocket()) {
            socket.setEnabledProtocols(new String[] {"TLSv1.2"});
            assertThatThrownBy(socket::startHandshake).isInstanceOf(SSLException.class);
        }
        try (SSLSocket socket = TLS13_ONLY.anonymousTlsSocket()) {
            socket.setEnabledProtocols(new String[] {"TLSv1.2", "TLSv1.3"});
            socket.startHandshake();
            assertThat(socket.getSession().getProtocol()).isEqualTo("TLSv1.3");
        }
        assertThat(TLS13_ONLY.anonymous().get("/healthz").status()).isEqualTo(200);
    }
}

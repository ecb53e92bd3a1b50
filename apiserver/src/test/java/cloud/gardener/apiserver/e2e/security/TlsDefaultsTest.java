package cloud.gardener.apiserver.e2e.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import java.io.IOException;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The serving TLS defaults are kube-apiserver's: TLS 1.2 with forward-secret AEAD suites only, and TLS 1.3. A
 * client that offers only CBC suites finds no common suite and fails the handshake. (The serving key is ECDSA.)
 */
@Tag("integration")
class TlsDefaultsTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA",
                "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA",
                "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256",
                "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA384"
            })
    void tls12ClientsOfferingOnlyCbcSuitesAreRefused(String suite) throws Exception {
        try (SSLSocket socket = SERVER.anonymousTlsSocket()) {
            socket.setEnabledProtocols(new String[] {"TLSv1.2"});
            socket.setEnabledCipherSuites(new String[] {suite});
            assertThatThrownBy(socket::startHandshake).isInstanceOf(IOException.class);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
                "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
                "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256"
            })
    void tls12WithForwardSecretAeadSuitesIsServed(String suite) throws Exception {
        try (SSLSocket socket = SERVER.anonymousTlsSocket()) {
            socket.setEnabledProtocols(new String[] {"TLSv1.2"});
            socket.setEnabledCipherSuites(new String[] {suite});
            socket.startHandshake();
            assertThat(socket.getSession().getCipherSuite()).isEqualTo(suite);
            assertThat(socket.getSession().getProtocol()).isEqualTo("TLSv1.2");
        }
    }

    @Test
    void tls13IsServedAsTheJvmProvidesIt() throws Exception {
        try (SSLSocket socket = SERVER.anonymousTlsSocket()) {
            socket.setEnabledProtocols(new String[] {"TLSv1.3"});
            socket.startHandshake();
            assertThat(socket.getSession().getProtocol()).isEqualTo("TLSv1.3");
            assertThat(socket.getSession().getCipherSuite()).startsWith("TLS_AES_");
        }
    }
}

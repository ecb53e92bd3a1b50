package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Which TLS engine the listener runs on, and that either one serves the same suites, versions, ALPN protocols and
 * client certificates: each probe (a client offering some versions, suites and ALPN protocols) is made against a
 * listener on each engine with the same settings, and the outcomes must be equal.
 */
@Tag("integration")
class TlsEngineTest {

    private static final CertificateAuthority SERVING_CA =
            CertificateAuthority.generate("engine-serving-ca", Duration.ofHours(1));
    private static final CertificateAuthority CLIENT_CA =
            CertificateAuthority.generate("engine-client-ca", Duration.ofHours(1));
    private static final IssuedCertificate SERVING =
            SERVING_CA.issueServing("engine", List.of("localhost"), List.of("127.0.0.1"), Duration.ofHours(1));
    private static final IssuedCertificate CLIENT =
            CLIENT_CA.issueClient("alice", List.of("team"), Duration.ofHours(1));

    private static Vertx vertx;

    @BeforeAll
    static void start() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stop() {
        vertx.close().await();
    }

    @Test
    void boringSslServesWhereItsNativeLibraryLoads() {
        // the build ships the Linux x86-64 library; the tests run there
        assertThat(OpenSsl.isAvailable()).isTrue();
        assertThat(SecureServing.DEFAULT.engine()).isEqualTo(TlsEngine.BORINGSSL);
        assertThat(SecureServing.fromFlags(
                                List.of(
                                        "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
                                        "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"),
                                "VersionTLS13",
                                0)
                        .engine())
                .isEqualTo(TlsEngine.BORINGSSL);
    }

    @Test
    void aListedSuiteBoringSslLacksKeepsTheJdkEngine() {
        // Go and the JDK serve this CBC-SHA256 suite when the flag names it; BoringSSL has none
        assertThat(OpenSsl.isCipherSuiteAvailable("TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256"))
                .isFalse();
        assertThat(SecureServing.fromFlags(List.of("TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256"), "", 0)
                        .engine())
                .isEqualTo(TlsEngine.JDK);
    }

    @Test
    void suitesOfOneKeyTypeKeepTheJdkEngine() {
        // BoringSSL would serve an EC certificate no handshake behind RSA-only TLS 1.2 suites, TLS 1.3 included
        assertThat(SecureServing.fromFlags(List.of("TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384"), "", 0)
                        .engine())
                .isEqualTo(TlsEngine.JDK);
        assertThat(SecureServing.fromFlags(List.of("TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"), "", 0)
                        .engine())
                .isEqualTo(TlsEngine.JDK);
    }

    @Test
    void suitesTheJdkDisablesAreNotGivenToBoringSsl() {
        List<String> suites = SecureServing.fromFlags(
                        List.of("TLS_RSA_WITH_3DES_EDE_CBC_SHA", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"), "", 0)
                .cipherSuites();
        assertThat(TlsEngine.BORINGSSL.suites(suites)).doesNotContain("TLS_RSA_WITH_3DES_EDE_CBC_SHA");
        assertThat(TlsEngine.JDK.suites(suites)).isEqualTo(suites);
    }

    @Test
    void bothEnginesServeTheDefaultsAlike() throws Exception {
        assertServedAlike(SecureServing.DEFAULT);
    }

    @Test
    void bothEnginesServeTheFlagsAlike() throws Exception {
        assertServedAlike(SecureServing.fromFlags(
                List.of(
                        "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
                        "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
                        "TLS_RSA_WITH_3DES_EDE_CBC_SHA"),
                "VersionTLS12",
                0));
        assertServedAlike(SecureServing.fromFlags(List.of(), "VersionTLS13", 0));
    }

    private static void assertServedAlike(SecureServing serving) throws Exception {
        Map<String, String> jdk = probe(serving, TlsEngine.JDK);
        Map<String, String> boringSsl = probe(serving, TlsEngine.BORINGSSL);
        assertThat(boringSsl).isEqualTo(jdk);
        // the probes tell the settings apart: some handshakes succeed, some are refused
        assertThat(jdk.values())
                .contains("refused")
                .anyMatch(outcome -> outcome.startsWith("TLSv1.3"))
                .anyMatch(outcome -> outcome.endsWith("peer=CN=alice,O=team"))
                .anyMatch(outcome -> outcome.endsWith(" h2"));
        if (serving.protocols().contains("TLSv1.2")) {
            assertThat(jdk.values()).anyMatch(outcome -> outcome.startsWith("TLSv1.2"));
        }
    }

    /** Each probe's outcome against a listener on this engine: protocol, suite, ALPN and client, or refused. */
    private static Map<String, String> probe(SecureServing serving, TlsEngine engine) throws Exception {
        HttpServerOptions options = new HttpServerOptions()
                .setHost("127.0.0.1")
                .setPort(0)
                .setSsl(true)
                .setUseAlpn(true)
                .setKeyCertOptions(Buffers.keyCert(SERVING))
                .setClientAuth(ClientAuth.REQUEST)
                .setTrustOptions(new PemTrustOptions().addCertValue(Buffer.buffer(CLIENT_CA.certificatePem())));
        serving.applyTo(options, engine);
        HttpServer server = vertx.createHttpServer(options)
                .requestHandler(request -> request.response().end(peer(request)))
                .listen()
                .await(30, TimeUnit.SECONDS);
        try {
            Map<String, String> outcomes = new LinkedHashMap<>();
            List<String> tls12Suites = new ArrayList<>(List.of(
                    "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
                    "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
                    "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
                    "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA",
                    "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
                    "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA",
                    "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256",
                    "TLS_RSA_WITH_AES_128_GCM_SHA256",
                    "TLS_RSA_WITH_3DES_EDE_CBC_SHA"));
            for (String suite : tls12Suites) {
                outcomes.put("TLSv1.2 " + suite, handshake(server.actualPort(), "TLSv1.2", suite, false, "http/1.1"));
            }
            for (String suite : TlsCipherSuites.TLS13) {
                outcomes.put("TLSv1.3 " + suite, handshake(server.actualPort(), "TLSv1.3", suite, false, "http/1.1"));
            }
            outcomes.put(
                    "TLSv1.3 with a client certificate, http/1.1",
                    handshake(server.actualPort(), "TLSv1.3", "TLS_AES_128_GCM_SHA256", true, "http/1.1"));
            outcomes.put(
                    "TLSv1.2 with a client certificate, http/1.1",
                    handshake(
                            server.actualPort(),
                            "TLSv1.2",
                            "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
                            true,
                            "http/1.1"));
            outcomes.put(
                    "TLSv1.3 h2", handshake(server.actualPort(), "TLSv1.3", "TLS_AES_128_GCM_SHA256", false, "h2"));
            return outcomes;
        } finally {
            server.close().await(30, TimeUnit.SECONDS);
        }
    }

    private static String handshake(int port, String protocol, String suite, boolean clientCert, String alpn)
            throws GeneralSecurityException, IOException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(clientCert ? keyManagers() : null, InsecureTrustManagerFactory.INSTANCE.getTrustManagers(), null);
        try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 10_000);
            socket.setSoTimeout(10_000);
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setProtocols(new String[] {protocol});
            parameters.setCipherSuites(new String[] {suite});
            parameters.setApplicationProtocols(new String[] {alpn});
            socket.setSSLParameters(parameters);
            try {
                socket.startHandshake();
            } catch (IOException refused) {
                return "refused";
            }
            String outcome = socket.getSession().getProtocol() + " "
                    + socket.getSession().getCipherSuite() + " " + socket.getApplicationProtocol();
            if (!"http/1.1".equals(socket.getApplicationProtocol())) {
                return outcome;
            }
            // the client certificate as the server saw it: its subject in the answer's body
            socket.getOutputStream()
                    .write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return outcome + " peer=" + answer.substring(answer.indexOf("\r\n\r\n") + 4);
        }
    }

    private static String peer(HttpServerRequest request) {
        try {
            List<Certificate> chain = request.connection().peerCertificates();
            return chain.isEmpty()
                    ? "none"
                    : ((X509Certificate) chain.get(0)).getSubjectX500Principal().getName();
        } catch (SSLPeerUnverifiedException none) {
            return "none";
        }
    }

    private static javax.net.ssl.KeyManager[] keyManagers() throws GeneralSecurityException, IOException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry(
                "client", CLIENT.privateKey(), new char[0], CLIENT.chain().toArray(new X509Certificate[0]));
        KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        factory.init(store, new char[0]);
        return factory.getKeyManagers();
    }

    private static final class Buffers {
        static PemKeyCertOptions keyCert(IssuedCertificate certificate) {
            return new PemKeyCertOptions()
                    .addCertValue(Buffer.buffer(certificate.certificateChainPem()))
                    .addKeyValue(Buffer.buffer(certificate.privateKeyPem()));
        }
    }
}

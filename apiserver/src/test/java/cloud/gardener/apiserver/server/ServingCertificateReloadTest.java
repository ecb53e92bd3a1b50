package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.certs.Pem;
import cloud.gardener.apiserver.storage.testing.TempFiles;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Upstream's dynamic serving certificate: when the files behind {@code --tls-cert-file} and
 * {@code --tls-private-key-file} change (a Secret rotated by gardener-operator's secrets manager), new connections
 * get the new certificate without a restart; a half-written pair is not taken. The same for
 * {@code --client-ca-file}: a client certificate of a CA added to the file authenticates from then on.
 */
@Tag("integration")
class ServingCertificateReloadTest {

    private static final Path DIR = tempDir();
    private static final Path CERT = DIR.resolve("tls.crt");
    private static final Path KEY = DIR.resolve("tls.key");
    private static final Path CLIENT_CA = DIR.resolve("client-ca.crt");

    /** Deletes {@link #DIR} after the server stopped (extensions registered first are closed last). */
    @RegisterExtension
    @Order(1)
    static final AfterAllCallback DELETE_DIR = context -> TempFiles.deleteRecursively(DIR);

    @RegisterExtension
    @Order(2)
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> {
                ServerConfig built = config.build();
                write(CERT, built.serving().certChainPem());
                write(KEY, built.serving().keyPem());
                write(CLIENT_CA, Pem.writeCertificates(built.authentication().clientCa()));
                // two listeners: both must serve the new certificate
                return config.eventLoops(2);
            })
            .withServing(SecureServing.DEFAULT
                    .withCertificateFiles(CERT, KEY)
                    .withClientCaFile(CLIENT_CA)
                    .withCertReloadInterval(Duration.ofMillis(100)));

    @Test
    void aNewConnectionGetsTheRotatedCertificate() throws Exception {
        BigInteger before = servedSerial();
        // a key that does not match the certificate: refused, the old pair keeps serving
        IssuedCertificate other = SERVER.servingCa()
                .issueServing("gardener-apiserver", List.of("localhost"), List.of("127.0.0.1"), Duration.ofDays(1));
        write(KEY, other.privateKeyPem());
        Thread.sleep(500);
        assertThat(servedSerial()).isEqualTo(before);

        IssuedCertificate rotated = SERVER.servingCa()
                .issueServing("gardener-apiserver", List.of("localhost"), List.of("127.0.0.1"), Duration.ofDays(1));
        write(CERT, rotated.certificateChainPem());
        write(KEY, rotated.privateKeyPem());
        BigInteger expected = rotated.certificate().getSerialNumber();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!servedSerial().equals(expected) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(servedSerial()).isEqualTo(expected).isNotEqualTo(before);
        // new connections are dealt out to the listeners in turn: every one of them has the new certificate
        for (int i = 0; i < 4; i++) {
            assertThat(servedSerial()).isEqualTo(expected);
        }
        assertThat(SERVER.admin()
                        .get("/apis/core.gardener.cloud/v1beta1/projects")
                        .status())
                .isEqualTo(200);
    }

    @Test
    void aClientCertificateOfARotatedClientCaAuthenticatesOnceTheFileChanges() throws Exception {
        CertificateAuthority nextCa = CertificateAuthority.generate("next-client-ca", Duration.ofDays(1));
        IssuedCertificate rotatedAdmin =
                nextCa.issueClient("rotated-admin", List.of("system:masters"), Duration.ofHours(1));
        String nextCaName = nextCa.certificate().getSubjectX500Principal().getName();
        String projects = "/apis/core.gardener.cloud/v1beta1/projects";
        // not yet trusted: a certificate that does not verify is a failed authentication, as kube-apiserver's
        TestClient forced = TestClient.withCertificateAlwaysSent(
                SERVER.baseUrl(), SERVER.servingCa().certificate(), rotatedAdmin);
        assertThat(forced.get(projects).status()).isEqualTo(401);
        assertThat(advertisedIssuers())
                .contains(SERVER.clientCa()
                        .certificate()
                        .getSubjectX500Principal()
                        .getName())
                .doesNotContain(nextCaName);

        write(CLIENT_CA, Pem.writeCertificates(List.of(SERVER.clientCa().certificate(), nextCa.certificate())));
        // a JDK client sends its certificate only if the server's certificate request names its CA: new connections
        // must name the rotated one (OpenSSL reads the names when its context is built)
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!advertisedIssuers().contains(nextCaName) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(advertisedIssuers()).contains(nextCaName);
        TestClient admin =
                TestClient.withCertificate(SERVER.baseUrl(), SERVER.servingCa().certificate(), rotatedAdmin);
        assertThat(admin.get(projects).status()).isEqualTo(200);
        assertThat(SERVER.admin().get(projects).status())
                .as("the old CA is still in the bundle")
                .isEqualTo(200);

        // a file that holds no certificate (mid-write) leaves the bundle in force
        write(CLIENT_CA, "");
        Thread.sleep(500);
        assertThat(admin.get(projects).status()).isEqualTo(200);
        assertThat(advertisedIssuers()).contains(nextCaName);
    }

    /** The CA names a new connection's certificate request offers the client to pick its certificate by. */
    private static List<String> advertisedIssuers() throws Exception {
        List<String> offered = new CopyOnWriteArrayList<>();
        X509ExtendedKeyManager recording = new X509ExtendedKeyManager() {
            @Override
            public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
                if (issuers != null) {
                    for (Principal issuer : issuers) {
                        offered.add(issuer.getName());
                    }
                }
                return null;
            }

            @Override
            public String[] getClientAliases(String keyType, Principal[] issuers) {
                return null;
            }

            @Override
            public String[] getServerAliases(String keyType, Principal[] issuers) {
                return null;
            }

            @Override
            public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
                return null;
            }

            @Override
            public X509Certificate[] getCertificateChain(String alias) {
                return null;
            }

            @Override
            public PrivateKey getPrivateKey(String alias) {
                return null;
            }
        };
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        trust.setCertificateEntry("ca", SERVER.servingCa().certificate());
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trust);
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(new KeyManager[] {recording}, trustManagers.getTrustManagers(), null);
        try (SSLSocket socket = (SSLSocket) ssl.getSocketFactory().createSocket("127.0.0.1", SERVER.port())) {
            socket.setSoTimeout(30_000);
            socket.startHandshake();
        }
        return offered;
    }

    private static BigInteger servedSerial() throws Exception {
        try (SSLSocket socket = SERVER.anonymousTlsSocket()) {
            socket.startHandshake();
            return ((X509Certificate) socket.getSession().getPeerCertificates()[0]).getSerialNumber();
        }
    }

    /** As the kubelet updates a mounted Secret: the new content appears at once, never half-written. */
    private static void write(Path file, String pem) {
        try {
            Path tmp = Files.createTempFile(DIR, "next", ".pem");
            Files.writeString(tmp, pem, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path tempDir() {
        try {
            return Files.createTempDirectory("serving-cert-reload");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

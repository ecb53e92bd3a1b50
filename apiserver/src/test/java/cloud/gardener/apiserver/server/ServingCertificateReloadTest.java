package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Upstream's dynamic serving certificate: when the files behind {@code --tls-cert-file} and
 * {@code --tls-private-key-file} change (a Secret rotated by gardener-operator's secrets manager), new connections
 * get the new certificate without a restart; a half-written pair is not taken.
 */
class ServingCertificateReloadTest {

    private static final Path DIR = tempDir();
    private static final Path CERT = DIR.resolve("tls.crt");
    private static final Path KEY = DIR.resolve("tls.key");

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> {
        write(CERT, config.servingCertChainPem());
        write(KEY, config.servingKeyPem());
        return config;
    }).withServing(SecureServing.DEFAULT.withCertificateFiles(CERT, KEY).withCertReloadInterval(Duration.ofMillis(100)));

    @Test
    void aNewConnectionGetsTheRotatedCertificate() throws Exception {
        BigInteger before = servedSerial();
        // a key that does not match the certificate: refused, the old pair keeps serving
        IssuedCertificate other = SERVER.servingCa().issueServing("gardener-apiserver", List.of("localhost"),
                List.of("127.0.0.1"), Duration.ofDays(1));
        write(KEY, other.privateKeyPem());
        Thread.sleep(500);
        assertThat(servedSerial()).isEqualTo(before);

        IssuedCertificate rotated = SERVER.servingCa().issueServing("gardener-apiserver", List.of("localhost"),
                List.of("127.0.0.1"), Duration.ofDays(1));
        write(CERT, rotated.certificateChainPem());
        write(KEY, rotated.privateKeyPem());
        BigInteger expected = rotated.certificate().getSerialNumber();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!servedSerial().equals(expected) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(servedSerial()).isEqualTo(expected).isNotEqualTo(before);
        assertThat(SERVER.admin().get("/apis/core.gardener.cloud/v1beta1/projects").status()).isEqualTo(200);
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

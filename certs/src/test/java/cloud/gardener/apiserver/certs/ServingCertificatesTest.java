package cloud.gardener.apiserver.certs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServingCertificatesTest {

    @TempDir
    Path dir;

    @Test
    void firstStartWritesCaAndServingCertificate() throws Exception {
        ServingCertificates certs =
                ServingCertificates.loadOrCreateSelfSigned(dir, List.of("gardener-apiserver.garden.svc", "10.0.0.7"));
        X509Certificate leaf = certs.serving().certificate();

        assertThat(Files.readString(dir.resolve("apiserver.crt"))).isEqualTo(certs.certificateChainPem());
        assertThat(Files.readString(dir.resolve("apiserver.key")))
                .isEqualTo(certs.privateKeyPem())
                .startsWith("-----BEGIN PRIVATE KEY-----");
        assertThat(Files.readString(dir.resolve("apiserver-ca.crt"))).isEqualTo(certs.caPem());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(certs.keyFile())))
                .isEqualTo("rw-------");
        leaf.verify(certs.ca().getPublicKey());
        assertThat(certs.serving().chain()).containsExactly(leaf, certs.ca());
        assertThat(leaf.getExtendedKeyUsage()).containsExactly(KeyPurpose.SERVER_AUTH.oid());
        assertThat(leaf.getSubjectAlternativeNames())
                .extracting(entry -> (Object) String.valueOf(entry.get(1)))
                .containsExactlyInAnyOrder("gardener-apiserver.garden.svc", "10.0.0.7");
        assertThat(SubjectNames.commonName(leaf)).startsWith("gardener-apiserver.garden.svc@");
        assertThat(SubjectNames.commonName(certs.ca())).startsWith("gardener-apiserver.garden.svc-ca@");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("apiserver.crt", "apiserver.key", "apiserver-ca.crt");
        }
    }

    @Test
    void laterStartsReuseTheFiles() throws Exception {
        ServingCertificates first = ServingCertificates.loadOrCreateSelfSigned(dir, List.of("localhost", "127.0.0.1"));
        ServingCertificates second = ServingCertificates.loadOrCreateSelfSigned(dir, List.of("LOCALHOST"));

        assertThat(second.serving().certificate()).isEqualTo(first.serving().certificate());
        assertThat(second.ca()).isEqualTo(first.ca());
        assertThat(second.privateKeyPem()).isEqualTo(first.privateKeyPem());
    }

    @Test
    void emptyHostsMeanLocalhost() throws Exception {
        ServingCertificates certs = ServingCertificates.loadOrCreateSelfSigned(dir, List.of());

        assertThat(certs.serving().certificate().getSubjectAlternativeNames())
                .extracting(entry -> (Object) String.valueOf(entry.get(1)))
                .containsExactlyInAnyOrder("localhost", "127.0.0.1");
    }

    @Test
    void regeneratesWhenAHostIsMissing() throws Exception {
        ServingCertificates first = ServingCertificates.loadOrCreateSelfSigned(dir, List.of("a.example"));
        ServingCertificates second = ServingCertificates.loadOrCreateSelfSigned(dir, List.of("a.example", "::1"));

        assertThat(second.serving().certificate()).isNotEqualTo(first.serving().certificate());
        assertThat(ServingCertificates.tryLoad(dir).serving().certificate())
                .isEqualTo(second.serving().certificate());
    }

    @Test
    void regeneratesWhenExpired() throws Exception {
        CertificateAuthority ca = CertificateAuthority.generate("old-ca", Duration.ofDays(3650));
        IssuedCertificate expired = ca.issue(CertificateTemplate.serving(
                        "old", List.of("localhost"), List.of(), Duration.ofDays(1))
                .withValidity(
                        Instant.now().minus(Duration.ofDays(10)), Instant.now().minus(Duration.ofDays(1))));
        Files.writeString(dir.resolve("apiserver.crt"), expired.certificatePem());
        Files.writeString(dir.resolve("apiserver.key"), expired.privateKeyPem());
        Files.writeString(dir.resolve("apiserver-ca.crt"), ca.certificatePem());

        ServingCertificates certs = ServingCertificates.loadOrCreateSelfSigned(dir, List.of("localhost"));

        assertThat(certs.serving().certificate()).isNotEqualTo(expired.certificate());
        certs.serving().certificate().checkValidity();
    }

    @Test
    void regeneratesWhenTheKeyDoesNotMatchOrAFileIsGarbage() throws Exception {
        ServingCertificates first = ServingCertificates.loadOrCreateSelfSigned(dir, List.of("localhost"));
        Files.writeString(
                dir.resolve("apiserver.key"),
                CertificateAuthority.generate("x", Duration.ofDays(1)).privateKeyPem());

        ServingCertificates second = ServingCertificates.loadOrCreateSelfSigned(dir, List.of("localhost"));
        Files.writeString(dir.resolve("apiserver-ca.crt"), "garbage");
        ServingCertificates third = ServingCertificates.loadOrCreateSelfSigned(dir, List.of("localhost"));

        assertThat(second.serving().certificate()).isNotEqualTo(first.serving().certificate());
        assertThat(third.serving().certificate()).isNotEqualTo(second.serving().certificate());
    }
}

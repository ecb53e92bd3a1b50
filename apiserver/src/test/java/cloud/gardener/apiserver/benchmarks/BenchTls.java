package cloud.gardener.apiserver.benchmarks;

import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The certificates of one run, the same for the API servers and the bare baseline server: a serving certificate
 * for 127.0.0.1 and the client CA files the servers are started with, and the admin's client certificate
 * ({@code system:masters}) the load client presents.
 */
record BenchTls(
        Path certFile, Path keyFile, Path clientCaFile, String servingCaPem, String adminCertPem, String adminKeyPem) {

    static BenchTls generate(Path dir) throws IOException {
        CertificateAuthority servingCa = CertificateAuthority.generate("bench-serving-ca", Duration.ofDays(1));
        CertificateAuthority clientCa = CertificateAuthority.generate("bench-client-ca", Duration.ofDays(1));
        IssuedCertificate serving = servingCa.issueServing(
                "gardener-apiserver", List.of("localhost"), List.of("127.0.0.1"), Duration.ofDays(1));
        IssuedCertificate admin = clientCa.issueClient("admin", List.of("system:masters"), Duration.ofDays(1));
        Files.createDirectories(dir);
        Path cert = Files.writeString(dir.resolve("serving.crt"), serving.certificateChainPem());
        Path key = Files.writeString(dir.resolve("serving.key"), serving.privateKeyPem());
        Path ca = Files.writeString(dir.resolve("client-ca.crt"), clientCa.certificatePem());
        return new BenchTls(cert, key, ca, servingCa.certificatePem(), admin.certificatePem(), admin.privateKeyPem());
    }
}

package cloud.gardener.apiserver.certs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class PemTest {

    private static final CertificateAuthority CA = CertificateAuthority.generate("pem-ca", Duration.ofDays(1));

    @Test
    void certificateRoundTrip() {
        String pem = Pem.writeCertificate(CA.certificate());

        assertThat(pem).startsWith("-----BEGIN CERTIFICATE-----\n").endsWith("-----END CERTIFICATE-----\n");
        assertThat(pem.lines().filter(line -> !line.startsWith("-----"))).allMatch(line -> line.length() <= 64);
        assertThat(Pem.readCertificate(pem)).isEqualTo(CA.certificate());
    }

    @Test
    void bundleRoundTripKeepsOrderAndSkipsOtherBlocks() {
        CertificateAuthority intermediate = CA.issueIntermediate("mid", Duration.ofDays(1));
        IssuedCertificate leaf = intermediate.issueServing("leaf", List.of("a"), List.of(), Duration.ofDays(1));
        String bundle = leaf.privateKeyPem() + leaf.certificateChainPem() + CA.certificatePem();

        List<X509Certificate> read = Pem.readCertificates(bundle);

        assertThat(read).containsExactly(leaf.certificate(), intermediate.certificate(), CA.certificate());
        assertThat(Pem.readPrivateKey(bundle).getEncoded())
                .isEqualTo(leaf.privateKey().getEncoded());
    }

    @ParameterizedTest
    @EnumSource(KeyType.class)
    void privateKeyRoundTripInBothForms(KeyType type) throws Exception {
        KeyPair keys = type == KeyType.RSA_2048 ? TestKeys.rsa() : KeyPairs.generate(type);
        String pkcs8 = Pem.writePrivateKey(keys.getPrivate());
        String traditional = Pem.writePrivateKeyTraditional(keys.getPrivate());

        assertThat(pkcs8).startsWith("-----BEGIN PRIVATE KEY-----\n");
        assertThat(traditional)
                .startsWith(
                        type == KeyType.RSA_2048
                                ? "-----BEGIN RSA PRIVATE KEY-----\n"
                                : "-----BEGIN EC PRIVATE KEY-----\n");
        for (String pem : List.of(pkcs8, traditional)) {
            PrivateKey read = Pem.readPrivateKey(pem);
            assertThat(read.getAlgorithm()).isEqualTo(type.algorithm());
            assertThat(Keys.matches(keys.getPublic(), read)).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"rsa-pkcs1.key", "rsa-pkcs8.key", "ec-sec1-with-params.key", "ec-pkcs8.key"})
    void readsKeysAsOpensslWritesThem(String file) throws IOException {
        PrivateKey key = Pem.readPrivateKey(resource(file));

        assertThat(key.getAlgorithm()).isEqualTo(file.startsWith("rsa") ? "RSA" : "EC");
    }

    @Test
    void opensslEcKeyInEveryFormIsTheSameKeyAndMatchesItsCertificate() throws IOException {
        PrivateKey sec1 = Pem.readPrivateKey(resource("ec-sec1-with-params.key"));
        PrivateKey pkcs8 = Pem.readPrivateKey(resource("ec-pkcs8.key"));
        X509Certificate cert = Pem.readCertificate(resource("ec-selfsigned.crt"));

        assertThat(((java.security.interfaces.ECPrivateKey) sec1).getS())
                .isEqualTo(((java.security.interfaces.ECPrivateKey) pkcs8).getS());
        assertThat(Keys.matches(cert.getPublicKey(), sec1)).isTrue();
        // Our SEC1 output must read back to the same key as openssl's.
        assertThat(((java.security.interfaces.ECPrivateKey) Pem.readPrivateKey(Pem.writePrivateKeyTraditional(sec1)))
                        .getS())
                .isEqualTo(((java.security.interfaces.ECPrivateKey) sec1).getS());
    }

    @Test
    void ourSec1OutputCarriesCurveAndPublicKeyLikeOpenssl() throws IOException {
        PrivateKey key = Pem.readPrivateKey(resource("ec-sec1-with-params.key"));
        String opensslBody = body(resource("ec-sec1-with-params.key"), "EC PRIVATE KEY");
        String ourBody = body(Pem.writePrivateKeyTraditional(key), "EC PRIVATE KEY");

        assertThat(ourBody).isEqualTo(opensslBody);
    }

    @Test
    void rsaPkcs1OutputIsByteIdenticalToOpenssl() throws IOException {
        PrivateKey key = Pem.readPrivateKey(resource("rsa-pkcs8.key"));

        assertThat(body(Pem.writePrivateKeyTraditional(key), "RSA PRIVATE KEY"))
                .isEqualTo(body(resource("rsa-pkcs1.key"), "RSA PRIVATE KEY"));
        assertThat(body(Pem.writePrivateKey(key), "PRIVATE KEY"))
                .isEqualTo(body(resource("rsa-pkcs8.key"), "PRIVATE KEY"));
    }

    @Test
    void rejectsEncryptedKeysAndTextWithoutBlocks() throws IOException {
        String encrypted = resource("rsa-encrypted.key");

        assertThatThrownBy(() -> Pem.readPrivateKey(encrypted))
                .isInstanceOf(PkiException.class)
                .hasMessageContaining("encrypted");
        assertThatThrownBy(() -> Pem.readPrivateKey("hello")).isInstanceOf(PkiException.class);
        assertThatThrownBy(() -> Pem.readCertificate(CA.privateKeyPem()))
                .isInstanceOf(PkiException.class)
                .hasMessageContaining("no CERTIFICATE");
        assertThat(Pem.readCertificates("")).isEmpty();
    }

    @Test
    void readsMultiValuedRdnSubjectsLikeGo() throws IOException {
        X509Certificate multi = Pem.readCertificate(resource("ec-multivalue-rdn.crt"));
        X509Certificate plain = Pem.readCertificate(resource("ec-selfsigned.crt"));

        assertThat(SubjectNames.commonName(multi)).isEqualTo("multi");
        assertThat(SubjectNames.organizations(multi)).containsExactly("group-a", "group-b");
        assertThat(SubjectNames.commonName(plain)).isEqualTo("openssl-admin");
        assertThat(SubjectNames.organizations(plain)).containsExactly("system:masters", "team");
    }

    /** The base64 body of the named block, newlines removed. */
    private static String body(String pem, String type) {
        String begin = "-----BEGIN " + type + "-----";
        int start = pem.indexOf(begin) + begin.length();
        int end = pem.indexOf("-----END " + type + "-----");
        return pem.substring(start, end).replaceAll("\\s", "");
    }

    static String resource(String name) throws IOException {
        try (InputStream in = PemTest.class.getResourceAsStream("/pem/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }
}

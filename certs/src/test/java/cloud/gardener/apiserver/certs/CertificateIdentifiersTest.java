package cloud.gardener.apiserver.certs;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class CertificateIdentifiersTest {

    @Test
    void describesSerialAndKeyIdentifiers() {
        CertificateAuthority ca = CertificateAuthority.generate("ca", Duration.ofDays(1));
        IssuedCertificate leaf = ca.issueClient("u", List.of(), Duration.ofHours(1));

        String description = CertificateIdentifiers.describe(leaf.certificate());

        assertThat(description)
                .matches("SN=\\d+, SKID=([0-9A-F]{2}:){19}[0-9A-F]{2}, AKID=([0-9A-F]{2}:){19}[0-9A-F]{2}");
        assertThat(description).startsWith("SN=" + leaf.certificate().getSerialNumber() + ",");
        // The leaf's AKID is the CA's SKID.
        String caSkid = CertificateIdentifiers.describe(ca.certificate()).replaceAll(".*SKID=([^,]*),.*", "$1");
        assertThat(description).endsWith("AKID=" + caSkid);
        assertThat(CertificateIdentifiers.describe(ca.certificate())).endsWith("AKID=");
    }

    @Test
    void credentialIdIsTheSha256OfTheDer() throws Exception {
        CertificateAuthority ca = CertificateAuthority.generate("ca", Duration.ofDays(1));
        String expected = HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256")
                        .digest(ca.certificate().getEncoded()));

        assertThat(CertificateIdentifiers.credentialId(ca.certificate())).isEqualTo("X509SHA256=" + expected);
    }
}

package cloud.gardener.apiserver.admission.validation.core;

import java.io.ByteArrayInputStream;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Gardener's {@code utils.DecodeCertificate}: the first PEM block must hold a parseable X.509 certificate. */
final class PemCertificates {

    private static final Pattern FIRST_BLOCK =
            Pattern.compile("-----BEGIN ([^-\\n]+)-----\\r?\\n(.*?)-----END \\1-----", Pattern.DOTALL);

    private PemCertificates() {}

    static boolean containsCertificate(String pem) {
        Matcher m = FIRST_BLOCK.matcher(pem);
        if (!m.find()) {
            return false;
        }
        try {
            byte[] der = Base64.getMimeDecoder().decode(m.group(2).replaceAll("(?m)^[A-Za-z-]+:.*$", ""));
            CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
            return true;
        } catch (IllegalArgumentException | CertificateException e) {
            return false;
        }
    }
}

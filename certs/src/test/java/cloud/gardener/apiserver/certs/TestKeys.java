package cloud.gardener.apiserver.certs;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/**
 * A fixed RSA key pair for the tests about what is done with an RSA key (PEM forms, public key of a private key):
 * openssl wrote both halves, so no test waits for an RSA generation it does not test (seconds with the fast loop's
 * C1-only JVMs; CertificateAuthorityTest still generates RSA keys).
 */
final class TestKeys {

    private TestKeys() {}

    /** {@code pem/rsa-pkcs1.key} and its public half as {@code openssl rsa -pubout} writes it. */
    static KeyPair rsa() throws IOException, GeneralSecurityException {
        String publicPem = PemTest.resource("rsa-public.pem");
        String body = publicPem
                .replace("-----BEGIN PUBLIC KEY-----", "")
                .replace("-----END PUBLIC KEY-----", "")
                .replaceAll("\\s", "");
        var publicKey = KeyFactory.getInstance("RSA")
                .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(body)));
        return new KeyPair(publicKey, Pem.readPrivateKey(PemTest.resource("rsa-pkcs1.key")));
    }
}

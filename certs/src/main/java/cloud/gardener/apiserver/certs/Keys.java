package cloud.gardener.apiserver.certs;

import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;

/** Small key checks that are not PEM and not certificate issuance. */
public final class Keys {

    private static final SecureRandom RANDOM = new SecureRandom();

    private Keys() {
    }

    /** Whether {@code privateKey} is the private half of {@code publicKey} (by a signature round trip). */
    public static boolean matches(PublicKey publicKey, PrivateKey privateKey) {
        if (!publicKey.getAlgorithm().equals(privateKey.getAlgorithm())) {
            return false;
        }
        try {
            String algorithm = KeyType.of(privateKey).signatureAlgorithm();
            byte[] probe = new byte[32];
            RANDOM.nextBytes(probe);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(privateKey);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(publicKey);
            verifier.update(probe);
            return verifier.verify(signature);
        } catch (GeneralSecurityException | PkiException e) {
            return false;
        }
    }
}

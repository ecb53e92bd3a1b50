package cloud.gardener.apiserver.certs;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.spec.ECGenParameterSpec;

/**
 * Key-pair generation with the JDK providers. RSA generation takes tens to hundreds of
 * milliseconds: callers on a Vert.x event loop must run it on a worker.
 */
public final class KeyPairs {

    private static final SecureRandom RANDOM = new SecureRandom();

    private KeyPairs() {}

    public static KeyPair rsa2048() {
        return generate(KeyType.RSA_2048);
    }

    public static KeyPair ecP256() {
        return generate(KeyType.EC_P256);
    }

    public static KeyPair generate(KeyType type) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance(type.algorithm());
            switch (type) {
                case RSA_2048 -> generator.initialize(2048, RANDOM);
                case EC_P256 -> generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
                default -> throw new PkiException("unsupported key type " + type);
            }
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new PkiException("cannot generate " + type + " key pair", e);
        }
    }
}

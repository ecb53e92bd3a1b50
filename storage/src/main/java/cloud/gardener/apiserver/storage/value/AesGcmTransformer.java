package cloud.gardener.apiserver.storage.value;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code aesgcm} provider's cipher for one key: a random 96-bit nonce, then AES-GCM's sealed
 * output (ciphertext and 128-bit tag) with the storage key as additional authenticated data, byte for
 * byte what kube-apiserver's GCM transformer writes. A random nonce caps a key at about 2^32 writes;
 * the Kubernetes docs advise rotating every 200,000 writes.
 */
public final class AesGcmTransformer implements Transformer {

    static final int NONCE_SIZE = 12;
    static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;

    /** @param key 16, 24 or 32 bytes (AES-128, -192, -256) */
    public AesGcmTransformer(byte[] key) {
        this.key = AesCbcTransformer.aesKey(key);
    }

    @Override
    public Decrypted fromStorage(byte[] stored, byte[] context) {
        if (stored.length < NONCE_SIZE) {
            throw new TransformException("the stored data was shorter than the required size");
        }
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, stored, 0, NONCE_SIZE));
            if (context != null) {
                cipher.updateAAD(context);
            }
            return new Decrypted(cipher.doFinal(stored, NONCE_SIZE, stored.length - NONCE_SIZE), false);
        } catch (GeneralSecurityException e) {
            // A wrong key, a tampered value or a value moved to another key all end here.
            throw new TransformException("cipher: message authentication failed", e);
        }
    }

    @Override
    public byte[] toStorage(byte[] data, byte[] context) {
        byte[] nonce = new byte[NONCE_SIZE];
        RANDOM.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            if (context != null) {
                cipher.updateAAD(context);
            }
            byte[] out = Arrays.copyOf(nonce, NONCE_SIZE + cipher.getOutputSize(data.length));
            int n = cipher.doFinal(data, 0, data.length, out, NONCE_SIZE);
            return n == out.length - NONCE_SIZE ? out : Arrays.copyOf(out, NONCE_SIZE + n);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }
}

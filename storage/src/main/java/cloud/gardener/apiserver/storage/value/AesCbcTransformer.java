package cloud.gardener.apiserver.storage.value;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code aescbc} provider's cipher for one key: a random 16-byte IV, then AES-CBC over the
 * PKCS#7-padded value, as kube-apiserver writes it. CBC does not authenticate: a tampered value
 * fails only where it breaks the padding, which is why Kubernetes recommends aesgcm or secretbox.
 * Padding is checked by hand so that the errors match kube-apiserver's.
 */
public final class AesCbcTransformer implements Transformer {

    static final int BLOCK = 16;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;

    /** @param key 16, 24 or 32 bytes */
    public AesCbcTransformer(byte[] key) {
        this.key = aesKey(key);
    }

    static SecretKeySpec aesKey(byte[] key) {
        if (key.length != 16 && key.length != 24 && key.length != 32) {
            throw new IllegalArgumentException("crypto/aes: invalid key size " + key.length);
        }
        return new SecretKeySpec(key, "AES");
    }

    @Override
    public Decrypted fromStorage(byte[] stored, byte[] context) {
        if (stored.length < BLOCK) {
            throw new TransformException("the stored data was shorter than the required size");
        }
        int length = stored.length - BLOCK;
        if (length % BLOCK != 0) {
            throw new TransformException("the stored data is not a multiple of the block size");
        }
        if (length == 0) {
            throw new TransformException("invalid PKCS7 data (empty or not padded)");
        }
        byte[] padded;
        try {
            Cipher cipher = Cipher.getInstance("AES/CBC/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(stored, 0, BLOCK));
            padded = cipher.doFinal(stored, BLOCK, length);
        } catch (GeneralSecurityException e) {
            throw new TransformException("AES-CBC decryption failed", e);
        }
        int pad = padded[padded.length - 1] & 0xff;
        if (pad == 0 || pad > BLOCK) {
            throw new TransformException("invalid PKCS7 data (empty or not padded)");
        }
        int bad = 0;
        for (int i = padded.length - pad; i < padded.length; i++) {
            bad |= (padded[i] & 0xff) ^ pad;
        }
        if (bad != 0) {
            throw new TransformException("invalid padding on input");
        }
        return new Decrypted(Arrays.copyOf(padded, padded.length - pad), false);
    }

    @Override
    public byte[] toStorage(byte[] data, byte[] context) {
        int pad = BLOCK - data.length % BLOCK;
        byte[] padded = Arrays.copyOf(data, data.length + pad);
        Arrays.fill(padded, data.length, padded.length, (byte) pad);
        byte[] out = new byte[BLOCK + padded.length];
        RANDOM.nextBytes(out);
        try {
            Cipher cipher = Cipher.getInstance("AES/CBC/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(out, 0, BLOCK));
            cipher.doFinal(padded, 0, padded.length, out, BLOCK);
            return out;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-CBC is not available", e);
        }
    }
}

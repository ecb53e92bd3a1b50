package cloud.gardener.apiserver.storage.value;

import java.security.SecureRandom;
import java.util.Arrays;

/**
 * The {@code secretbox} provider's cipher for one 32-byte key: a random 24-byte nonce, then the NaCl
 * secretbox of the value, as kube-apiserver writes it. Like kube-apiserver it binds no additional data.
 */
public final class SecretboxTransformer implements Transformer {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] key;

    public SecretboxTransformer(byte[] key) {
        if (key.length != Secretbox.KEY_SIZE) {
            throw new IllegalArgumentException("expected key size 32 for secretbox provider, got " + key.length);
        }
        this.key = key.clone();
    }

    @Override
    public Decrypted fromStorage(byte[] stored, byte[] context) {
        if (stored.length < Secretbox.OVERHEAD + Secretbox.NONCE_SIZE) {
            throw new TransformException("the stored data was shorter than the required size");
        }
        byte[] nonce = Arrays.copyOf(stored, Secretbox.NONCE_SIZE);
        byte[] message = Secretbox.open(stored, Secretbox.NONCE_SIZE, stored.length - Secretbox.NONCE_SIZE, nonce, key);
        if (message == null) {
            throw new TransformException("secretbox: message authentication failed");
        }
        return new Decrypted(message, false);
    }

    @Override
    public byte[] toStorage(byte[] data, byte[] context) {
        byte[] nonce = new byte[Secretbox.NONCE_SIZE];
        RANDOM.nextBytes(nonce);
        byte[] box = Secretbox.seal(data, nonce, key);
        byte[] out = Arrays.copyOf(nonce, Secretbox.NONCE_SIZE + box.length);
        System.arraycopy(box, 0, out, Secretbox.NONCE_SIZE, box.length);
        return out;
    }
}

package cloud.gardener.apiserver.storage.value;

import java.nio.charset.StandardCharsets;

/**
 * The {@code identity} provider: values are stored as they are. Reading a value that carries an
 * encryption envelope fails, so that a plaintext provider listed before an encrypting one never hands
 * ciphertext to the decoder (kube-apiserver's encrypt-check identity transformer).
 */
public final class IdentityTransformer implements Transformer {

    /** What every encrypting provider's envelope starts with. */
    static final byte[] ENCRYPTED_PREFIX = "k8s:enc:".getBytes(StandardCharsets.US_ASCII);

    public static final IdentityTransformer INSTANCE = new IdentityTransformer();

    private IdentityTransformer() {}

    @Override
    public Decrypted fromStorage(byte[] stored, byte[] context) {
        if (PrefixTransformers.startsWith(stored, ENCRYPTED_PREFIX)) {
            throw new TransformException("identity transformer tried to read encrypted data");
        }
        return new Decrypted(stored, false);
    }

    @Override
    public byte[] toStorage(byte[] data, byte[] context) {
        return data;
    }
}

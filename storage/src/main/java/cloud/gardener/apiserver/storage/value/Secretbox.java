package cloud.gardener.apiserver.storage.value;

import java.security.MessageDigest;
import java.util.Arrays;
import org.bouncycastle.crypto.engines.XSalsa20Engine;
import org.bouncycastle.crypto.macs.Poly1305;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * NaCl's {@code crypto_secretbox} (XSalsa20-Poly1305), the primitive behind Go's
 * {@code golang.org/x/crypto/nacl/secretbox}: the first 32 bytes of the XSalsa20 key stream are the
 * one-time Poly1305 key, the rest encrypts the message, and the box is the 16-byte tag followed by
 * the ciphertext.
 */
final class Secretbox {

    static final int KEY_SIZE = 32;
    static final int NONCE_SIZE = 24;
    static final int OVERHEAD = 16;

    private Secretbox() {}

    /** The box of {@code message}: tag, then ciphertext. */
    static byte[] seal(byte[] message, byte[] nonce, byte[] key) {
        XSalsa20Engine stream = stream(nonce, key);
        byte[] macKey = macKey(stream);
        byte[] box = new byte[OVERHEAD + message.length];
        stream.processBytes(message, 0, message.length, box, OVERHEAD);
        tag(macKey, box, OVERHEAD, message.length, box, 0);
        Arrays.fill(macKey, (byte) 0);
        return box;
    }

    /** The message in {@code box}, or null when the box is too short or its tag does not verify. */
    static byte[] open(byte[] box, int offset, int length, byte[] nonce, byte[] key) {
        if (length < OVERHEAD) {
            return null;
        }
        XSalsa20Engine stream = stream(nonce, key);
        byte[] macKey = macKey(stream);
        byte[] expected = new byte[OVERHEAD];
        tag(macKey, box, offset + OVERHEAD, length - OVERHEAD, expected, 0);
        Arrays.fill(macKey, (byte) 0);
        if (!MessageDigest.isEqual(expected, Arrays.copyOfRange(box, offset, offset + OVERHEAD))) {
            return null;
        }
        byte[] message = new byte[length - OVERHEAD];
        stream.processBytes(box, offset + OVERHEAD, message.length, message, 0);
        return message;
    }

    private static XSalsa20Engine stream(byte[] nonce, byte[] key) {
        if (key.length != KEY_SIZE || nonce.length != NONCE_SIZE) {
            throw new IllegalArgumentException("secretbox needs a 32-byte key and a 24-byte nonce");
        }
        XSalsa20Engine engine = new XSalsa20Engine();
        engine.init(true, new ParametersWithIV(new KeyParameter(key), nonce));
        return engine;
    }

    /** Consumes the first 32 key-stream bytes: Poly1305's r (clamped by the MAC) and s. */
    private static byte[] macKey(XSalsa20Engine stream) {
        byte[] macKey = new byte[32];
        stream.processBytes(new byte[32], 0, 32, macKey, 0);
        return macKey;
    }

    private static void tag(byte[] macKey, byte[] in, int offset, int length, byte[] out, int outOffset) {
        Poly1305 mac = new Poly1305();
        mac.init(new KeyParameter(macKey));
        mac.update(in, offset, length);
        mac.doFinal(out, outOffset);
    }
}

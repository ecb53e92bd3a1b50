package cloud.gardener.apiserver.storage.value;

import static cloud.gardener.apiserver.storage.value.TestValues.KEY_CONTEXT;
import static cloud.gardener.apiserver.storage.value.TestValues.PLAIN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The aesgcm provider's cipher: round trip, stored layout, wrong key, tampering, moved values. */
class AesGcmTransformerTest {

    @Test
    void roundTripsWithEveryKeySizeAndAFreshNonceEachTime() {
        for (int size : new int[] {16, 24, 32}) {
            AesGcmTransformer t = new AesGcmTransformer(Keys.random(size));
            byte[] a = t.toStorage(PLAIN, KEY_CONTEXT);
            byte[] b = t.toStorage(PLAIN, KEY_CONTEXT);
            assertThat(a).isNotEqualTo(b);
            assertThat(t.fromStorage(a, KEY_CONTEXT)).satisfies(d -> {
                assertThat(d.data()).isEqualTo(PLAIN);
                assertThat(d.stale()).isFalse();
            });
        }
    }

    @Test
    void storesNonceThenCiphertextThenTag() {
        byte[] stored = new AesGcmTransformer(Keys.random(32)).toStorage(PLAIN, KEY_CONTEXT);
        assertThat(stored).hasSize(12 + PLAIN.length + 16);
        assertThat(new String(stored, StandardCharsets.ISO_8859_1)).doesNotContain("hunter2");
    }

    @Test
    void readsAStandardGcmVectorLaidOutAsNonceCiphertextTag() {
        // NIST GCM spec test case 4 (AES-128, 96-bit IV, with additional data).
        byte[] key = Keys.hex("feffe9928665731c6d6a8f9467308308");
        byte[] iv = Keys.hex("cafebabefacedbaddecaf888");
        byte[] plain = Keys.hex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39");
        byte[] aad = Keys.hex("feedfacedeadbeeffeedfacedeadbeefabaddad2");
        byte[] cipher = Keys.hex("42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
                + "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091");
        byte[] tag = Keys.hex("5bc94fbc3221a5db94fae95ae7121a47");
        byte[] stored = TestValues.concat(iv, cipher, tag);
        assertThat(new AesGcmTransformer(key).fromStorage(stored, aad).data()).isEqualTo(plain);
    }

    @Test
    void aWrongKeyFails() {
        byte[] stored = new AesGcmTransformer(Keys.random(32)).toStorage(PLAIN, KEY_CONTEXT);
        assertThatThrownBy(() -> new AesGcmTransformer(Keys.random(32)).fromStorage(stored, KEY_CONTEXT))
                .isInstanceOf(TransformException.class)
                .hasMessage("cipher: message authentication failed");
    }

    @Test
    void aTamperedValueFailsWhereverTheFlipIs() {
        AesGcmTransformer t = new AesGcmTransformer(Keys.random(32));
        byte[] stored = t.toStorage(PLAIN, KEY_CONTEXT);
        for (int i = 0; i < stored.length; i += 5) {
            byte[] tampered = stored.clone();
            tampered[i] ^= 0x40;
            assertThatThrownBy(() -> t.fromStorage(tampered, KEY_CONTEXT))
                    .as("byte " + i)
                    .isInstanceOf(TransformException.class);
        }
    }

    @Test
    void aValueMovedToAnotherKeyFails() {
        AesGcmTransformer t = new AesGcmTransformer(Keys.random(32));
        byte[] stored = t.toStorage(PLAIN, KEY_CONTEXT);
        byte[] otherKey = "/registry/secrets/default/s2".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> t.fromStorage(stored, otherKey)).isInstanceOf(TransformException.class);
    }

    @Test
    void aTooShortValueFails() {
        assertThatThrownBy(() -> new AesGcmTransformer(Keys.random(16)).fromStorage(new byte[11], KEY_CONTEXT))
                .hasMessage("the stored data was shorter than the required size");
    }

    @Test
    void refusesInvalidKeySizes() {
        assertThatThrownBy(() -> new AesGcmTransformer(new byte[20])).isInstanceOf(IllegalArgumentException.class);
    }
}

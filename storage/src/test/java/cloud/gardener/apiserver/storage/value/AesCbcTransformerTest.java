package cloud.gardener.apiserver.storage.value;

import static cloud.gardener.apiserver.storage.value.TestValues.KEY_CONTEXT;
import static cloud.gardener.apiserver.storage.value.TestValues.PLAIN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The aescbc provider's cipher: round trip, stored layout, wrong key, tampering. */
class AesCbcTransformerTest {

    @Test
    void roundTripsEveryLengthAroundTheBlockSize() {
        AesCbcTransformer t = new AesCbcTransformer(Keys.random(32));
        for (int len = 0; len <= 33; len++) {
            byte[] plain = Arrays.copyOf(PLAIN, len);
            byte[] stored = t.toStorage(plain, KEY_CONTEXT);
            // IV, then the value padded to the next whole block (a full block of padding when aligned).
            assertThat(stored).as("length " + len).hasSize(16 + (len / 16 + 1) * 16);
            assertThat(t.fromStorage(stored, KEY_CONTEXT).data())
                    .as("length " + len)
                    .isEqualTo(plain);
        }
    }

    @Test
    void usesARandomIv() {
        AesCbcTransformer t = new AesCbcTransformer(Keys.random(16));
        assertThat(t.toStorage(PLAIN, KEY_CONTEXT)).isNotEqualTo(t.toStorage(PLAIN, KEY_CONTEXT));
    }

    @Test
    void aWrongKeyFailsOnThePadding() {
        // A wrong key yields random padding; across many values the padding check catches nearly all.
        AesCbcTransformer right = new AesCbcTransformer(Keys.random(32));
        AesCbcTransformer wrong = new AesCbcTransformer(Keys.random(32));
        int failures = 0;
        for (int i = 0; i < 50; i++) {
            byte[] stored = right.toStorage(PLAIN, KEY_CONTEXT);
            try {
                assertThat(wrong.fromStorage(stored, KEY_CONTEXT).data()).isNotEqualTo(PLAIN);
            } catch (TransformException e) {
                failures++;
            }
        }
        assertThat(failures).isGreaterThan(40);
    }

    @Test
    void aTamperedPaddingByteFails() {
        // CBC does not authenticate: flipping the last byte of the second-to-last block flips the last
        // plaintext byte, which is padding, so the padding check must refuse it.
        AesCbcTransformer t = new AesCbcTransformer(Keys.random(32));
        byte[] stored = t.toStorage(PLAIN, KEY_CONTEXT);
        byte[] tampered = stored.clone();
        tampered[stored.length - 17] ^= 0x01;
        assertThatThrownBy(() -> t.fromStorage(tampered, KEY_CONTEXT))
                .isInstanceOf(TransformException.class)
                .hasMessageContaining("PKCS7");
    }

    @Test
    void refusesMisSizedValues() {
        AesCbcTransformer t = new AesCbcTransformer(Keys.random(32));
        assertThatThrownBy(() -> t.fromStorage(new byte[15], KEY_CONTEXT))
                .hasMessage("the stored data was shorter than the required size");
        assertThatThrownBy(() -> t.fromStorage(new byte[40], KEY_CONTEXT))
                .hasMessage("the stored data is not a multiple of the block size");
        assertThatThrownBy(() -> t.fromStorage(new byte[16], KEY_CONTEXT))
                .hasMessage("invalid PKCS7 data (empty or not padded)");
    }
}

package cloud.gardener.apiserver.storage.value;

import static cloud.gardener.apiserver.storage.value.TestValues.KEY_CONTEXT;
import static cloud.gardener.apiserver.storage.value.TestValues.PLAIN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The secretbox provider's cipher: round trip, stored layout, wrong key, tampering. */
class SecretboxTransformerTest {

    @Test
    void roundTripsWithAFreshNonce() {
        SecretboxTransformer t = new SecretboxTransformer(Keys.random(32));
        byte[] a = t.toStorage(PLAIN, KEY_CONTEXT);
        assertThat(a).isNotEqualTo(t.toStorage(PLAIN, KEY_CONTEXT));
        assertThat(t.fromStorage(a, KEY_CONTEXT).data()).isEqualTo(PLAIN);
    }

    @Test
    void storesNonceThenTheNaclBox() {
        byte[] key = Keys.random(32);
        byte[] stored = new SecretboxTransformer(key).toStorage(PLAIN, KEY_CONTEXT);
        assertThat(stored).hasSize(24 + 16 + PLAIN.length);
        byte[] nonce = Arrays.copyOf(stored, 24);
        assertThat(Arrays.copyOfRange(stored, 24, stored.length)).isEqualTo(Secretbox.seal(PLAIN, nonce, key));
    }

    @Test
    void aWrongKeyOrATamperedValueFails() {
        SecretboxTransformer t = new SecretboxTransformer(Keys.random(32));
        byte[] stored = t.toStorage(PLAIN, KEY_CONTEXT);
        assertThatThrownBy(() -> new SecretboxTransformer(Keys.random(32)).fromStorage(stored, KEY_CONTEXT))
                .isInstanceOf(TransformException.class)
                .hasMessage("secretbox: message authentication failed");
        byte[] tampered = stored.clone();
        tampered[30] ^= 0x01;
        assertThatThrownBy(() -> t.fromStorage(tampered, KEY_CONTEXT)).isInstanceOf(TransformException.class);
        assertThatThrownBy(() -> t.fromStorage(new byte[39], KEY_CONTEXT))
                .hasMessage("the stored data was shorter than the required size");
    }

    @Test
    void needsA32ByteKey() {
        assertThatThrownBy(() -> new SecretboxTransformer(new byte[16]))
                .hasMessage("expected key size 32 for secretbox provider, got 16");
    }
}

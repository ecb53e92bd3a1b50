package cloud.gardener.apiserver.storage.value;

import static cloud.gardener.apiserver.storage.value.TestValues.KEY_CONTEXT;
import static cloud.gardener.apiserver.storage.value.TestValues.PLAIN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The identity provider: plain values in and out, encrypted values refused. */
class IdentityTransformerTest {

    @Test
    void storesAndReadsPlainValues() {
        assertThat(IdentityTransformer.INSTANCE.toStorage(PLAIN, KEY_CONTEXT)).isEqualTo(PLAIN);
        assertThat(IdentityTransformer.INSTANCE.fromStorage(PLAIN, KEY_CONTEXT).data())
                .isEqualTo(PLAIN);
    }

    @Test
    void refusesEncryptedValues() {
        byte[] enc = "k8s:enc:aesgcm:v1:key1:xyz".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> IdentityTransformer.INSTANCE.fromStorage(enc, KEY_CONTEXT))
                .hasMessage("identity transformer tried to read encrypted data");
    }
}

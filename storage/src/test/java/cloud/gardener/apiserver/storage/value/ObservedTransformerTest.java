package cloud.gardener.apiserver.storage.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The transformations a resource's transformer reports, as upstream's prefix transformers record them for
 * {@code apiserver_storage_transformation_*}: one per prefix level (the key inside the provider's envelope, then the
 * envelope), {@code identity} for plaintext, failures under the prefix that failed, {@code unknown} for no match.
 */
class ObservedTransformerTest {

    private static final byte[] PLAIN = "{\"data\":{\"password\":\"hunter2\"}}".getBytes(StandardCharsets.UTF_8);
    private static final byte[] CTX = "/registry/secrets/ns/a".getBytes(StandardCharsets.UTF_8);
    private static final String A = Keys.randomBase64(32);
    private static final String B = Keys.randomBase64(32);

    /** One reported transformation, without its duration. */
    private record Seen(String type, String prefix, String status) {}

    private final List<Seen> seen = new ArrayList<>();
    private final List<Long> durations = new ArrayList<>();

    private Transformer observed(String providers) {
        Transformer t = ResourceTransformersTest.secrets(ResourceTransformersTest.config(providers));
        return new ObservedTransformer(t, (type, prefix, status, nanos) -> {
            seen.add(new Seen(type, prefix, status));
            durations.add(nanos);
        });
    }

    @Test
    void aWriteAndAReadReportTheKeyThenTheEnvelope() {
        Transformer t = observed("- aesgcm: {keys: [{name: key1, secret: %s}]}".formatted(A));
        byte[] stored = t.toStorage(PLAIN, CTX);
        assertThat(t.fromStorage(stored, CTX).data()).isEqualTo(PLAIN);
        assertThat(seen)
                .containsExactly(
                        new Seen("to_storage", "key1:", "OK"), new Seen("to_storage", "k8s:enc:aesgcm:v1:", "OK"),
                        new Seen("from_storage", "key1:", "OK"), new Seen("from_storage", "k8s:enc:aesgcm:v1:", "OK"));
        assertThat(durations).allSatisfy(nanos -> assertThat(nanos).isPositive());
        // the envelope's time includes its key's
        assertThat(durations.get(1)).isGreaterThanOrEqualTo(durations.get(0));
    }

    @Test
    void plaintextReadByAnIdentityProviderIsReportedAsIdentityAndItsWriteUnderTheEmptyPrefix() {
        Transformer t = observed("- identity: {}\n- aesgcm: {keys: [{name: key1, secret: %s}]}".formatted(A));
        t.fromStorage(t.toStorage(PLAIN, CTX), CTX);
        assertThat(seen).containsExactly(new Seen("to_storage", "", "OK"), new Seen("from_storage", "identity", "OK"));
    }

    @Test
    void aKeyNobodyHasIsAFailureOfTheEnvelopeAndAnUnknownKey() {
        byte[] foreign = observed("- aesgcm: {keys: [{name: other, secret: %s}]}".formatted(B))
                .toStorage(PLAIN, CTX);
        Transformer t = observed("- aesgcm: {keys: [{name: key1, secret: %s}]}".formatted(A));
        seen.clear();
        assertThatThrownBy(() -> t.fromStorage(foreign, CTX)).isInstanceOf(TransformException.class);
        assertThat(seen)
                .containsExactly(
                        new Seen("from_storage", "unknown", "unknown-non-grpc"),
                        new Seen("from_storage", "k8s:enc:aesgcm:v1:", "unknown-non-grpc"));
    }

    @Test
    void providersSharingAnEnvelopeAreAllTriedAsDuringKeyRotation() {
        // rotating from one aescbc provider to another: both share the envelope, only the second has the old key
        byte[] old = observed("- aescbc: {keys: [{name: key1, secret: %s}]}".formatted(A))
                .toStorage(PLAIN, CTX);
        Transformer t = observed("""
                - aescbc: {keys: [{name: key2, secret: %s}]}
                - aescbc: {keys: [{name: key1, secret: %s}]}""".formatted(B, A));
        seen.clear();
        Decrypted read = t.fromStorage(old, CTX);
        assertThat(read.data()).isEqualTo(PLAIN);
        assertThat(read.stale()).isTrue();
        assertThat(seen)
                .containsExactly(
                        new Seen("from_storage", "unknown", "unknown-non-grpc"),
                        new Seen("from_storage", "k8s:enc:aescbc:v1:", "unknown-non-grpc"),
                        new Seen("from_storage", "key1:", "OK"),
                        new Seen("from_storage", "k8s:enc:aescbc:v1:", "OK"));
    }
}

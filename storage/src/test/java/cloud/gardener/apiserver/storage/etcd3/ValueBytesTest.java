package cloud.gardener.apiserver.storage.etcd3;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.etcd.jetcd.api.KeyValue;
import io.etcd.jetcd.api.RangeResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ValueBytesTest {

    private static byte[] value(int size) {
        byte[] value = new byte[size];
        for (int i = 0; i < size; i++) {
            value[i] = (byte) i;
        }
        return value;
    }

    private static byte[] response(byte[] value) {
        return RangeResponse.newBuilder()
                .addKvs(KeyValue.newBuilder()
                        .setKey(ByteString.copyFromUtf8("/registry/configmaps/ns/name"))
                        .setValue(ByteString.copyFrom(value))
                        .setModRevision(7)
                        .setCreateRevision(3))
                .build()
                .toByteArray();
    }

    @Test
    void aParsedValueIsHandedOverNotCopiedAgain() throws IOException {
        byte[] value = value(8_600);
        // as gRPC parses: from a buffer of the whole message, and from a stream
        for (RangeResponse parsed : new RangeResponse[] {
            RangeResponse.parseFrom(response(value)), RangeResponse.parseFrom(new ByteArrayInputStream(response(value)))
        }) {
            ByteString parsedValue = parsed.getKvs(0).getValue();

            byte[] first = ValueBytes.of(parsedValue);

            assertThat(first).isEqualTo(value);
            assertThat(ValueBytes.of(parsedValue)).isSameAs(first);
        }
    }

    @Test
    void readsAndWatchEventsCarryTheParsedArray() throws IOException {
        byte[] value = value(8_600);
        KeyValue kv = RangeResponse.parseFrom(response(value)).getKvs(0);

        byte[] stored = EtcdStorage.stored("/registry/configmaps/ns/name", kv).value();

        assertThat(stored).isEqualTo(value);
        assertThat(EtcdStorage.stored("/registry/configmaps/ns/name", kv).value())
                .isSameAs(stored);
    }

    @Test
    void aValueThatIsPartOfALargerArrayOrOfSeveralIsCopied() {
        byte[] value = value(8_600);
        byte[] larger = new byte[value.length + 2];
        System.arraycopy(value, 0, larger, 1, value.length);
        ByteString slice = ByteString.copyFrom(larger).substring(1, 1 + value.length);
        ByteString rope = ByteString.copyFrom(value, 0, 100).concat(ByteString.copyFrom(value, 100, 8_500));

        for (ByteString held : new ByteString[] {slice, rope}) {
            byte[] bytes = ValueBytes.of(held);

            assertThat(bytes).isEqualTo(value);
            assertThat(bytes).isNotSameAs(ValueBytes.of(held));
        }
        // the array the slice is part of is left as it was
        assertThat(larger[0]).isZero();
        assertThat(larger[larger.length - 1]).isZero();
    }

    @Test
    void anEmptyValueIsEmpty() {
        assertThat(ValueBytes.of(ByteString.EMPTY)).isEmpty();
        assertThat(ValueBytes.of(KeyValue.getDefaultInstance().getValue())).isEmpty();
    }
}

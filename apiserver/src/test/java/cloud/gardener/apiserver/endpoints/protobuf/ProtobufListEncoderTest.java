package cloud.gardener.apiserver.endpoints.protobuf;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.buffer.Buffer;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Every list kind with a protobuf form streams: its items are its last field, a list of messages, so an empty page
 * (with resourceVersion and continue token) is the whole encoding's bytes.
 */
class ProtobufListEncoderTest {

    @Test
    void everyProtobufListKindStreamsItsEmptyPageAsTheWholeEncoding() {
        List<GroupVersionKind> lists = ProtobufRoundTripTest.servedKinds()
                .filter(k -> k.kind().endsWith("List") && ProtobufCodec.supports(k))
                .toList();
        assertThat(lists).hasSizeGreaterThan(20);
        for (GroupVersionKind kind : lists) {
            ObjectNode head = JsonNodeFactory.instance.objectNode();
            head.put("kind", kind.kind());
            head.put("apiVersion", kind.apiVersion());
            head.putObject("metadata").put("resourceVersion", "12").put("continue", "abc");
            head.putArray("items");
            ProtobufListEncoder<JsonNode> encoder = new ProtobufListEncoder<>(head, List.of(), Function.identity());
            Buffer all = Buffer.buffer();
            while (!encoder.done()) {
                all.appendBuffer(encoder.next(1024));
            }
            assertThat(all.getBytes()).as(kind.toString()).isEqualTo(ProtobufCodec.encode(head));
        }
    }
}

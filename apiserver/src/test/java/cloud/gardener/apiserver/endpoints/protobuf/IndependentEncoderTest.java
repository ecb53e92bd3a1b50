package cloud.gardener.apiserver.endpoints.protobuf;

import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.CONFIG_MAP;
import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.EXPOSURE_CLASS;
import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.OBJECT_META;
import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.TIME;
import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.UNKNOWN;
import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.WATCH_EVENT;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The codec against protobuf-java's {@code DynamicMessage} driven by descriptors of the published proto definitions
 * ({@link GoProtoDescriptors}): bodies that encoder writes decode to the JSON Go would give, and the codec's bodies
 * are, byte for byte, what that encoder writes for the fields Go's generated code writes (every non-pointer string
 * and number, even when empty; pointers only when set; map entries sorted by key).
 */
class IndependentEncoderTest {

    private static final GroupVersionKind CONFIG_MAP_KIND = new GroupVersionKind("", "v1", "ConfigMap");
    private static final GroupVersionKind EXPOSURE_CLASS_KIND =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "ExposureClass");
    private static final byte[] MAGIC = {'k', '8', 's', 0};

    @Test
    void aConfigMapFromTheIndependentEncoderDecodes() throws Exception {
        Message meta = build(OBJECT_META, "name", "settings", "namespace", "team-a", "generation", 0L,
                "creationTimestamp", build(TIME, "seconds", 1700000000L, "nanos", 0));
        Message configMap = DynamicMessage.newBuilder(CONFIG_MAP)
                .setField(CONFIG_MAP.findFieldByName("metadata"), meta)
                .addRepeatedField(CONFIG_MAP.findFieldByName("data"), entry(CONFIG_MAP, "data", "log.level", "debug"))
                .addRepeatedField(CONFIG_MAP.findFieldByName("binaryData"),
                        entry(CONFIG_MAP, "binaryData", "logo.png", ByteString.copyFrom(new byte[]{(byte) 0x89, 'P'})))
                .setField(CONFIG_MAP.findFieldByName("immutable"), true)
                .build();

        JsonNode decoded = ProtobufCodec.decode(body("v1", "ConfigMap", configMap), CONFIG_MAP_KIND);

        assertThat(decoded).isEqualTo(Json.MAPPER.readTree("""
                {"kind":"ConfigMap","apiVersion":"v1",
                 "metadata":{"name":"settings","namespace":"team-a","creationTimestamp":"2023-11-14T22:13:20Z"},
                 "immutable":true,"data":{"log.level":"debug"},"binaryData":{"logo.png":"iVA="}}"""));
    }

    @Test
    void aConfigMapIsWrittenAsGoWritesIt() throws Exception {
        JsonNode json = Json.MAPPER.readTree("""
                {"kind":"ConfigMap","apiVersion":"v1",
                 "metadata":{"name":"settings","namespace":"team-a","uid":"6f1b","resourceVersion":"17",
                             "creationTimestamp":"2023-11-14T22:13:20Z","labels":{"tier":"web","app":"shop"}},
                 "data":{"b":"2","a":"1"}}""");

        byte[] body = ProtobufCodec.encode(json, CONFIG_MAP_KIND);

        Message meta = build(OBJECT_META, "name", "settings", "generateName", "", "namespace", "team-a",
                "selfLink", "", "uid", "6f1b", "resourceVersion", "17", "generation", 0L,
                "creationTimestamp", build(TIME, "seconds", 1700000000L, "nanos", 0));
        meta = meta.toBuilder()
                .addRepeatedField(OBJECT_META.findFieldByName("labels"), entry(OBJECT_META, "labels", "app", "shop"))
                .addRepeatedField(OBJECT_META.findFieldByName("labels"), entry(OBJECT_META, "labels", "tier", "web"))
                .build();
        Message expected = DynamicMessage.newBuilder(CONFIG_MAP)
                .setField(CONFIG_MAP.findFieldByName("metadata"), meta)
                .addRepeatedField(CONFIG_MAP.findFieldByName("data"), entry(CONFIG_MAP, "data", "a", "1"))
                .addRepeatedField(CONFIG_MAP.findFieldByName("data"), entry(CONFIG_MAP, "data", "b", "2"))
                .build();
        assertThat(body).isEqualTo(body("v1", "ConfigMap", expected));
    }

    @Test
    void anExposureClassIsWrittenAsGoWritesItAndReadsBack() throws Exception {
        JsonNode json = Json.MAPPER.readTree("""
                {"kind":"ExposureClass","apiVersion":"core.gardener.cloud/v1beta1",
                 "metadata":{"name":"internet"},
                 "handler":"internet-config",
                 "scheduling":{"seedSelector":{"matchLabels":{"network":"internet"},
                                               "matchExpressions":[{"key":"zone","operator":"In","values":["a","b"]}]},
                               "tolerations":[{"key":"exposure","value":"public"},{"key":"any"}]}}""");

        byte[] body = ProtobufCodec.encode(json, EXPOSURE_CLASS_KIND);

        Descriptor scheduling = EXPOSURE_CLASS.findFieldByName("scheduling").getMessageType();
        Descriptor seedSelector = scheduling.findFieldByName("seedSelector").getMessageType();
        Descriptor labelSelector = seedSelector.findFieldByName("labelSelector").getMessageType();
        Descriptor requirement = labelSelector.findFieldByName("matchExpressions").getMessageType();
        Descriptor toleration = scheduling.findFieldByName("tolerations").getMessageType();
        Message selector = DynamicMessage.newBuilder(labelSelector)
                .addRepeatedField(labelSelector.findFieldByName("matchLabels"),
                        entry(labelSelector, "matchLabels", "network", "internet"))
                .addRepeatedField(labelSelector.findFieldByName("matchExpressions"),
                        build(requirement, "key", "zone", "operator", "In", "values", List.of("a", "b")))
                .build();
        Message expected = build(EXPOSURE_CLASS,
                "metadata", build(OBJECT_META, "name", "internet", "generateName", "", "namespace", "", "selfLink", "",
                        "uid", "", "resourceVersion", "", "generation", 0L, "creationTimestamp", build(TIME)),
                "handler", "internet-config",
                "scheduling", build(scheduling,
                        "seedSelector", build(seedSelector, "labelSelector", selector),
                        // Toleration.value is a *string: left out when nil
                        "tolerations", List.of(build(toleration, "key", "exposure", "value", "public"),
                                build(toleration, "key", "any"))));
        assertThat(body).isEqualTo(body("core.gardener.cloud/v1beta1", "ExposureClass", expected));
        assertThat(ProtobufCodec.decode(body, EXPOSURE_CLASS_KIND)).isEqualTo(json);
    }

    @Test
    void aWatchFrameIsALengthAndAWatchEventHoldingTheBody() throws Exception {
        byte[] object = ProtobufCodec.encode(Json.MAPPER.readTree(
                "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"c\"}}"), CONFIG_MAP_KIND);

        byte[] frame = ProtobufCodec.watchFrame("ADDED", object);

        int length = ((frame[0] & 0xff) << 24) | ((frame[1] & 0xff) << 16) | ((frame[2] & 0xff) << 8) | (frame[3] & 0xff);
        assertThat(length).isEqualTo(frame.length - 4);
        DynamicMessage event = DynamicMessage.parseFrom(WATCH_EVENT, Arrays.copyOfRange(frame, 4, frame.length));
        assertThat(event.getField(WATCH_EVENT.findFieldByName("type"))).isEqualTo("ADDED");
        Message raw = (Message) event.getField(WATCH_EVENT.findFieldByName("object"));
        assertThat(((ByteString) raw.getField(raw.getDescriptorForType().findFieldByName("raw"))).toByteArray())
                .isEqualTo(object);
        assertThat(event.getUnknownFields().asMap()).isEmpty();
    }

    /** A message with fields set by name; lists become repeated fields. */
    private static Message build(Descriptor type, Object... namesAndValues) {
        DynamicMessage.Builder b = DynamicMessage.newBuilder(type);
        for (int i = 0; i < namesAndValues.length; i += 2) {
            var field = type.findFieldByName((String) namesAndValues[i]);
            if (namesAndValues[i + 1] instanceof List<?> items) {
                items.forEach(item -> b.addRepeatedField(field, item));
            } else {
                b.setField(field, namesAndValues[i + 1]);
            }
        }
        return b.build();
    }

    private static Message entry(Descriptor owner, String field, String key, Object value) {
        Descriptor entry = owner.findFieldByName(field).getMessageType();
        return build(entry, "key", key, "value", value);
    }

    /** The protobuf serializer's body around a message, as the independent encoder writes it. */
    private static byte[] body(String apiVersion, String kind, Message object) {
        Message unknown = DynamicMessage.newBuilder(UNKNOWN)
                .setField(UNKNOWN.findFieldByName("typeMeta"),
                        build(GoProtoDescriptors.TYPE_META, "apiVersion", apiVersion, "kind", kind))
                .setField(UNKNOWN.findFieldByName("raw"), object.toByteString())
                .setField(UNKNOWN.findFieldByName("contentEncoding"), "")
                .setField(UNKNOWN.findFieldByName("contentType"), "")
                .build();
        byte[] bytes = unknown.toByteArray();
        byte[] out = Arrays.copyOf(MAGIC, MAGIC.length + bytes.length);
        System.arraycopy(bytes, 0, out, MAGIC.length, bytes.length);
        return out;
    }
}

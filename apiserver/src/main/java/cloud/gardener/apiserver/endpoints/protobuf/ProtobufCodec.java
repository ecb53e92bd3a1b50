package cloud.gardener.apiserver.endpoints.protobuf;

import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Kubernetes protobuf ({@value #MEDIA_TYPE}) for every kind whose records carry their field numbers: JSON trees (the
 * form this server keeps objects in) to protobuf bodies and back, through the kind's record, so that both directions
 * follow Go's struct semantics (pointers, omitempty, zero values) exactly as the JSON codec does. Bodies are the
 * protobuf serializer's: {@code k8s\0} and a {@code runtime.Unknown} envelope; watch streams are length-prefixed
 * {@code metav1.WatchEvent} frames whose object is such a body.
 */
public final class ProtobufCodec {

    public static final String MEDIA_TYPE = "application/vnd.kubernetes.protobuf";
    /** The Content-Type of a protobuf watch stream. */
    public static final String WATCH_MEDIA_TYPE = MEDIA_TYPE + ";stream=watch";

    private ProtobufCodec() {}

    /** Whether objects of this kind are read and written as protobuf (else protobuf is 406/415 for them). */
    public static boolean supports(GroupVersionKind gvk) {
        return ProtobufKinds.numbered(gvk).isPresent();
    }

    /**
     * Decodes a body as the message of {@code into}. The result's {@code kind} and {@code apiVersion} are the
     * envelope's, with empty parts defaulted from {@code into} as the protobuf serializer does; checking them
     * against the endpoint is the caller's business, as for JSON.
     *
     * @throws ProtobufDecodingException when the body is not a Kubernetes protobuf message of that shape
     * @throws IllegalArgumentException  when {@code into} is not {@linkplain #supports(GroupVersionKind) supported}
     */
    public static ObjectNode decode(byte[] body, GroupVersionKind into) throws ProtobufDecodingException {
        Class<?> type = ProtobufKinds.numbered(into)
                .orElseThrow(() -> new IllegalArgumentException("no protobuf form for " + into));
        Envelope envelope = Envelope.parse(body);
        GroupVersionKind actual = withDefaults(envelope, into);
        TypeMeta typeMeta = new TypeMeta(actual.kind(), actual.version().isEmpty() ? "" : actual.apiVersion());
        return ModelCodec.encode(MessageReader.read(type, envelope.raw(), typeMeta));
    }

    /**
     * Encodes an object (or list) of a {@linkplain #supports(GroupVersionKind) supported} kind; the envelope names
     * the object's own {@code kind} and {@code apiVersion}, or {@code gvk}'s where it has none.
     *
     * @throws IllegalArgumentException when {@code gvk} has no protobuf form
     * @throws IllegalStateException    when the object does not fit the kind's record (a 500)
     */
    public static byte[] encode(JsonNode object, GroupVersionKind gvk) {
        Class<?> type = ProtobufKinds.numbered(gvk)
                .orElseThrow(() -> new IllegalArgumentException("no protobuf form for " + gvk));
        Object record;
        try {
            record = ModelCodec.decode(object, type).value();
        } catch (DecodeException e) {
            // a stored or built object that does not fit its model is the server's fault, not the client's
            throw new IllegalStateException(gvk + " does not fit its model: " + e.getMessage(), e);
        }
        String kind = object.path("kind").asText("");
        String apiVersion = object.path("apiVersion").asText("");
        return Envelope.write(
                apiVersion.isEmpty() ? gvk.apiVersion() : apiVersion,
                kind.isEmpty() ? gvk.kind() : kind,
                MessageWriter.write(record));
    }

    /** {@link #encode(JsonNode, GroupVersionKind)} with the object's own {@code apiVersion} and {@code kind}. */
    public static byte[] encode(JsonNode object) {
        return encode(object, gvkOf(object));
    }

    /** The kind an object names ({@code apiVersion} split as Go's {@code ParseGroupVersion}). */
    public static GroupVersionKind gvkOf(JsonNode object) {
        return GroupVersionKind.of(
                object.path("apiVersion").asText(""), object.path("kind").asText(""));
    }

    /**
     * One event of a protobuf watch: the {@code metav1.WatchEvent} {type = 1, object = 2 (a RawExtension whose raw is
     * the object's protobuf body, envelope included)}, as the protobuf stream serializer writes it (no envelope around
     * the event itself). A WebSocket message carries one event as it is.
     */
    public static byte[] watchEvent(String type, byte[] objectBody) {
        try {
            ByteString.Output raw = ByteString.newOutput(objectBody.length + 8);
            CodedOutputStream rawOut = CodedOutputStream.newInstance(raw);
            rawOut.writeByteArray(1, objectBody);
            rawOut.flush();
            ByteString.Output event = ByteString.newOutput(objectBody.length + 32);
            CodedOutputStream out = CodedOutputStream.newInstance(event);
            out.writeString(1, type);
            out.writeBytes(2, raw.toByteString());
            out.flush();
            return event.toByteString().toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // writes to memory only
        }
    }

    /** A watch event in a chunked stream: 4-byte big-endian length, then {@link #watchEvent(String, byte[])}. */
    public static byte[] watchFrame(String type, byte[] objectBody) {
        byte[] message = watchEvent(type, objectBody);
        byte[] frame = new byte[message.length + 4];
        frame[0] = (byte) (message.length >>> 24);
        frame[1] = (byte) (message.length >>> 16);
        frame[2] = (byte) (message.length >>> 8);
        frame[3] = (byte) message.length;
        System.arraycopy(message, 0, frame, 4, message.length);
        return frame;
    }

    /** {@code copyKindDefaults}: an empty kind, or an empty version (with its group), is taken from {@code into}. */
    private static GroupVersionKind withDefaults(Envelope envelope, GroupVersionKind into) {
        String group = "";
        String version = "";
        String apiVersion = envelope.apiVersion();
        int slash = apiVersion.indexOf('/');
        if (slash < 0) {
            version = apiVersion;
        } else if (apiVersion.indexOf('/', slash + 1) < 0) {
            group = apiVersion.substring(0, slash);
            version = apiVersion.substring(slash + 1);
        } // more than one slash does not parse: the whole apiVersion counts as empty, as in Go
        if (version.isEmpty()) {
            group = into.group();
            version = into.version();
        }
        String kind = envelope.kind().isEmpty() ? into.kind() : envelope.kind();
        return new GroupVersionKind(group, version, kind);
    }
}

package cloud.gardener.apiserver.endpoints.protobuf;

import java.util.Arrays;

/**
 * A Kubernetes protobuf body: the magic {@code k8s\0}, then a {@code runtime.Unknown} whose {@code raw} holds the
 * object's own message and whose {@code typeMeta} names its kind.
 */
@SuppressWarnings("ArrayRecordComponent") // carries bytes through, unshared; never compared or hashed as a whole
record Envelope(String apiVersion, String kind, byte[] raw, String contentEncoding, String contentType) {

    static final byte[] MAGIC = {'k', '8', 's', 0};

    /** Parses a body; the messages are the protobuf serializer's. */
    static Envelope parse(byte[] body) throws ProtobufDecodingException {
        if (body == null || body.length == 0) {
            throw new ProtobufDecodingException("empty data");
        }
        if (body.length < MAGIC.length || !Arrays.equals(body, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new ProtobufDecodingException(
                    "provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]");
        }
        if (body.length == MAGIC.length) {
            throw new ProtobufDecodingException("empty body");
        }
        DecodedMessage unknown = WireDecoder.decode(KubernetesMessages.UNKNOWN,
                Arrays.copyOfRange(body, MAGIC.length, body.length));
        DecodedMessage typeMeta = unknown.message(1);
        return new Envelope(typeMeta.string(1), typeMeta.string(2), unknown.bytes(2), unknown.string(3),
                unknown.string(4));
    }
}

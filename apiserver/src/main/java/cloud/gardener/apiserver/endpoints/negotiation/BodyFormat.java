package cloud.gardener.apiserver.endpoints.negotiation;

import cloud.gardener.apiserver.api.meta.ApiException;
import java.util.Locale;

/**
 * The format of a create/update (and DeleteOptions) request body, from its {@code Content-Type} as
 * {@code NegotiateInputSerializer} decides: parameters are ignored, an empty header means JSON, a malformed or
 * unknown type is 415, listing what this body could have been. {@code application/cbor} is unknown, as for
 * kube-apiserver 1.32 with its {@code CBORServingAndStorage} feature off (clients that prefer CBOR fall back to JSON
 * on the 415).
 */
public enum BodyFormat {
    JSON("application/json"),
    YAML("application/yaml"),
    /** Kubernetes protobuf; only for kinds with a decoder (see {@link #fromContentType(String, boolean)}). */
    PROTOBUF("application/vnd.kubernetes.protobuf");

    /** The 415 message for bodies of kinds with a protobuf decoder. */
    public static final String UNSUPPORTED_MESSAGE = unsupportedMessage(true);

    /** The 415 message for bodies of kinds without one: only JSON and YAML are read. */
    public static final String UNSUPPORTED_MESSAGE_NO_PROTOBUF = unsupportedMessage(false);

    private final String mediaType;

    BodyFormat(String mediaType) {
        this.mediaType = mediaType;
    }

    public String mediaType() {
        return mediaType;
    }

    /**
     * JSON or YAML; protobuf is 415 here, for bodies that have no protobuf decoder.
     *
     * @param contentType the Content-Type header, null or empty for none
     * @throws ApiException 415 UnsupportedMediaType
     */
    public static BodyFormat fromContentType(String contentType) {
        return fromContentType(contentType, false);
    }

    /**
     * Returns the format of a request body.
     *
     * @param contentType       the Content-Type header, null or empty for none
     * @param protobufDecodable whether the body's kind has a protobuf decoder; without one, protobuf is 415 with
     *                          the same message as any unknown type
     * @throws ApiException 415 UnsupportedMediaType
     */
    public static BodyFormat fromContentType(String contentType, boolean protobufDecodable) {
        if (contentType == null || contentType.isEmpty()) {
            return JSON;
        }
        String essence;
        try {
            essence = MediaType.parse(contentType).essence().toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            throw ApiException.unsupportedMediaType(unsupportedMessage(protobufDecodable));
        }
        for (BodyFormat f : values()) {
            if (f.mediaType.equals(essence) && (f != PROTOBUF || protobufDecodable)) {
                return f;
            }
        }
        throw ApiException.unsupportedMediaType(unsupportedMessage(protobufDecodable));
    }

    /** {@code NewUnsupportedMediaTypeError} over the types this body may have, in the codec factory's order. */
    private static String unsupportedMessage(boolean protobufDecodable) {
        return "the body of the request was in an unknown format - accepted media types include: "
                + (protobufDecodable
                        ? JSON.mediaType + ", " + YAML.mediaType + ", " + PROTOBUF.mediaType
                        : JSON.mediaType + ", " + YAML.mediaType);
    }
}

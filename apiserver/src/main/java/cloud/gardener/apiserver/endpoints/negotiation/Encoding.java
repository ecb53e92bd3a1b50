package cloud.gardener.apiserver.endpoints.negotiation;

/**
 * The serializations this server writes responses in. Protobuf only for kinds that have a protobuf form (see
 * {@code ProtobufCodec}), and for Status.
 */
public enum Encoding {
    JSON("application/json"),
    YAML("application/yaml"),
    PROTOBUF("application/vnd.kubernetes.protobuf");

    private final String mediaType;

    Encoding(String mediaType) {
        this.mediaType = mediaType;
    }

    /** The response {@code Content-Type}; conversions ({@code as=Table}) do not change it. */
    public String mediaType() {
        return mediaType;
    }
}

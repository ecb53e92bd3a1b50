package cloud.gardener.apiserver.endpoints.negotiation;

/** The serializations this server writes responses in. Protobuf is not served. */
public enum Encoding {
    JSON("application/json"),
    YAML("application/yaml");

    private final String mediaType;

    Encoding(String mediaType) {
        this.mediaType = mediaType;
    }

    /** The response {@code Content-Type}; conversions ({@code as=Table}) do not change it. */
    public String mediaType() {
        return mediaType;
    }
}

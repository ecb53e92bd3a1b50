package cloud.gardener.apiserver.endpoints.negotiation;

/** What the response object is converted to before encoding ({@code as=} in the Accept clause). */
public enum ConversionTarget {
    /** No conversion: the object (or list) itself. */
    NONE(null),
    /** {@code meta.k8s.io Table}. */
    TABLE("Table"),
    /** {@code meta.k8s.io PartialObjectMetadata}: kind, apiVersion and metadata only. */
    PARTIAL_OBJECT_METADATA("PartialObjectMetadata"),
    /** {@code meta.k8s.io PartialObjectMetadataList}. */
    PARTIAL_OBJECT_METADATA_LIST("PartialObjectMetadataList");

    private final String kind;

    ConversionTarget(String kind) {
        this.kind = kind;
    }

    /** The {@code as=} value and the kind of the converted object; null for {@link #NONE}. */
    public String kind() {
        return kind;
    }

    static ConversionTarget ofKind(String kind) {
        for (ConversionTarget t : values()) {
            if (t.kind != null && t.kind.equals(kind)) {
                return t;
            }
        }
        return null;
    }
}

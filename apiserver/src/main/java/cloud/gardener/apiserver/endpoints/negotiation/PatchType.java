package cloud.gardener.apiserver.endpoints.negotiation;

import cloud.gardener.apiserver.api.meta.ApiException;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The patch types a PATCH may carry, chosen by {@code Content-Type}. As in {@code PatchResource}, whatever
 * follows the first {@code ;} is dropped and the rest must match exactly (case-sensitive, no trimming).
 */
public enum PatchType {
    JSON_PATCH("application/json-patch+json"),
    MERGE_PATCH("application/merge-patch+json"),
    STRATEGIC_MERGE("application/strategic-merge-patch+json"),
    APPLY("application/apply-patch+yaml");

    /** The 415 message, listing the patch types in Kubernetes' order. */
    public static final String UNSUPPORTED_MESSAGE = "the body of the request was in an unknown format - "
            + "accepted media types include: "
            + Arrays.stream(values()).map(PatchType::mediaType).collect(Collectors.joining(", "));

    private final String mediaType;

    PatchType(String mediaType) {
        this.mediaType = mediaType;
    }

    public String mediaType() {
        return mediaType;
    }

    public boolean isApply() {
        return this == APPLY;
    }

    /**
     * Returns the patch type a Content-Type header names.
     *
     * @param contentType the Content-Type header, null for none
     * @throws ApiException 415 UnsupportedMediaType
     */
    public static PatchType fromContentType(String contentType) {
        String type = contentType == null ? "" : contentType;
        int semi = type.indexOf(';');
        if (semi > 0) {
            type = type.substring(0, semi);
        }
        for (PatchType p : values()) {
            if (p.mediaType.equals(type)) {
                return p;
            }
        }
        throw ApiException.unsupportedMediaType(UNSUPPORTED_MESSAGE);
    }
}

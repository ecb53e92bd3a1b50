package cloud.gardener.apiserver.endpoints.negotiation;

import cloud.gardener.apiserver.api.meta.ApiException;
import java.util.function.Supplier;

/**
 * The outcome of Accept negotiation for a response.
 *
 * @param encoding      JSON or YAML (a Table or PartialObjectMetadata is encoded in it too)
 * @param target        the conversion asked for with {@code as=}
 * @param targetVersion {@code v1} or {@code v1beta1} of {@code meta.k8s.io} for a conversion; null for none
 * @param pretty        whether to indent the output ({@code pretty=1} in the clause, {@code ?pretty=true}, or a
 *                      browser/curl/wget User-Agent)
 */
public record OutputFormat(Encoding encoding, ConversionTarget target, String targetVersion, boolean pretty) {

    public static final OutputFormat JSON = new OutputFormat(Encoding.JSON, ConversionTarget.NONE, null, false);

    /** The {@code apiVersion} of a converted object, e.g. {@code meta.k8s.io/v1}; null without conversion. */
    public String targetApiVersion() {
        return targetVersion == null ? null : "meta.k8s.io/" + targetVersion;
    }

    public boolean isTable() {
        return target == ConversionTarget.TABLE;
    }

    public boolean isConversion() {
        return target != ConversionTarget.NONE;
    }

    /** The response {@code Content-Type} (plain, without the {@code as=} parameters). */
    public String contentType() {
        return encoding.mediaType();
    }

    public OutputFormat withPretty(boolean value) {
        return new OutputFormat(encoding, target, targetVersion, value);
    }

    /**
     * Checks, once the result is known, that a PartialObjectMetadata conversion fits its shape: singular for
     * an object, List for a list. Table and no conversion fit both. Not for watch events: Kubernetes sends an
     * event's object unconverted when this does not fit.
     *
     * @param isList     whether the result is a list
     * @param goTypeName what Kubernetes prints with {@code %T}, e.g. {@code *core.ShootList}
     * @throws ApiException 406 with Kubernetes' message
     */
    public void checkShape(boolean isList, String goTypeName) {
        checkShape(isList, () -> goTypeName);
    }

    /** {@link #checkShape(boolean, String)}, the type's name made only for the error (the answers pass). */
    public void checkShape(boolean isList, Supplier<String> goTypeName) {
        if (target == ConversionTarget.PARTIAL_OBJECT_METADATA && isList) {
            throw ApiException.notAcceptable("you requested PartialObjectMetadata, but the requested object is a list ("
                    + goTypeName.get() + ")");
        }
        if (target == ConversionTarget.PARTIAL_OBJECT_METADATA_LIST && !isList) {
            throw ApiException.notAcceptable(
                    "you requested PartialObjectMetadataList, but the requested object is not a list ("
                            + goTypeName.get()
                            + ")");
        }
    }

    /**
     * Whether watch event objects get this conversion. Each event carries one object, so a
     * PartialObjectMetadataList conversion fails for it and Kubernetes sends the object as it is.
     */
    public boolean convertsWatchEvents() {
        return target != ConversionTarget.PARTIAL_OBJECT_METADATA_LIST;
    }
}

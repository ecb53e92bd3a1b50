package cloud.gardener.apiserver.storage.value;

/**
 * Told about each value transformation of one resource, for k8s.io/apiserver's
 * {@code apiserver_storage_transformation_*} metrics; called on the caller's thread, so it must not block.
 */
@FunctionalInterface
public interface TransformationObserver {

    TransformationObserver NONE = (type, prefix, status, elapsedNanos) -> {};

    /**
     * Records one transformation.
     *
     * @param transformationType {@code from_storage} or {@code to_storage}
     * @param transformerPrefix  the prefix of the transformer that did it ({@code k8s:enc:aesgcm:v1:}, a key's
     *                           {@code key1:}), {@code identity} for the empty prefix, {@code unknown} when no
     *                           prefix matched
     * @param status             {@code OK}, or upstream's {@code unknown-non-grpc} for a failure
     */
    void transformed(String transformationType, String transformerPrefix, String status, long elapsedNanos);
}

package cloud.gardener.apiserver.storage.value;

/**
 * A resource's transformer whose transformations are reported to an observer bound to that resource: the prefix
 * transformers inside it report each transformation they make, as upstream's {@code prefixTransformers} record
 * theirs.
 */
public record ObservedTransformer(Transformer transformer, TransformationObserver observer) implements Transformer {

    @Override
    public Decrypted fromStorage(byte[] stored, byte[] context) {
        return transformer.fromStorage(stored, context, observer);
    }

    @Override
    public byte[] toStorage(byte[] data, byte[] context) {
        return transformer.toStorage(data, context, observer);
    }
}

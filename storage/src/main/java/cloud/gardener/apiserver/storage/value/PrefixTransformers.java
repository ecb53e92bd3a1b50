package cloud.gardener.apiserver.storage.value;

import java.util.Arrays;
import java.util.List;

/**
 * An ordered choice of transformers by stored prefix, as kube-apiserver's {@code prefixTransformers}:
 * the first one writes (its prefix, then its output); a read goes to the first whose prefix the value
 * starts with. A value read by any but the first is stale. An empty-prefix (identity) transformer that
 * refuses a value lets the later ones try, so {@code [identity, aesgcm]} still reads encrypted data.
 */
public final class PrefixTransformers implements Transformer {

    private final List<PrefixTransformer> transformers;
    private final byte[][] prefixes;
    private final String noMatch;

    /**
     * @param noMatch      the error when no prefix matches
     * @param transformers in order; the first writes
     */
    public PrefixTransformers(String noMatch, List<PrefixTransformer> transformers) {
        if (transformers.isEmpty()) {
            throw new IllegalArgumentException("at least one transformer is required");
        }
        this.transformers = List.copyOf(transformers);
        this.prefixes = this.transformers.stream().map(PrefixTransformer::prefixBytes).toArray(byte[][]::new);
        this.noMatch = noMatch;
    }

    public List<PrefixTransformer> transformers() {
        return transformers;
    }

    @Override
    public Decrypted fromStorage(byte[] stored, byte[] context) {
        for (int i = 0; i < prefixes.length; i++) {
            byte[] prefix = prefixes[i];
            if (!startsWith(stored, prefix)) {
                continue;
            }
            byte[] rest = prefix.length == 0 ? stored : Arrays.copyOfRange(stored, prefix.length, stored.length);
            Decrypted result;
            try {
                result = transformers.get(i).transformer().fromStorage(rest, context);
            } catch (TransformException e) {
                if (prefix.length == 0) {
                    continue;
                }
                throw e;
            }
            return i == 0 ? result : new Decrypted(result.data(), true);
        }
        throw new TransformException(noMatch);
    }

    @Override
    public byte[] toStorage(byte[] data, byte[] context) {
        byte[] prefix = prefixes[0];
        byte[] out = transformers.get(0).transformer().toStorage(data, context);
        if (prefix.length == 0) {
            return out;
        }
        byte[] stored = Arrays.copyOf(prefix, prefix.length + out.length);
        System.arraycopy(out, 0, stored, prefix.length, out.length);
        return stored;
    }

    static boolean startsWith(byte[] data, byte[] prefix) {
        return data.length >= prefix.length && Arrays.equals(data, 0, prefix.length, prefix, 0, prefix.length);
    }
}

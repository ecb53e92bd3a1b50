package cloud.gardener.apiserver.storage.value;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An ordered choice of transformers by stored prefix, as kube-apiserver's {@code prefixTransformers}:
 * the first one writes (its prefix, then its output); a read goes to the first whose prefix the value
 * starts with (a failure there lets the later ones try too). A value read by any but the first is stale. An
 * empty-prefix (identity) transformer that refuses a value lets the later ones try, so {@code [identity, aesgcm]}
 * still reads encrypted data.
 */
public final class PrefixTransformers implements Transformer {

    static final String FROM_STORAGE = "from_storage";
    static final String TO_STORAGE = "to_storage";
    static final String OK = "OK";
    /** upstream's status of a failure that is not a gRPC error (no KMS here) */
    static final String FAILED = "unknown-non-grpc";

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
        this.prefixes =
                this.transformers.stream().map(PrefixTransformer::prefixBytes).toArray(byte[][]::new);
        this.noMatch = noMatch;
    }

    public List<PrefixTransformer> transformers() {
        return transformers;
    }

    @Override
    public Decrypted fromStorage(byte[] stored, byte[] context) {
        return fromStorage(stored, context, TransformationObserver.NONE);
    }

    @Override
    public byte[] toStorage(byte[] data, byte[] context) {
        return toStorage(data, context, TransformationObserver.NONE);
    }

    /**
     * As upstream: a failure under a matching non-empty prefix does not end the search, since several providers may
     * share a prefix with different keys (the one rotated to and the one rotated away from); the failures are
     * reported together when nothing read the value. Each transformation is reported under the prefix that matched.
     */
    @Override
    public Decrypted fromStorage(byte[] stored, byte[] context, TransformationObserver observer) {
        long start = System.nanoTime();
        List<TransformException> errors = null;
        for (int i = 0; i < prefixes.length; i++) {
            byte[] prefix = prefixes[i];
            if (!startsWith(stored, prefix)) {
                continue;
            }
            byte[] rest = prefix.length == 0 ? stored : Arrays.copyOfRange(stored, prefix.length, stored.length);
            String label = prefix.length == 0 ? "identity" : transformers.get(i).prefix();
            Decrypted result;
            try {
                result = transformers.get(i).transformer().fromStorage(rest, context, observer);
            } catch (TransformException e) {
                if (prefix.length == 0) {
                    continue;
                }
                observer.transformed(FROM_STORAGE, label, FAILED, System.nanoTime() - start);
                if (errors == null) {
                    errors = new ArrayList<>();
                }
                errors.add(e);
                continue;
            }
            observer.transformed(FROM_STORAGE, label, OK, System.nanoTime() - start);
            return i == 0 ? result : new Decrypted(result.data(), true);
        }
        if (errors != null) {
            throw errors.size() == 1
                    ? errors.get(0)
                    : new TransformException(
                            errors.stream().map(Throwable::getMessage).collect(Collectors.joining(", ", "[", "]")));
        }
        observer.transformed(FROM_STORAGE, "unknown", FAILED, System.nanoTime() - start);
        throw new TransformException(noMatch);
    }

    @Override
    public byte[] toStorage(byte[] data, byte[] context, TransformationObserver observer) {
        long start = System.nanoTime();
        byte[] prefix = prefixes[0];
        PrefixTransformer first = transformers.get(0);
        byte[] out;
        try {
            out = first.transformer().toStorage(data, context, observer);
        } catch (TransformException e) {
            observer.transformed(TO_STORAGE, first.prefix(), FAILED, System.nanoTime() - start);
            throw e;
        }
        observer.transformed(TO_STORAGE, first.prefix(), OK, System.nanoTime() - start);
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

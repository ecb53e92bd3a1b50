package cloud.gardener.apiserver.admission;

import cloud.gardener.apiserver.api.model.ModelCodec.WrittenPaths;
import io.vertx.core.Future;
import java.util.List;

/**
 * What a mutating plugin's admit did to the request's object tree: the chain decodes the object's record again after a
 * plugin that {@link #WROTE} (or answered null), and shares the record it has after one that wrote {@link #NONE}. A
 * plugin that knows where it wrote says so ({@link #at}): the record is then decoded again from those places
 * alone, the rest of the object taken as the record the chain had.
 */
public final class Mutation {

    /** The tree may have changed anywhere (a plugin that cannot tell answers this). */
    public static final Mutation WROTE = new Mutation(null);

    /** The plugin left the tree exactly as it received it: not a node added, removed or set. */
    public static final Mutation NONE = new Mutation(List.of());

    private static final Future<Mutation> WROTE_FUTURE = WROTE.answer;
    private static final Future<Mutation> NONE_FUTURE = NONE.answer;

    /** The paths (member names from the root) under which the tree may have changed, or null: anywhere. */
    private final List<List<String>> written;

    /** {@link #written} as the decoding walks it, or null. */
    private final WrittenPaths places;

    /** This mutation as a succeeded admit, made once: a plugin keeps its mutations in constants. */
    private final Future<Mutation> answer;

    private Mutation(List<List<String>> written) {
        this.written = written;
        this.places = written == null ? null : WrittenPaths.of(written);
        this.answer = Future.succeededFuture(this);
    }

    /** An admit that may have written the tree, succeeded. */
    public static Future<Mutation> wrote() {
        return WROTE_FUTURE;
    }

    /** An admit that wrote nothing, succeeded. */
    public static Future<Mutation> none() {
        return NONE_FUTURE;
    }

    /** {@link #wrote()} when {@code written}, else {@link #none()}. */
    public static Future<Mutation> wrote(boolean written) {
        return written ? WROTE_FUTURE : NONE_FUTURE;
    }

    /**
     * An admit that may have written the tree only under {@code paths}: each a list of member names from the root (say
     * {@code metadata}, {@code labels}), whose whole subtree may have been added, removed or changed (a member on the
     * way to it created). Nothing else of the tree changed: not a member added, removed, set or moved. Made once (a
     * plugin's constant), answered with {@link #answer()}.
     */
    public static Mutation at(List<List<String>> paths) {
        return new Mutation(List.copyOf(paths.stream().map(List::copyOf).toList()));
    }

    /** This mutation as a succeeded admit. */
    public Future<Mutation> answer() {
        return answer;
    }

    /** {@link #answer()} when {@code wrote}, else {@link #none()}. */
    public Future<Mutation> answer(boolean wrote) {
        return wrote ? answer : NONE_FUTURE;
    }

    /** The paths under which the tree may have changed; null when it may have changed anywhere. */
    public List<List<String>> written() {
        return written;
    }

    /** {@link #written()} as places the decoding walks; null when the tree may have changed anywhere. */
    WrittenPaths places() {
        return places;
    }

    /** Whether a plugin's answer means the tree may have changed: anything but {@link #NONE} (null too). */
    static boolean mayHaveWritten(Mutation answer) {
        return answer == null || answer.written == null || !answer.written.isEmpty();
    }

    @Override
    public String toString() {
        return written == null ? "WROTE" : written.isEmpty() ? "NONE" : "WROTE" + written;
    }
}

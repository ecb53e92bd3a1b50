package cloud.gardener.apiserver.admission;

import io.vertx.core.Future;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * What the plugins of one admission request looked up, shared by both its phases (a Shoot create asks for its
 * namespace's Project and its default domains in more than one plugin): each lookup runs once per request and key.
 * A request makes its own ({@link AdmittedRecords} hold it); nothing here outlives the request or is seen by another,
 * so an answer is as current as the request's first lookup of it. A lookup that fails is forgotten (the next asks
 * again, as without the memo).
 */
public final class RequestMemo {

    /**
     * Keyed by a record per kind of lookup (its class tells the kinds apart). Concurrent because a failed answer is
     * forgotten on whatever thread completes it; the table itself is only allocated on the first lookup.
     */
    private final Map<Object, Future<?>> answers = new ConcurrentHashMap<>(4);

    /** {@code lookup}'s answer for {@code key}: the one this request's first lookup of {@code key} gave. */
    @SuppressWarnings("unchecked") // each key's class stands for one kind of lookup, whose answer is a Future<T>
    public <T> Future<T> once(Object key, Supplier<Future<T>> lookup) {
        Future<?> known = answers.get(key);
        if (known != null) {
            return (Future<T>) known;
        }
        Future<T> answer = lookup.get();
        if (answer.failed()) {
            return answer;
        }
        answers.put(key, answer);
        if (!answer.isComplete()) {
            answer.onFailure(e -> answers.remove(key, answer));
        }
        return answer;
    }
}

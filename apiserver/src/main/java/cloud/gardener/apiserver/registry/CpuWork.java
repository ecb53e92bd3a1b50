package cloud.gardener.apiserver.registry;

import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.Callable;

/**
 * Where a request's CPU-heavy steps run. Parsing and decoding a large body, applying a patch to a large object,
 * decoding a large stored value and encoding a large answer take tens to hundreds of milliseconds for the 3 MiB
 * objects the server accepts, and an event loop serves every other connection (health probes included) on its
 * thread. Work on more than {@link #INLINE_BYTES} runs on a bounded pool (one thread per core, unordered, so that
 * requests do not queue behind each other); smaller work stays inline, where a hop would cost more than it saves.
 */
public final class CpuWork {

    /**
     * Sizes up to this stay on the event loop: 64 KiB of JSON or YAML parses and decodes in 1-5 ms (a 2.9 MB
     * Secret of small keys took 80-210 ms on a busy 2-core machine), about what a request may hold a loop; a
     * hop to the pool costs tens of microseconds, so smaller work is not worth one.
     */
    public static final int INLINE_BYTES = 64 * 1024;

    private static final String POOL_NAME = "gardener-apiserver-cpu";
    private static final Map<Vertx, WorkerExecutor> POOLS = new WeakHashMap<>();

    private CpuWork() {}

    /**
     * Runs {@code work} inline when it is small or already off an event loop, else on the pool; the answer
     * completes on the caller's context.
     *
     * @param size the bytes the work handles (a body, a stored value, an estimate of an object's encoding)
     */
    public static <T> Future<T> run(long size, Callable<T> work) {
        Context context = Vertx.currentContext();
        if (inline(size, context)) {
            try {
                return Future.succeededFuture(work.call());
            } catch (Exception e) {
                return Future.failedFuture(e);
            }
        }
        return pool(context.owner()).executeBlocking(work, false);
    }

    /** {@link #run} for work that itself answers asynchronously. */
    public static <T> Future<T> compose(long size, Callable<Future<T>> work) {
        Context context = Vertx.currentContext();
        if (inline(size, context)) {
            // the work's own answer: run's future around it and a composition would only pass it on
            try {
                Future<T> answer = work.call();
                return answer != null ? answer : Future.failedFuture(new NullPointerException("work answered null"));
            } catch (Exception e) {
                return Future.failedFuture(e);
            }
        }
        return pool(context.owner()).executeBlocking(work, false).compose(f -> f);
    }

    private static boolean inline(long size, Context context) {
        return size <= INLINE_BYTES || context == null || !Context.isOnEventLoopThread();
    }

    private static WorkerExecutor pool(Vertx vertx) {
        synchronized (POOLS) {
            return POOLS.computeIfAbsent(
                    vertx,
                    v -> v.createSharedWorkerExecutor(
                            POOL_NAME, Math.max(2, Runtime.getRuntime().availableProcessors())));
        }
    }

    /** About the bytes of a tree's JSON: its text and key lengths plus a few bytes per node, without encoding it. */
    public static long estimateSize(JsonNode root) {
        long size = 0;
        Deque<JsonNode> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty()) {
            JsonNode node = pending.pop();
            size += 4;
            if (node.isTextual()) {
                size += node.textValue().length();
            } else if (node.isObject()) {
                for (var field : node.properties()) {
                    size += field.getKey().length() + 4;
                    pending.push(field.getValue());
                }
            } else if (node.isArray()) {
                node.forEach(pending::push);
            }
            if (size > INLINE_BYTES) {
                // all a caller needs to know
                return size;
            }
        }
        return size;
    }
}

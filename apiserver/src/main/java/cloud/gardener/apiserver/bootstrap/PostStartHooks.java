package cloud.gardener.apiserver.bootstrap;

import cloud.gardener.apiserver.endpoints.HealthEndpoints;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the post-start hooks and reports them as health checks. Upstream a failing hook stops the process; here an
 * attempt that fails (the virtual garden unreachable, a conflict) is retried with a growing pause until it
 * succeeds, and until then {@code /healthz}, {@code /livez} and {@code /readyz} show
 * {@code [-]poststarthook/<name> failed}, as for an unfinished hook upstream.
 */
public final class PostStartHooks {

    private static final Logger LOG = LoggerFactory.getLogger(PostStartHooks.class);
    static final long FIRST_RETRY_MS = 500;
    static final long MAX_RETRY_MS = 30_000;

    private final Vertx vertx;
    private final List<PostStartHook> hooks;
    private final Map<String, Boolean> finished = new ConcurrentHashMap<>();
    private final Map<String, Long> timers = new ConcurrentHashMap<>();
    private final long firstRetryMs;
    private volatile boolean stopped;

    public PostStartHooks(Vertx vertx, List<PostStartHook> hooks) {
        this(vertx, hooks, FIRST_RETRY_MS);
    }

    /** With another first pause (doubled on each failure up to {@link #MAX_RETRY_MS}): tests wait less. */
    PostStartHooks(Vertx vertx, List<PostStartHook> hooks, long firstRetryMs) {
        this.vertx = vertx;
        this.hooks = List.copyOf(hooks);
        this.firstRetryMs = firstRetryMs;
    }

    /** One check per hook, failing with "not finished" until the hook has succeeded. */
    public List<HealthEndpoints.Check> checks() {
        return hooks.stream()
                .map(hook -> new HealthEndpoints.Check(
                        "poststarthook/" + hook.name(),
                        () -> finished.getOrDefault(hook.name(), false)
                                ? Future.<Void>succeededFuture()
                                : Future.<Void>failedFuture("not finished")))
                .toList();
    }

    /**
     * Starts every hook; each runs on its own until it has succeeded once. The future completes when every hook's
     * first attempt has ended, however: a server whose hooks can succeed at once (standalone) is healthy when it
     * reports itself started, and one whose virtual garden is away still starts.
     */
    public Future<Void> start() {
        List<Future<Void>> firstAttempts = hooks.stream()
                .map(hook -> {
                    io.vertx.core.Promise<Void> first = io.vertx.core.Promise.promise();
                    attempt(hook, firstRetryMs, first);
                    return first.future();
                })
                .toList();
        return Future.join(firstAttempts).mapEmpty();
    }

    public void stop() {
        stopped = true;
        timers.values().forEach(vertx::cancelTimer);
    }

    private void attempt(PostStartHook hook, long nextPauseMs, io.vertx.core.Promise<Void> first) {
        if (stopped) {
            first.tryComplete();
            return;
        }
        Future<Void> result;
        try {
            result = hook.action().get();
        } catch (RuntimeException e) {
            result = Future.failedFuture(e);
        }
        result.onComplete(ar -> {
            if (ar.succeeded()) {
                finished.put(hook.name(), true);
                LOG.info("post-start hook {} finished", hook.name());
                first.tryComplete();
                return;
            }
            LOG.warn(
                    "post-start hook {} failed, retrying in {} ms: {}",
                    hook.name(),
                    nextPauseMs,
                    ar.cause().getMessage());
            first.tryComplete();
            if (!stopped) {
                timers.put(
                        hook.name(),
                        vertx.setTimer(
                                nextPauseMs, id -> attempt(hook, Math.min(nextPauseMs * 2, MAX_RETRY_MS), first)));
            }
        });
    }
}

package cloud.gardener.apiserver.server.filters;

import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What a request does once its response has ended or its connection closed (metrics, audit's last event, the
 * in-flight counts, draining its body): the filters' end handlers, kept here rather than on the routing context
 * so that a long-running response can let the routing context go.
 *
 * <p>A watch streams for minutes to hours and a client keeps hundreds of them open; the routing context holds
 * the request's data, its parsed path and query, vert.x-web's handler lists and every filter's end handler with
 * what it captured, over 2 KiB a watch. Once a watch has sent its head, {@link #detach} turns each action into one
 * that no longer reads the routing context (taking what it needs from it then) and runs the actions from the
 * response's own handlers.
 *
 * <p>Actions run once, in the reverse order of their registration (as vert.x-web runs end handlers), with the
 * outcome vert.x-web would pass: success when the response ended, else the failure.
 *
 * <p>A request whose handling was {@linkplain #handOff handed off} to another event loop still ends on its
 * connection's loop (its home): the actions (the connection's idle timer, the home loop's deadline clock, the
 * body drain) were made there and are confined to it. The end reaches them from the handling loop as a task
 * queued behind the response's writes, so by then the response's bytes are counted.
 */
public final class RequestEnd {

    /** One thing to do at the end of a request. */
    @FunctionalInterface
    public interface Action {
        void ended(AsyncResult<Void> outcome);

        /**
         * This action for a request whose routing context is let go: one that takes what it needs from
         * {@code ctx} now, or null when nothing is left to do at the end. By default the action itself, which is
         * right for an action that captures no routing context (or whose filter never serves a long-running
         * request, which is never detached).
         */
        default Action detached(RoutingContext ctx) {
            return this;
        }
    }

    private static final String KEY = RequestEnd.class.getName();

    private List<Action> actions = new ArrayList<>(6);
    private boolean ran;
    // set (on the home loop) before the hand-off and read by the loop the request was handed to: the hand-off's
    // task queue orders them
    private Context home;
    private Thread homeThread;
    private volatile Context handling;

    private RequestEnd() {}

    /** The request's end actions: made, and run by the routing context's end handler, on first use. */
    public static RequestEnd of(RoutingContext ctx) {
        RequestEnd end = ctx.get(KEY);
        if (end == null) {
            end = new RequestEnd();
            ctx.put(KEY, end);
            ctx.addEndHandler(end::run);
        }
        return end;
    }

    /**
     * An action that reads the request when it runs: {@code read} takes what it needs from the routing context it is
     * given and returns what to do with that (null: nothing). It reads at the request's end, or when the request is
     * detached, and then the action keeps only what was read.
     */
    public static Action readingRequest(RoutingContext ctx, Function<RoutingContext, Action> read) {
        return new Action() {
            @Override
            public void ended(AsyncResult<Void> outcome) {
                Action action = read.apply(ctx);
                if (action != null) {
                    action.ended(outcome);
                }
            }

            @Override
            public Action detached(RoutingContext context) {
                return read.apply(context);
            }
        };
    }

    /**
     * The request is handled from here on by {@code handling}, another event loop's context, while its connection
     * (and every action added so far) stays on the current one: the actions then run here whichever thread the
     * response ends on. Call on the connection's loop, before handing the request over.
     */
    public static void handOff(RoutingContext ctx, Context handling) {
        RequestEnd end = of(ctx);
        end.home = Vertx.currentContext();
        end.homeThread = Thread.currentThread();
        end.handling = handling;
    }

    /** The context a handed-off request is handled on, else null (it is handled where it arrived). */
    public static Context handling(RoutingContext ctx) {
        RequestEnd end = ctx.get(KEY);
        return end == null ? null : end.handling;
    }

    /** Adds {@code action}, to run once the response has ended or the connection closed. */
    public RequestEnd add(Action action) {
        actions.add(action);
        return this;
    }

    /**
     * Lets the routing context go once a long-running response has written its head: each action becomes its
     * {@linkplain Action#detached detached} form, and the response's end, exception and close handlers (vert.x-web's,
     * which hold the routing context) are replaced by ones that run {@code first} (the response's owner letting go of
     * it), then the actions, the first of them to fire only, with the outcome vert.x-web would pass. The
     * caller must keep no reference to the routing context either.
     */
    public static void detach(RoutingContext ctx, Runnable first) {
        RequestEnd end = of(ctx);
        List<Action> kept = new ArrayList<>(end.actions.size());
        for (Action action : end.actions) {
            Action detached = action.detached(ctx);
            if (detached != null) {
                kept.add(detached);
            }
        }
        end.actions = kept;
        ctx.remove(KEY);
        HttpServerResponse response = ctx.response();
        response.endHandler(v -> end.finish(first, Future.succeededFuture()));
        response.exceptionHandler(t -> end.finish(first, Future.failedFuture(t)));
        response.closeHandler(v -> end.finish(first, Future.failedFuture("Connection closed")));
        // both have fired (the head is out) or never will: they need not hold the routing context
        response.headersEndHandler(null);
        response.bodyEndHandler(null);
    }

    private void finish(Runnable first, AsyncResult<Void> outcome) {
        if (!ran) {
            first.run();
            run(outcome);
        }
    }

    /** Runs every action once, the last added first; a failing action does not keep the others from running. */
    private void run(AsyncResult<Void> outcome) {
        if (homeThread != null && Thread.currentThread() != homeThread) {
            home.runOnContext(v -> run(outcome));
            return;
        }
        if (ran) {
            return;
        }
        ran = true;
        List<Action> all = actions;
        actions = List.of();
        RuntimeException failed = null;
        for (int i = all.size() - 1; i >= 0; i--) {
            try {
                all.get(i).ended(outcome);
            } catch (RuntimeException e) {
                if (failed == null) {
                    failed = e;
                } else {
                    failed.addSuppressed(e);
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
    }
}

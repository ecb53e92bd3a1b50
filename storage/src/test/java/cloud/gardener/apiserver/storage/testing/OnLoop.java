package cloud.gardener.apiserver.storage.testing;

import io.vertx.core.Context;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * Runs a test's step on a Vert.x context, as the code under test runs there, and waits for its answer; and waits for a
 * condition that the loop brings about.
 */
public final class OnLoop {

    private static final long WAIT_SECONDS = 10;

    private OnLoop() {}

    /** A step that answers nothing. */
    @FunctionalInterface
    public interface Step {
        void run() throws Exception;
    }

    /** {@code action}'s answer, computed on {@code context}; what it throws is thrown here (wrapped when checked). */
    public static <T> T onLoop(Context context, Callable<T> action) throws Exception {
        CompletableFuture<T> done = new CompletableFuture<>();
        context.runOnContext(v -> {
            try {
                done.complete(action.call());
            } catch (Exception | AssertionError e) {
                done.completeExceptionally(e);
            }
        });
        try {
            return done.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof AssertionError ae) {
                throw ae;
            }
            throw e;
        } catch (TimeoutException e) {
            throw new AssertionError("the loop did not answer within " + WAIT_SECONDS + " s", e);
        }
    }

    /** Runs {@code step} on {@code context} and waits for it to end. */
    public static void onLoop(Context context, Step step) throws Exception {
        onLoop(context, () -> {
            step.run();
            return null;
        });
    }

    /** Waits up to 10 s for {@code condition}, polled every 5 ms; fails naming {@code what} if it never holds. */
    public static void eventually(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                throw new AssertionError(what + ": not within " + WAIT_SECONDS + " s");
            }
            Thread.sleep(5);
        }
    }

    public static void eventually(BooleanSupplier condition) throws InterruptedException {
        eventually("condition reached", condition);
    }
}

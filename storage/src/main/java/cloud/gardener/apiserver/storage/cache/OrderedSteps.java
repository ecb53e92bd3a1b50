package cloud.gardener.apiserver.storage.cache;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * The steps of a feed (a watch's events and progress), applied in the order they arrive although a step may first
 * wait for work off the event loop (a large value's attributes or index terms: {@link WatchCacheConfig.AttributeWork},
 * the server's {@code CpuWork}): while it waits, the steps after it wait behind it, in order, and the loop goes on
 * with other work. A feed with nothing waiting runs each step at once, allocating nothing.
 *
 * <p>Confined to the context the steps arrive on: every call comes from it, and a step that waited runs there.
 */
public final class OrderedSteps {

    private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
    /** A step waits for its work: the steps after it wait in {@link #waiting}. */
    private boolean busy;

    /** Whether a step waits for its work now, so that a step given now would run later. */
    public boolean busy() {
        return busy;
    }

    /** Runs {@code step} now, or after the steps waiting ahead of it. */
    public void run(Runnable step) {
        if (busy) {
            waiting.add(step);
        } else {
            step.run();
        }
    }

    /**
     * Runs {@code step} with {@code work}'s outcome (a success or a failure) once it is complete: at once when it
     * already is and nothing waits ahead, else in its turn, the steps after it waiting behind it until it has run
     * on the calling context.
     */
    public <T> void after(Future<T> work, Consumer<Future<T>> step) {
        if (busy) {
            waiting.add(() -> after(work, step));
            return;
        }
        if (work.isComplete()) {
            step.accept(work);
            return;
        }
        busy = true;
        Context context = Vertx.currentContext();
        work.onComplete(done -> {
            if (context == null) {
                resume(work, step);
            } else {
                context.runOnContext(v -> resume(work, step));
            }
        });
    }

    private <T> void resume(Future<T> work, Consumer<Future<T>> step) {
        busy = false;
        step.accept(work);
        while (!busy && !waiting.isEmpty()) {
            waiting.poll().run();
        }
    }

    /** Drops the steps still waiting (a replaced feed's); a step whose work is still running runs when it is done. */
    public void clear() {
        waiting.clear();
    }
}

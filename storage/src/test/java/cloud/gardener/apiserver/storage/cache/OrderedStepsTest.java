package cloud.gardener.apiserver.storage.cache;

import static cloud.gardener.apiserver.storage.testing.OnLoop.eventually;
import static cloud.gardener.apiserver.storage.testing.OnLoop.onLoop;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OrderedStepsTest {

    private final Vertx vertx = Vertx.vertx();
    private final Context loop = vertx.getOrCreateContext();
    private final OrderedSteps steps = new OrderedSteps();
    private final List<String> ran = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() {
        vertx.close();
    }

    private void await(int count) throws InterruptedException {
        eventually(count + " steps ran", () -> ran.size() >= count);
    }

    @Test
    void stepsWithNothingWaitingRunAtOnce() throws Exception {
        onLoop(loop, () -> {
            steps.run(() -> ran.add("a"));
            steps.after(Future.succeededFuture("b"), done -> ran.add(done.result()));
            steps.after(Future.failedFuture("c"), done -> ran.add(done.cause().getMessage()));
            ran.add(steps.busy() ? "busy" : "idle");
        });

        assertThat(ran).containsExactly("a", "b", "c", "idle");
    }

    @Test
    void stepsAfterOneWaitingForItsWorkWaitBehindItInOrderAndRunOnTheContext() throws Exception {
        Promise<String> slow = Promise.promise();
        Promise<String> second = Promise.promise();
        List<Context> contexts = new CopyOnWriteArrayList<>();
        onLoop(loop, () -> {
            steps.after(slow.future(), done -> {
                contexts.add(Vertx.currentContext());
                ran.add(done.result());
            });
            steps.run(() -> ran.add("then"));
            // its work completes first, but it runs in its turn
            steps.after(second.future(), done -> ran.add(done.result()));
            steps.after(Future.succeededFuture("last"), done -> ran.add(done.result()));
            ran.add(steps.busy() ? "busy" : "idle");
        });
        second.complete("second");
        Thread.sleep(50);
        assertThat(ran).containsExactly("busy");

        // completed from another thread: the step runs on the steps' context
        new Thread(() -> slow.complete("slow")).start();
        await(5);

        assertThat(ran).containsExactly("busy", "slow", "then", "second", "last");
        assertThat(contexts).containsExactly(loop);
    }

    @Test
    void clearDropsTheWaitingStepsButNotTheOneWhoseWorkRuns() throws Exception {
        Promise<String> slow = Promise.promise();
        onLoop(loop, () -> {
            steps.after(slow.future(), done -> ran.add(done.result()));
            steps.run(() -> ran.add("dropped"));
            steps.clear();
        });
        slow.complete("slow");
        await(1);
        onLoop(loop, () -> steps.run(() -> ran.add("after")));

        assertThat(ran).containsExactly("slow", "after");
    }
}

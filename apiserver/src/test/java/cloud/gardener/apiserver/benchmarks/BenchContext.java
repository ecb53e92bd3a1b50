package cloud.gardener.apiserver.benchmarks;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What every row shares: the API servers under test, the raw etcd client on the same etcd, the run's
 * certificates and directory, and the flags that size the objects.
 *
 * @param objects  how many objects a LIST returns
 * @param lists    LISTs per subject and round (the round's value is their median)
 * @param examples the repository's {@code examples/} (the Shoot row's Project, CloudProfile, Seed, ...)
 * @param launcher starts servers of a row's own (the landscape's)
 * @param shoots   the landscape's Shoots (and ShootStates)
 * @param watchers the landscape's watchers
 */
record BenchContext(
        Vertx vertx,
        List<ApiTarget> targets,
        RawEtcd raw,
        BenchTls tls,
        Path dir,
        int objects,
        int lists,
        Path examples,
        ServerLauncher launcher,
        int shoots,
        int watchers) {

    /** Waits for a setup step (never for a measured operation). */
    static <T> T await(Future<T> future) throws InterruptedException {
        try {
            return future.toCompletionStage().toCompletableFuture().get(120, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("a setup step did not end within 120 s", e);
        }
    }
}

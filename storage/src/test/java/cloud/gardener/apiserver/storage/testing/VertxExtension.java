package cloud.gardener.apiserver.storage.testing;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One Vert.x per test class, closed after the class. Register it on a static field, after the store's extension
 * (so it is closed before that store stops):
 *
 * <pre>{@code
 * @RegisterExtension
 * static final VertxExtension VERTX = new VertxExtension();
 * }</pre>
 */
public final class VertxExtension implements BeforeAllCallback, AfterAllCallback {

    private static final long WAIT_SECONDS = 15;

    private Vertx vertx;

    @Override
    public void beforeAll(ExtensionContext context) {
        vertx = Vertx.vertx();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    public Vertx vertx() {
        return vertx;
    }

    /** The value of {@code future}; its failure as thrown when a runtime exception (a StorageException), else wrapped. */
    public static <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new AssertionError(e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError("no answer within " + WAIT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}

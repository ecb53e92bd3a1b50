package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.storage.testing.TempFiles;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A Vert.x and an embedded store in a folder of its own for each test, observed ({@link ObservedStorage}); both are
 * closed after the test's own {@code @AfterEach}, which stops what the test started on them. Register it on an
 * instance field:
 *
 * <pre>{@code
 * @RegisterExtension
 * final EmbeddedStoreExtension store = new EmbeddedStoreExtension();
 * }</pre>
 */
public final class EmbeddedStoreExtension implements BeforeEachCallback, AfterEachCallback {

    public static final WriteContext ADMIN =
            new WriteContext(UserInfo.of("admin", List.of("system:masters")), false, "test");
    private static final long WAIT_SECONDS = 10;

    private Path dir;
    private Vertx vertx;
    private ObservedStorage storage;

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        dir = Files.createTempDirectory("embedded-store-");
        vertx = Vertx.vertx();
        storage = new ObservedStorage(new EmbeddedStorage(vertx, dir.resolve("store")));
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        try {
            storage.close();
            vertx.close().toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        } finally {
            TempFiles.deleteRecursively(dir);
        }
    }

    public Vertx vertx() {
        return vertx;
    }

    public ObservedStorage storage() {
        return storage;
    }

    /** The test's folder, for a second store beside the first. */
    public Path dir() {
        return dir;
    }

    /** A registry of the standard resources over the store, without admission. */
    public Registry registry() {
        return registry(AdmissionChain.empty());
    }

    public Registry registry(AdmissionChain admission) {
        return new Registry(ResourceRegistry.standard(true), storage, "/registry", admission);
    }

    public static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** The failure {@code future} ends with. */
    public static Throwable failure(Future<?> future) throws Exception {
        try {
            await(future);
        } catch (ExecutionException e) {
            return e.getCause();
        }
        throw new AssertionError("expected a failure");
    }
}

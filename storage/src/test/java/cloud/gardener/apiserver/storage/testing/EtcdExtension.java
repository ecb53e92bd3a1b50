package cloud.gardener.apiserver.storage.testing;

import cloud.gardener.apiserver.storage.etcd3.EtcdConfig;
import cloud.gardener.apiserver.storage.etcd3.EtcdProcess;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * One private etcd per test class. Register it on a static field:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final EtcdExtension ETCD = new EtcdExtension();
 * }</pre>
 *
 * Tests share the server, so each should write under its own {@link #newPrefix()}.
 */
public final class EtcdExtension implements BeforeAllCallback, AfterAllCallback {

    private final Duration progressInterval;
    private final List<String> extraArgs;
    private final AtomicInteger prefixes = new AtomicInteger();
    private Path dataDir;
    private EtcdProcess etcd;

    public EtcdExtension() {
        this(Duration.ofSeconds(1), List.of());
    }

    /**
     * @param progressInterval etcd's periodic watch progress interval (short, so bookmarks flow in tests)
     * @param extraArgs        further etcd flags, e.g. small quotas for limit tests
     */
    public EtcdExtension(Duration progressInterval, List<String> extraArgs) {
        this.progressInterval = progressInterval;
        this.extraArgs = List.copyOf(extraArgs);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        dataDir = Files.createTempDirectory("etcd-" + context.getRequiredTestClass().getSimpleName() + "-");
        etcd = EtcdProcess.start(dataDir, progressInterval, extraArgs);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (etcd != null) {
            etcd.close();
            etcd = null;
        }
        if (dataDir != null) {
            deleteRecursively(dataDir);
            dataDir = null;
        }
    }

    public String endpoint() {
        return process().endpoint();
    }

    public EtcdConfig config() {
        return process().config();
    }

    /** The running server, for fault injection (kill, restart, pid). */
    public EtcdProcess process() {
        if (etcd == null) {
            throw new IllegalStateException("etcd is not running; register EtcdExtension on a static field");
        }
        return etcd;
    }

    /** A key prefix no other test of this run uses, ending in {@code /}. */
    public String newPrefix() {
        return "/test-" + prefixes.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 8) + "/";
    }

    private static void deleteRecursively(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // a leftover temp dir is not worth failing a test run for
        }
    }
}

package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.embedded.EmbeddedConfig;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.storage.etcd3.EtcdConfig;
import cloud.gardener.apiserver.storage.etcd3.EtcdStorage;
import cloud.gardener.apiserver.storage.migrate.MigrationResult;
import cloud.gardener.apiserver.storage.migrate.StorageMigration;
import io.vertx.core.Vertx;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gardener-apiserver migrate}: copies every object between the embedded store of a data directory
 * and an etcd, in either direction. Values move as raw bytes, so encrypted values stay encrypted and
 * names, uids and generations are kept; resourceVersions become the target's revisions. Stop the servers
 * on the source first (the embedded store is locked while a server has it open).
 */
@Command(
        name = "migrate",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        versionProvider = ServerVersion.Provider.class,
        description = "Copies every object from one store to another: --from <data-dir> --to-etcd <endpoints>, "
                + "or --from-etcd <endpoints> --to <data-dir>.")
public final class MigrateCommand {

    @Option(names = "--from", paramLabel = "<data-dir>", description = "Source: the embedded store of this --data-dir.")
    Path from;

    @Option(
            names = "--from-etcd",
            split = ",",
            paramLabel = "<endpoints>",
            description = "Source: etcd at these endpoints (comma-separated URLs).")
    List<String> fromEtcd = new ArrayList<>();

    @Option(
            names = "--to",
            paramLabel = "<data-dir>",
            description = "Target: the embedded store of this --data-dir (created when absent).")
    Path to;

    @Option(
            names = "--to-etcd",
            split = ",",
            paramLabel = "<endpoints>",
            description = "Target: etcd at these endpoints (comma-separated URLs).")
    List<String> toEtcd = new ArrayList<>();

    @Option(
            names = "--force",
            description =
                    "Copy even when the target holds objects already: they are overwritten, and removed when the source lacks them.")
    boolean force;

    @Option(
            names = "--etcd-prefix",
            defaultValue = "/registry-gardener",
            description = "Key prefix of every object (default: ${DEFAULT-VALUE}).")
    String etcdPrefix;

    @Option(names = "--etcd-cafile", description = "CA bundle verifying etcd's serving certificate (either side).")
    Path etcdCaFile;

    @Option(names = "--etcd-certfile", description = "Client certificate for etcd.")
    Path etcdCertFile;

    @Option(names = "--etcd-keyfile", description = "Client key for etcd (PKCS#8 PEM).")
    Path etcdKeyFile;

    /** Runs the copy; the outcome is printed to {@code out}. Bad flags and failures are exceptions. */
    void run(PrintStream out) {
        boolean fromDir = from != null;
        boolean toDir = to != null;
        if (fromDir == !fromEtcd.isEmpty()) {
            throw new IllegalArgumentException("give exactly one source: --from <data-dir> or --from-etcd <endpoints>");
        }
        if (toDir == !toEtcd.isEmpty()) {
            throw new IllegalArgumentException("give exactly one target: --to <data-dir> or --to-etcd <endpoints>");
        }
        if (fromDir
                && toDir
                && from.toAbsolutePath().normalize().equals(to.toAbsolutePath().normalize())) {
            throw new IllegalArgumentException("--from and --to are the same directory");
        }
        if (fromDir && !Files.exists(embeddedConfig(from).databaseFile())) {
            throw new IllegalArgumentException("no embedded store in " + from + " (expected "
                    + embeddedConfig(from).databaseFile() + ")");
        }
        Vertx vertx = Vertx.vertx();
        try (Storage source = fromDir ? new EmbeddedStorage(vertx, embeddedConfig(from)) : etcd(vertx, fromEtcd);
                Storage target = toDir ? new EmbeddedStorage(vertx, embeddedConfig(to)) : etcd(vertx, toEtcd)) {
            MigrationResult result = StorageMigration.copy(source, target, etcdPrefix, force)
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get();
            out.println("Copied " + result.copied() + " keys under " + etcdPrefix + " from "
                    + describe(from, fromEtcd) + " (revision " + result.sourceRevision() + ") to "
                    + describe(to, toEtcd)
                    + (result.deleted() > 0 ? "; removed " + result.deleted() + " keys the source does not have" : ""));
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if (cause instanceof IllegalStateException ise) {
                throw ise;
            }
            throw new IllegalStateException("migration failed: " + cause.getMessage(), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("migration interrupted", e);
        } finally {
            try {
                vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // exiting anyway
            }
        }
    }

    /** The store the server would open for {@code --data-dir=dir}; no compaction while copying. */
    private static EmbeddedConfig embeddedConfig(Path dataDir) {
        return new EmbeddedConfig(dataDir.resolve(Main.EMBEDDED), Duration.ZERO, EmbeddedConfig.DEFAULT_READERS);
    }

    private EtcdStorage etcd(Vertx vertx, List<String> endpoints) {
        List<URI> uris = endpoints.stream().map(String::trim).map(URI::create).toList();
        return new EtcdStorage(vertx, new EtcdConfig(uris, etcdCaFile, etcdCertFile, etcdKeyFile, null));
    }

    private static String describe(Path dir, List<String> endpoints) {
        return dir != null ? "the embedded store in " + dir : "etcd " + String.join(",", endpoints);
    }
}

package cloud.gardener.apiserver.testing;

import cloud.gardener.apiserver.server.RequestLimits;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * The server on the embedded store as the {@code main} of a child JVM, for tests that need their own heap limit
 * and connection timeouts short enough to watch them work. Arguments: a directory, the header timeout and the idle
 * timeout in milliseconds. Into the directory it writes the serving CA ({@code serving-ca.pem}), the client CA with
 * its key ({@code client-ca.pem}, {@code client-ca-key.pem}), and last the port ({@code port}), once it serves.
 */
public final class SmallHeapServer {

    private SmallHeapServer() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Duration header = Duration.ofMillis(Long.parseLong(args[1]));
        Duration idle = Duration.ofMillis(Long.parseLong(args[2]));
        ApiServerExtension server = ApiServerExtension.withStorage(EmbeddedStorage::new)
                .withLimits(RequestLimits.DEFAULT.withConnectionTimeouts(header, idle));
        // the parent ends this process with SIGTERM: stop the server and delete its temp directory then
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.afterAll(null);
            } catch (Exception e) {
                System.err.println("stopping the server failed: " + e);
            }
        }));
        server.beforeAll(null);
        Files.writeString(dir.resolve("serving-ca.pem"), server.servingCa().certificatePem());
        Files.writeString(dir.resolve("client-ca.pem"), server.clientCa().certificatePem());
        Files.writeString(dir.resolve("client-ca-key.pem"), server.clientCa().privateKeyPem());
        Path port = dir.resolve("port.tmp");
        Files.writeString(port, Integer.toString(server.port()));
        Files.move(port, dir.resolve("port"), StandardCopyOption.ATOMIC_MOVE);
        System.out.println("serving on port " + server.port());
        // until the parent ends the process
        new CountDownLatch(1).await();
    }
}

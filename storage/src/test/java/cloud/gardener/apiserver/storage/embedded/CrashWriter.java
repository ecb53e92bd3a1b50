package cloud.gardener.apiserver.storage.embedded;

import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The child process of {@link EmbeddedStorageCrashTest}: creates keys as fast as the store takes them,
 * several in flight at once, and prints {@code ACK <key> <revision>} for each one the store acknowledged.
 * It never closes the store; the test kills it with SIGKILL in the middle of writing.
 *
 * <p>Arguments: the store directory, how many keys to create, how many writes to keep in flight.
 */
public final class CrashWriter {

    private CrashWriter() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int total = Integer.parseInt(args[1]);
        int inFlight = Integer.parseInt(args[2]);
        Vertx vertx = Vertx.vertx();
        EmbeddedStorage storage = new EmbeddedStorage(vertx, dir);
        System.out.println("READY");
        System.out.flush();
        Semaphore slots = new Semaphore(inFlight);
        AtomicInteger failures = new AtomicInteger();
        for (int i = 0; i < total; i++) {
            slots.acquire();
            String key = String.format("/registry-crash/objects/k%07d", i);
            storage.create(key, ("value of " + key).getBytes(StandardCharsets.UTF_8))
                    .onComplete(ar -> {
                        if (ar.succeeded()) {
                            ack(key, ar.result().modRevision());
                        } else {
                            failures.incrementAndGet();
                            System.err.println("create " + key + " failed: " + ar.cause());
                        }
                        slots.release();
                    });
        }
        slots.acquire(inFlight);
        System.out.println("DONE " + failures.get());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }

    private static synchronized void ack(String key, long revision) {
        System.out.println("ACK " + key + " " + revision);
        System.out.flush();
    }
}

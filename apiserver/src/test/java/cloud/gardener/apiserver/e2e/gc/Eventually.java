package cloud.gardener.apiserver.e2e.gc;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

/** Waits for what a controller does: polls a condition until it holds, failing after 20 seconds. */
final class Eventually {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private Eventually() {}

    static void that(String what, BooleanSupplier condition) throws InterruptedException {
        Instant deadline = Instant.now().plus(PATIENCE);
        while (!condition.getAsBoolean()) {
            assertThat(Instant.now()).as("waiting for " + what).isBefore(deadline);
            Thread.sleep(100);
        }
    }
}

package cloud.gardener.apiserver.delegation;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How often and how patiently a call to kube-apiserver is retried (k8s.io/apiserver's webhook backoff):
 * up to {@code steps} attempts, waiting {@code initial}, then {@code factor} times longer each time, every
 * wait stretched by up to {@code jitter} of itself.
 */
public record RetryBackoff(Duration initial, double factor, double jitter, int steps) {

    /** 500 ms × 1.5, jitter 0.2, 5 steps: the default of the delegating authenticator and authorizer. */
    public static final RetryBackoff DEFAULT = new RetryBackoff(Duration.ofMillis(500), 1.5, 0.2, 5);

    public RetryBackoff {
        if (steps < 1) {
            throw new IllegalArgumentException("at least one attempt, got " + steps);
        }
        if (initial.isNegative() || factor < 1 || jitter < 0) {
            throw new IllegalArgumentException("invalid backoff " + initial + " x" + factor + " jitter " + jitter);
        }
    }

    /** One attempt, no retry. */
    public static RetryBackoff none() {
        return new RetryBackoff(Duration.ZERO, 1, 0, 1);
    }

    /** The wait before attempt {@code attempt} + 1 (attempts count from 1), in milliseconds, at least 1. */
    public long delayMillis(int attempt) {
        double base = initial.toMillis() * Math.pow(factor, attempt - 1);
        double jittered = base + base * jitter * ThreadLocalRandom.current().nextDouble();
        return Math.max(1, Math.round(jittered));
    }
}

package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.server.filters.BodyBudget;
import cloud.gardener.apiserver.server.filters.MaxInFlightFilter;
import cloud.gardener.apiserver.server.filters.ProbabilisticGoaway;
import java.time.Duration;

/**
 * How much the server takes on at once, how long it waits for clients, and how it stops.
 *
 * @param maxRequestsInflight         {@code --max-requests-inflight}: read-only requests served at once (0: no limit)
 * @param maxMutatingRequestsInflight {@code --max-mutating-requests-inflight}: mutating requests at once (0: no limit)
 * @param shutdownDelay               {@code --shutdown-delay-duration}: how long requests are still served after
 *                                    {@code /readyz} turned unhealthy on SIGTERM, so load balancers notice first
 * @param bodyBytesInFlight           request-body bytes all connections may hold at once (0 or less: no limit)
 * @param readHeaderTimeout           how long a connection may take to send a request's headers (and its TLS
 *                                    handshake), as Go's {@code ReadHeaderTimeout} in kube-apiserver (32 s)
 * @param idleTimeout                 how long a connection without a request in flight stays open, as
 *                                    kube-apiserver's {@code IdleTimeout} (90 s)
 * @param goawayChance                {@code --goaway-chance}: the probability that an HTTP/2 request which is not
 *                                    long-running ends its connection with a GOAWAY (0 to 0.02; 0: never)
 * @param livezGracePeriod            {@code --livez-grace-period}: how long after start {@code /livez} passes
 *                                    whatever its checks say
 */
public record RequestLimits(
        int maxRequestsInflight,
        int maxMutatingRequestsInflight,
        Duration shutdownDelay,
        long bodyBytesInFlight,
        Duration readHeaderTimeout,
        Duration idleTimeout,
        double goawayChance,
        Duration livezGracePeriod) {

    /** kube-apiserver's secure serving: {@code ReadHeaderTimeout}, just shy of the request timeout's upper bound. */
    public static final Duration READ_HEADER_TIMEOUT = Duration.ofSeconds(32);
    /** kube-apiserver's secure serving: {@code IdleTimeout}, as Go's default transport keeps connections. */
    public static final Duration IDLE_TIMEOUT = Duration.ofSeconds(90);

    /** kube-apiserver's defaults: 400 and 200 in flight, no shutdown delay; a quarter of the heap for bodies. */
    public static final RequestLimits DEFAULT = new RequestLimits(
            MaxInFlightFilter.DEFAULT_MAX_REQUESTS_INFLIGHT,
            MaxInFlightFilter.DEFAULT_MAX_MUTATING_REQUESTS_INFLIGHT,
            Duration.ZERO);

    public RequestLimits {
        if (maxRequestsInflight < 0 || maxMutatingRequestsInflight < 0) {
            throw new IllegalArgumentException("in-flight limits must not be negative");
        }
        if (livezGracePeriod != null && livezGracePeriod.isNegative()) {
            throw new IllegalArgumentException("--livez-grace-period can not be a negative value");
        }
        livezGracePeriod = livezGracePeriod == null ? Duration.ZERO : livezGracePeriod;
        String goawayProblem = ProbabilisticGoaway.problem(goawayChance);
        if (goawayProblem != null) {
            throw new IllegalArgumentException(goawayProblem);
        }
        shutdownDelay = shutdownDelay == null || shutdownDelay.isNegative() ? Duration.ZERO : shutdownDelay;
        readHeaderTimeout = positiveOr(readHeaderTimeout, READ_HEADER_TIMEOUT);
        idleTimeout = positiveOr(idleTimeout, IDLE_TIMEOUT);
    }

    /** With the default body budget and connection timeouts, and no GOAWAY. */
    public RequestLimits(int maxRequestsInflight, int maxMutatingRequestsInflight, Duration shutdownDelay) {
        this(
                maxRequestsInflight,
                maxMutatingRequestsInflight,
                shutdownDelay,
                BodyBudget.defaultLimit(),
                null,
                null,
                0,
                Duration.ZERO);
    }

    public RequestLimits withBodyBytesInFlight(long bytes) {
        return new RequestLimits(
                maxRequestsInflight,
                maxMutatingRequestsInflight,
                shutdownDelay,
                bytes,
                readHeaderTimeout,
                idleTimeout,
                goawayChance,
                livezGracePeriod);
    }

    public RequestLimits withConnectionTimeouts(Duration readHeader, Duration idle) {
        return new RequestLimits(
                maxRequestsInflight,
                maxMutatingRequestsInflight,
                shutdownDelay,
                bodyBytesInFlight,
                readHeader,
                idle,
                goawayChance,
                livezGracePeriod);
    }

    public RequestLimits withGoawayChance(double chance) {
        return new RequestLimits(
                maxRequestsInflight,
                maxMutatingRequestsInflight,
                shutdownDelay,
                bodyBytesInFlight,
                readHeaderTimeout,
                idleTimeout,
                chance,
                livezGracePeriod);
    }

    public RequestLimits withLivezGracePeriod(Duration grace) {
        return new RequestLimits(
                maxRequestsInflight,
                maxMutatingRequestsInflight,
                shutdownDelay,
                bodyBytesInFlight,
                readHeaderTimeout,
                idleTimeout,
                goawayChance,
                grace);
    }

    private static Duration positiveOr(Duration value, Duration fallback) {
        return value == null || value.isNegative() || value.isZero() ? fallback : value;
    }
}

package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.server.filters.MaxInFlightFilter;
import java.time.Duration;

/**
 * How much the server takes on at once and how it stops.
 *
 * @param maxRequestsInflight         {@code --max-requests-inflight}: read-only requests served at once (0: no limit)
 * @param maxMutatingRequestsInflight {@code --max-mutating-requests-inflight}: mutating requests at once (0: no limit)
 * @param shutdownDelay               {@code --shutdown-delay-duration}: how long requests are still served after
 *                                    {@code /readyz} turned unhealthy on SIGTERM, so load balancers notice first
 */
public record RequestLimits(int maxRequestsInflight, int maxMutatingRequestsInflight, Duration shutdownDelay) {

    /** kube-apiserver's defaults: 400 and 200 in flight, no shutdown delay. */
    public static final RequestLimits DEFAULT = new RequestLimits(MaxInFlightFilter.DEFAULT_MAX_REQUESTS_INFLIGHT,
            MaxInFlightFilter.DEFAULT_MAX_MUTATING_REQUESTS_INFLIGHT, Duration.ZERO);

    public RequestLimits {
        if (maxRequestsInflight < 0 || maxMutatingRequestsInflight < 0) {
            throw new IllegalArgumentException("in-flight limits must not be negative");
        }
        shutdownDelay = shutdownDelay == null || shutdownDelay.isNegative() ? Duration.ZERO : shutdownDelay;
    }
}

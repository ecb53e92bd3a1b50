package cloud.gardener.apiserver.metrics;

import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** k8s.io/apiserver's authentication metrics (pkg/endpoints/filters/metrics.go). */
public final class AuthenticationMetrics {

    /** How an authentication attempt ended, as the {@code result} label. */
    public enum Result {
        SUCCESS("success", 0),
        FAILURE("failure", 1),
        ERROR("error", 2);

        private final String label;
        /** Where its series are kept once made. */
        private final int index;

        Result(String label, int index) {
            this.label = label;
            this.index = index;
        }
    }

    private final ExactNameCounter userRequests;
    private final ExactNameCounter attempts;
    private final Histogram duration;
    /**
     * Each series' count and histogram kept once made (by result; by compressed user name, a handful), so a request
     * counts without a look-up: the same series either way. A race makes a series twice over at most, both times
     * the same one.
     */
    private final LongAdder[] attemptCounts = new LongAdder[Result.values().length];

    private final DistributionDataPoint[] attemptDurations = new DistributionDataPoint[Result.values().length];
    private final Map<String, LongAdder> userCounts = new ConcurrentHashMap<>();

    AuthenticationMetrics(PrometheusRegistry registry) {
        userRequests = ExactNameCounter.register(
                registry,
                "authenticated_user_requests",
                "Counter of authenticated requests broken out by username.",
                "username");
        attempts = ExactNameCounter.register(
                registry, "authentication_attempts", "Counter of authenticated attempts.", "result");
        duration = Histogram.builder()
                .withoutExemplars()
                .name("authentication_duration_seconds")
                .help("Authentication duration in seconds broken out by result.")
                .labelNames("result")
                .classicOnly()
                .classicUpperBounds(Buckets.exponential(0.001, 2, 15))
                .register(registry);
    }

    public void attempt(Result result, long elapsedNanos) {
        int i = result.index;
        LongAdder count = attemptCounts[i];
        DistributionDataPoint durations = attemptDurations[i];
        if (count == null || durations == null) {
            // first of its result: the series start here, as they did when every request looked them up
            count = attempts.series(result.label);
            durations = duration.labelValues(result.label);
            attemptCounts[i] = count;
            attemptDurations[i] = durations;
        }
        count.increment();
        durations.observe(elapsedNanos / 1e9);
    }

    public void authenticatedUser(String username) {
        String compressed = compressUsername(username);
        LongAdder count = userCounts.get(compressed);
        if (count == null) {
            count = userCounts.computeIfAbsent(compressed, userRequests::series);
        }
        count.increment();
    }

    /** Upstream's {@code compressUsername}: a few well-known names kept, e-mail addresses and others folded. */
    static String compressUsername(String username) {
        return switch (username) {
            case "admin", "client", "kube_proxy", "kubelet", "system:serviceaccount:kube-system:default" -> username;
            default -> username.contains("@") ? "email_id" : "other";
        };
    }
}

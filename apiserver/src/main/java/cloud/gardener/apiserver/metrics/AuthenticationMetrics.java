package cloud.gardener.apiserver.metrics;

import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/** k8s.io/apiserver's authentication metrics (pkg/endpoints/filters/metrics.go). */
public final class AuthenticationMetrics {

    /** How an authentication attempt ended, as the {@code result} label. */
    public enum Result {
        SUCCESS("success"),
        FAILURE("failure"),
        ERROR("error");

        private final String label;

        Result(String label) {
            this.label = label;
        }
    }

    private final ExactNameCounter userRequests;
    private final ExactNameCounter attempts;
    private final Histogram duration;

    AuthenticationMetrics(PrometheusRegistry registry) {
        userRequests = ExactNameCounter.register(
                registry,
                "authenticated_user_requests",
                "Counter of authenticated requests broken out by username.",
                "username");
        attempts = ExactNameCounter.register(
                registry, "authentication_attempts", "Counter of authenticated attempts.", "result");
        duration = Histogram.builder()
                .name("authentication_duration_seconds")
                .help("Authentication duration in seconds broken out by result.")
                .labelNames("result")
                .classicOnly()
                .classicUpperBounds(Buckets.exponential(0.001, 2, 15))
                .register(registry);
    }

    public void attempt(Result result, long elapsedNanos) {
        attempts.inc(result.label);
        duration.labelValues(result.label).observe(elapsedNanos / 1e9);
    }

    public void authenticatedUser(String username) {
        userRequests.inc(compressUsername(username));
    }

    /** Upstream's {@code compressUsername}: a few well-known names kept, e-mail addresses and others folded. */
    static String compressUsername(String username) {
        return switch (username) {
            case "admin", "client", "kube_proxy", "kubelet", "system:serviceaccount:kube-system:default" -> username;
            default -> username.contains("@") ? "email_id" : "other";
        };
    }
}

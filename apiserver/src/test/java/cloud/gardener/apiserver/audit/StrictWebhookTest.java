package cloud.gardener.apiserver.audit;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.metrics.Scrape;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --audit-webhook-mode=blocking-strict} against a real HTTPS webhook: a request whose RequestReceived event
 * cannot be delivered is refused with upstream's plain-text 500 and counted in
 * {@code apiserver_audit_requests_rejected_total}; once the webhook is back, requests are served again. The audit
 * series are read from {@code /metrics} with the Prometheus client's parser.
 */
@Tag("integration")
class StrictWebhookTest {

    private static final String SEEDS = "/apis/core.gardener.cloud/v1beta1/seeds";

    private static WebhookReceiver receiver;

    /** Policy and webhook kubeconfig; JUnit fills it before the server starts and deletes it after it stops. */
    @TempDir
    static Path dir;

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension().withAuditing(vertx -> {
        try {
            Files.writeString(dir.resolve("policy.yaml"), """
                    apiVersion: audit.k8s.io/v1
                    kind: Policy
                    rules:
                    - level: None
                      nonResourceURLs: ["/metrics", "/healthz*", "/livez*", "/readyz*"]
                    - level: RequestResponse
                      resources: [{group: core.gardener.cloud, resources: [seeds]}]
                    - level: Metadata
                    """);
            receiver = new WebhookReceiver(vertx);
            return CommandLine.populateCommand(
                            new AuditOptions(),
                            "--audit-policy-file=" + dir.resolve("policy.yaml"),
                            "--audit-webhook-config-file=" + receiver.kubeconfig(dir),
                            "--audit-webhook-mode=blocking-strict",
                            "--audit-webhook-initial-backoff=10ms")
                    .build(vertx);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    });

    @AfterAll
    static void stopReceiver() throws Exception {
        receiver.close();
    }

    @Test
    void anUndeliverableRequestReceivedEventFailsTheRequest() {
        TestClient admin = SERVER.admin();
        Scrape before = Scrape.of(admin);
        receiver.failing = true;
        TestClient.Response refused = admin.get(SEEDS + "?limit=1");
        receiver.failing = false;

        assertThat(refused.status()).isEqualTo(500);
        assertThat(refused.header("Content-Type")).isEqualTo("text/plain; charset=utf-8");
        assertThat(refused.body())
                .isEqualTo("Internal Server Error: \"" + SEEDS + "?limit=1\": failed to store audit event\n");
        assertThat(admin.get(SEEDS).status()).isEqualTo(200);

        Scrape after = Scrape.until(
                admin,
                s -> s.counter("apiserver_audit_event_total", Map.of())
                        >= before.counter("apiserver_audit_event_total", Map.of()) + 3);
        assertThat(after.counter("apiserver_audit_requests_rejected_total", Map.of()))
                .isEqualTo(before.counter("apiserver_audit_requests_rejected_total", Map.of()) + 1);
        // the refused request's RequestReceived, given up after five attempts; no other event was made for it
        assertThat(after.counter("apiserver_audit_error_total", Map.of("plugin", "webhook")))
                .isEqualTo(before.counter("apiserver_audit_error_total", Map.of("plugin", "webhook")) + 1);
        // RequestReceived of the refused request, RequestReceived and ResponseComplete of the served one
        assertThat(after.counter("apiserver_audit_event_total", Map.of()))
                .isEqualTo(before.counter("apiserver_audit_event_total", Map.of()) + 3);
        assertThat(after.counter("apiserver_audit_level_total", Map.of("level", "RequestResponse")))
                .isEqualTo(before.counter("apiserver_audit_level_total", Map.of("level", "RequestResponse")) + 2);
        assertThat(after.counter("apiserver_audit_level_total", Map.of("level", "None")))
                .as("the scrapes themselves")
                .isGreaterThanOrEqualTo(1);
    }
}

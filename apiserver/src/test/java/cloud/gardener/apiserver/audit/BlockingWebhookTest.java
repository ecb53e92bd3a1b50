package cloud.gardener.apiserver.audit;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.metrics.Scrape;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --audit-webhook-mode=blocking} against a real HTTPS webhook: a request goes on only once its
 * RequestReceived event was delivered, so a slow webhook slows requests down; a failing one is retried, counted and
 * logged, and requests are served anyway.
 */
@Tag("integration")
class BlockingWebhookTest {

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
                    - level: Metadata
                    """);
            receiver = new WebhookReceiver(vertx);
            return CommandLine.populateCommand(
                            new AuditOptions(),
                            "--audit-policy-file=" + dir.resolve("policy.yaml"),
                            "--audit-webhook-config-file=" + receiver.kubeconfig(dir),
                            "--audit-webhook-mode=blocking",
                            "--audit-webhook-initial-backoff=10ms")
                    .build(vertx);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    });

    @AfterEach
    void healthyReceiver() {
        receiver.delayMs = 0;
        receiver.failing = false;
    }

    @AfterAll
    static void stopReceiver() throws Exception {
        receiver.close();
    }

    @Test
    void aRequestWaitsForItsRequestReceivedEventToBeDelivered() {
        TestClient admin = SERVER.admin();
        assertThat(admin.get(SEEDS).status()).isEqualTo(200);
        receiver.delayMs = 700;
        String auditId = UUID.randomUUID().toString();
        long start = System.nanoTime();
        TestClient.Response listed = admin.send("GET", SEEDS, null, Map.of("Audit-Id", auditId));
        long tookMs = (System.nanoTime() - start) / 1_000_000;

        assertThat(listed.status()).isEqualTo(200);
        assertThat(tookMs).as("the request waited for the webhook").isGreaterThanOrEqualTo(700);
        // delivered, one event per POST, before the answer went out
        assertThat(receiver.eventLists).anySatisfy(list -> {
            assertThat(list.get("items")).hasSize(1);
            assertThat(list.get("items").get(0).get("auditID").asText()).isEqualTo(auditId);
            assertThat(list.get("items").get(0).get("stage").asText()).isEqualTo("RequestReceived");
        });
    }

    @Test
    void aFailingWebhookIsCountedAndTheRequestIsServed() {
        TestClient admin = SERVER.admin();
        double before = Scrape.of(admin).counter("apiserver_audit_error_total", Map.of("plugin", "webhook"));
        receiver.failing = true;

        assertThat(admin.get(SEEDS).status()).isEqualTo(200);

        // RequestReceived and ResponseComplete each given up after five attempts
        Scrape scrape = Scrape.until(
                admin, s -> s.counter("apiserver_audit_error_total", Map.of("plugin", "webhook")) >= before + 2);
        assertThat(scrape.counter("apiserver_audit_error_total", Map.of("plugin", "webhook")))
                .isGreaterThanOrEqualTo(before + 2);
        assertThat(scrape.counter("apiserver_audit_requests_rejected_total", Map.of()))
                .isZero();
    }
}

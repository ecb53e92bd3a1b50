package cloud.gardener.apiserver.audit;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.Kubeconfig;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A webhook that accepts connections and never answers: requests go on at full speed, the small buffer overflows and
 * the lost events are counted.
 */
@Tag("integration")
class DeadWebhookTest {

    private static ServerSocket blackHole;

    /** Policy and webhook kubeconfig; JUnit fills it before the server starts and deletes it after it stops. */
    @TempDir
    static Path dir;

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension().withAuditing(vertx -> {
        try {
            Files.writeString(
                    dir.resolve("policy.yaml"),
                    "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: RequestResponse\n");
            // listening, never accepting: connections complete in the backlog and then hear nothing
            blackHole = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Path kubeconfig = dir.resolve("webhook.kubeconfig");
            Kubeconfig.forToken("dead", "https://127.0.0.1:" + blackHole.getLocalPort() + "/audit", null, "t")
                    .write(kubeconfig);
            return CommandLine.populateCommand(
                            new AuditOptions(),
                            "--audit-policy-file=" + dir.resolve("policy.yaml"),
                            "--audit-webhook-config-file=" + kubeconfig,
                            "--audit-webhook-batch-buffer-size=10",
                            "--audit-webhook-batch-max-size=2",
                            "--audit-webhook-batch-max-wait=10ms",
                            "--audit-webhook-initial-backoff=10ms")
                    .build(vertx);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    });

    @AfterAll
    static void close() throws Exception {
        blackHole.close();
    }

    @Test
    void aDeadWebhookDoesNotSlowRequestsAndDroppedEventsAreCounted() throws Exception {
        TestClient admin = SERVER.admin();
        // warm up connections and code paths
        for (int i = 0; i < 20; i++) {
            assertThat(admin.get("/apis/core.gardener.cloud/v1beta1/seeds").status())
                    .isEqualTo(200);
        }
        long slowest = 0;
        long start = System.nanoTime();
        for (int i = 0; i < 100; i++) {
            long t = System.nanoTime();
            assertThat(admin.get("/apis/core.gardener.cloud/v1beta1/seeds").status())
                    .isEqualTo(200);
            slowest = Math.max(slowest, System.nanoTime() - t);
        }
        long total = System.nanoTime() - start;
        // 100 requests of 2 events each against a buffer of 10 that cannot drain
        assertThat(total / 1_000_000).as("total ms for 100 requests").isLessThan(5_000);
        assertThat(slowest / 1_000_000).as("slowest request ms").isLessThan(1_000);
        AuditCounters counters = SERVER.auditing().counters();
        // the last ResponseComplete events are counted by the dispatcher thread, possibly after the answer arrived
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (counters.auditEventsTotal() < 240 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(counters.auditEventsTotal()).isGreaterThanOrEqualTo(240);
        // upstream counts what the full buffer of the batching webhook refuses under its buffered plugin
        assertThat(counters.auditErrorsTotal("buffered")).isGreaterThan(150);
    }
}

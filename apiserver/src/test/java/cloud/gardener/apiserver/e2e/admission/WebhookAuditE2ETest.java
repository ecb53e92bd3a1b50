package cloud.gardener.apiserver.e2e.admission;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.audit.AuditEventSchema;
import cloud.gardener.apiserver.audit.AuditLog;
import cloud.gardener.apiserver.audit.AuditOptions;
import cloud.gardener.apiserver.metrics.Scrape;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import io.prometheus.metrics.expositionformats.generated.com_google_protobuf_4_33_0.Metrics;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Admission webhooks in the audit trail and in {@code /metrics}, as kube-apiserver records them: a real HTTPS
 * mutating webhook that labels exposure classes and answers an audit annotation, a validating one that refuses those
 * labelled {@code guarded}, and one that cannot be reached and fails open. The audit log's events carry the
 * mutation, patch (from level Request only), fail-open and the webhooks' own annotations; the webhook series count
 * each call with upstream's labels.
 */
@Tag("integration")
class WebhookAuditE2ETest {

    private static final String EXPOSURE_CLASSES = "/apis/core.gardener.cloud/v1beta1/exposureclasses";
    private static final String PATCH =
            "[{\"path\":\"/metadata/labels\",\"value\":{\"stamped\":\"yes\"},\"op\":\"add\"}]";
    private static final String PATCH_LABELLED =
            "[{\"op\":\"add\",\"path\":\"/metadata/labels/stamped\",\"value\":\"yes\"}]";

    private static final TestWebhooks WEBHOOKS = TestWebhooks.start((path, request, response) -> {
        if (path.equals("/validate")) {
            if (request.path("object").path("metadata").path("labels").has("guarded")) {
                TestWebhooks.deny(response, 403, "guarded classes are not created here");
            }
            return;
        }
        response.putObject("auditAnnotations").put("decision", "stamped");
        String patch = request.path("object").path("metadata").has("labels") ? PATCH_LABELLED : PATCH;
        response.put("patchType", "JSONPatch")
                .put("patch", Base64.getEncoder().encodeToString(patch.getBytes(StandardCharsets.UTF_8)));
    });
    private static final int CLOSED_PORT = closedPort();

    private static final JsonNode SETTINGS = TestWebhooks.settings(
            """
            apiVersion: admissionregistration.k8s.io/v1
            kind: ValidatingWebhookConfiguration
            metadata: {name: guard}
            webhooks:
            - name: guard.example.com
              clientConfig: %s
              rules: [{operations: [CREATE], apiGroups: [core.gardener.cloud], apiVersions: ["*"], resources: [exposureclasses]}]
              sideEffects: None
              admissionReviewVersions: [v1]
            - name: flaky.example.com
              clientConfig: {url: "https://127.0.0.1:%d/gone"}
              rules: [{operations: [CREATE], apiGroups: [core.gardener.cloud], apiVersions: ["*"], resources: [exposureclasses]}]
              failurePolicy: Ignore
              timeoutSeconds: 2
              sideEffects: None
              admissionReviewVersions: [v1]
            ---
            apiVersion: admissionregistration.k8s.io/v1
            kind: MutatingWebhookConfiguration
            metadata: {name: stamp}
            webhooks:
            - name: stamp.example.com
              clientConfig: %s
              rules: [{operations: [CREATE], apiGroups: [core.gardener.cloud], apiVersions: ["*"], resources: [exposureclasses]}]
              sideEffects: None
              admissionReviewVersions: [v1]
            """.formatted(WEBHOOKS.clientConfig("/validate"), CLOSED_PORT, WEBHOOKS.clientConfig("/mutate")));

    private static final String POLICY = """
            apiVersion: audit.k8s.io/v1
            kind: Policy
            omitStages: [RequestReceived]
            rules:
            - level: Metadata
              users: [metadata-only]
            - level: RequestResponse
              resources: [{group: core.gardener.cloud, resources: [exposureclasses]}]
            """;

    /** Policy and audit log; JUnit fills it before the server starts and deletes it after it stops. */
    @TempDir
    static Path dir;

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> config.admissionConfigurations(
                    Map.of("ValidatingAdmissionWebhook", SETTINGS, "MutatingAdmissionWebhook", SETTINGS)))
            .withAuditing(vertx -> {
                try {
                    Files.writeString(dir.resolve("policy.yaml"), POLICY);
                    return CommandLine.populateCommand(
                                    new AuditOptions(),
                                    "--audit-policy-file=" + dir.resolve("policy.yaml"),
                                    "--audit-log-path=" + dir.resolve("audit.log"))
                            .build(vertx);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });

    @AfterAll
    static void stop() {
        WEBHOOKS.close();
    }

    private static int closedPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void webhookCallsAnnotateTheAuditEventsUpToTheirLevel() throws Exception {
        TestClient admin = SERVER.admin();
        JsonNode complete = createAndAudit(admin, "stamped", Map.of(), 201);
        assertThat(AuditEventSchema.problems(complete)).isEmpty();
        JsonNode annotations = complete.get("annotations");
        assertThat(annotations
                        .get("mutation.webhook.admission.k8s.io/round_0_index_0")
                        .asText())
                .isEqualTo("{\"configuration\":\"stamp\",\"webhook\":\"stamp.example.com\",\"mutated\":true}");
        // Go decodes each operation into a map: its fields come out sorted
        assertThat(annotations
                        .get("patch.webhook.admission.k8s.io/round_0_index_0")
                        .asText())
                .isEqualTo(
                        "{\"configuration\":\"stamp\",\"webhook\":\"stamp.example.com\",\"patch\":[{\"op\":\"add\","
                                + "\"path\":\"/metadata/labels\",\"value\":{\"stamped\":\"yes\"}}],\"patchType\":\"JSONPatch\"}");
        assertThat(annotations.get("stamp.example.com/decision").asText()).isEqualTo("stamped");
        // the unreachable webhook is the second of the two that apply
        assertThat(annotations
                        .get("failed-open.validating.webhook.admission.k8s.io/round_0_index_1")
                        .asText())
                .isEqualTo("flaky.example.com");
        assertThat(annotations.get("authorization.k8s.io/decision").asText()).isEqualTo("allow");
        List<String> keys = new ArrayList<>();
        annotations.properties().forEach(field -> keys.add(field.getKey()));
        assertThat(keys).as("Go writes map keys sorted").isSorted();
    }

    @Test
    void thePatchStaysOutOfMetadataLevelEvents() throws Exception {
        TestClient metadataOnly = SERVER.client("metadata-only", List.of("system:masters"));
        JsonNode annotations =
                createAndAudit(metadataOnly, "stamped-quietly", Map.of(), 201).get("annotations");
        assertThat(annotations.has("mutation.webhook.admission.k8s.io/round_0_index_0"))
                .isTrue();
        assertThat(annotations.has("patch.webhook.admission.k8s.io/round_0_index_0"))
                .isFalse();
    }

    @Test
    void aRefusedRequestKeepsTheAnnotationsOfTheCallsMadeBeforeTheRefusal() throws Exception {
        JsonNode complete = createAndAudit(SERVER.admin(), "guarded", Map.of("guarded", "true"), 403);
        assertThat(complete.get("responseStatus").get("message").asText())
                .isEqualTo("admission webhook \"guard.example.com\" denied the request: guarded classes are not "
                        + "created here");
        assertThat(complete.get("annotations")
                        .get("mutation.webhook.admission.k8s.io/round_0_index_0")
                        .asText())
                .contains("\"mutated\":true");
    }

    @Test
    void webhookCallsAreCountedWithUpstreamLabels() throws Exception {
        TestClient admin = SERVER.admin();
        createAndAudit(admin, "counted", Map.of(), 201);
        createAndAudit(admin, "counted-guarded", Map.of("guarded", "true"), 403);
        Scrape scrape = Scrape.of(admin);

        Map<String, String> stamp =
                Map.of("name", "stamp.example.com", "type", "admit", "operation", "CREATE", "rejected", "false");
        assertThat(scrape.histogramCount("apiserver_admission_webhook_admission_duration_seconds", stamp))
                .isGreaterThanOrEqualTo(2);
        Metrics.Histogram refusals = scrape.histogram(
                "apiserver_admission_webhook_admission_duration_seconds",
                Map.of("name", "guard.example.com", "type", "validating", "operation", "CREATE", "rejected", "true"));
        assertThat(refusals.getSampleCount()).isGreaterThanOrEqualTo(1);
        assertThat(refusals.getBucketList())
                .extracting(Metrics.Bucket::getUpperBound)
                .containsExactly(0.005, 0.025, 0.1, 0.5, 1.0, 2.5, 10.0, 25.0, Double.POSITIVE_INFINITY);
        assertThat(scrape.untyped(
                        "apiserver_admission_webhook_rejection_count",
                        Map.of(
                                "name",
                                "guard.example.com",
                                "type",
                                "validating",
                                "operation",
                                "CREATE",
                                "error_type",
                                "no_error",
                                "rejection_code",
                                "403")))
                .isGreaterThanOrEqualTo(1);
        // the unreachable webhook: a 503 that failed open, never a rejection
        assertThat(scrape.counter(
                        "apiserver_admission_webhook_request_total",
                        Map.of(
                                "name",
                                "flaky.example.com",
                                "type",
                                "validating",
                                "operation",
                                "CREATE",
                                "code",
                                "503",
                                "rejected",
                                "false")))
                .isGreaterThanOrEqualTo(2);
        assertThat(scrape.untyped(
                        "apiserver_admission_webhook_fail_open_count",
                        Map.of("name", "flaky.example.com", "type", "validating")))
                .isGreaterThanOrEqualTo(2);
        assertThat(scrape.families()
                        .get("apiserver_admission_webhook_rejection_count")
                        .getMetricList())
                .allSatisfy(m ->
                        assertThat(m.getLabelList()).noneMatch(l -> l.getValue().equals("flaky.example.com")));
    }

    /** Creates an exposure class and answers its ResponseComplete event from the audit log. */
    private static JsonNode createAndAudit(TestClient client, String name, Map<String, String> labels, int expected)
            throws Exception {
        String auditId = UUID.randomUUID().toString();
        Map<String, Object> metadata = labels.isEmpty()
                ? Map.of("name", name + "-" + auditId.substring(0, 6))
                : Map.of("name", name + "-" + auditId.substring(0, 6), "labels", labels);
        TestClient.Response created = client.send(
                "POST",
                EXPOSURE_CLASSES,
                Json.toJson(Map.of(
                        "apiVersion",
                        "core.gardener.cloud/v1beta1",
                        "kind",
                        "ExposureClass",
                        "metadata",
                        metadata,
                        "handler",
                        "internet-config")),
                Map.of("Audit-Id", auditId));
        assertThat(created.status()).as(created.body()).isEqualTo(expected);
        List<JsonNode> events = new AuditLog(dir.resolve("audit.log")).await(auditId, 1);
        assertThat(events).extracting(e -> e.get("stage").asText()).containsExactly("ResponseComplete");
        return events.get(0);
    }
}

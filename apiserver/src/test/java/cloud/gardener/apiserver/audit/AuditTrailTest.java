package cloud.gardener.apiserver.audit;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.authn.TokenFileAuthenticator;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The audit trail of a real server on a real etcd, written per policy to a log file and to a real HTTPS webhook;
 * every event is checked against the audit.k8s.io/v1 Event schema.
 */
@Tag("integration")
class AuditTrailTest {

    private static final String POLICY = """
            apiVersion: audit.k8s.io/v1
            kind: Policy
            omitManagedFields: true
            rules:
            - level: None
              nonResourceURLs: ["/healthz*", "/livez*", "/readyz*"]
            # secrets never above Metadata
            - level: Metadata
              resources:
              - group: ""
                resources: ["secrets"]
            - level: RequestResponse
              resources:
              - group: core.gardener.cloud
                resources: ["projects"]
            - level: Request
              resources:
              - group: ""
                resources: ["configmaps"]
            - level: Metadata
            """;
    private static final String SECRET_VALUE = "c3VwZXItc2VjcmV0LXBhc3N3b3Jk";

    /** Policy, log and webhook kubeconfig; JUnit fills it before the server starts and deletes it after it stops. */
    @TempDir
    static Path dir;

    private static WebhookReceiver receiver;

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config ->
                    config.authentication(a -> a.withTokenFile(TokenFileAuthenticator.parse("known-token,bob,1001\n"))))
            .withAuditing(vertx -> {
                try {
                    Files.writeString(dir.resolve("policy.yaml"), POLICY);
                    receiver = new WebhookReceiver(vertx);
                    AuditOptions options = CommandLine.populateCommand(
                            new AuditOptions(),
                            "--audit-policy-file=" + dir.resolve("policy.yaml"),
                            "--audit-log-path=" + dir.resolve("log/audit.log"),
                            "--audit-webhook-config-file=" + receiver.kubeconfig(dir),
                            "--audit-webhook-batch-max-wait=100ms",
                            "--audit-webhook-batch-max-size=5",
                            "--audit-webhook-version=audit.k8s.io/v1");
                    assertThat(options.problems()).isEmpty();
                    return options.build(vertx);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });

    @AfterAll
    static void stopReceiver() throws Exception {
        receiver.close();
    }

    @Test
    void secretsAreLoggedAtMetadataOnlyAndTheirDataNeverAppears() throws Exception {
        TestClient admin = SERVER.admin();
        String ns = namespace(admin);
        String auditId = UUID.randomUUID().toString();
        TestClient.Response created = admin.send(
                "POST",
                "/api/v1/namespaces/" + ns + "/secrets",
                "{\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"metadata\":{\"name\":\"creds\"},\"data\":{\"password\":\""
                        + SECRET_VALUE + "\"},\"stringData\":{\"token\":\"plain-secret-token\"}}",
                Map.of("Audit-Id", auditId));
        assertThat(created.status()).as(created.body()).isEqualTo(201);

        List<JsonNode> events = awaitLogged(auditId, 2);
        assertThat(events)
                .extracting(e -> e.get("stage").asText())
                .containsExactly("RequestReceived", "ResponseComplete");
        JsonNode complete = events.get(1);
        assertThat(complete.get("level").asText()).isEqualTo("Metadata");
        assertThat(complete.get("verb").asText()).isEqualTo("create");
        assertThat(complete.has("requestObject")).isFalse();
        assertThat(complete.has("responseObject")).isFalse();
        assertThat(complete.get("objectRef"))
                .isEqualTo(Json.MAPPER.readTree("{\"resource\":\"secrets\",\"namespace\":\"" + ns
                        + "\",\"name\":\"creds\",\"apiVersion\":\"v1\"}"));
        assertThat(complete.get("responseStatus")).isEqualTo(Json.MAPPER.readTree("{\"metadata\":{},\"code\":201}"));
        assertThat(complete.get("user").get("username").asText()).isEqualTo("admin");
        assertThat(complete.get("annotations")
                        .get("authorization.k8s.io/decision")
                        .asText())
                .isEqualTo("allow");

        // reading the secret back with its data, and through the webhook too: the values are nowhere
        assertThat(admin.get("/api/v1/namespaces/" + ns + "/secrets/creds").body())
                .contains(SECRET_VALUE);
        awaitWebhook(e -> e.get("auditID").asText().equals(auditId)
                && e.get("stage").asText().equals("ResponseComplete"));
        String log = Files.readString(logFile());
        assertThat(log).doesNotContain(SECRET_VALUE).doesNotContain("plain-secret-token");
        assertThat(Json.toJson(receiver.eventLists))
                .doesNotContain(SECRET_VALUE)
                .doesNotContain("plain-secret-token");
    }

    @Test
    void requestResponseLevelRecordsBothObjectsWithoutManagedFields() throws Exception {
        TestClient admin = SERVER.admin();
        String ns = namespace(admin);
        String auditId = UUID.randomUUID().toString();
        TestClient.Response created = admin.send(
                "POST",
                "/apis/core.gardener.cloud/v1beta1/projects",
                "{\"apiVersion\":\"core.gardener.cloud/v1beta1\",\"kind\":\"Project\",\"metadata\":{\"name\":\"audited\"},"
                        + "\"spec\":{\"namespace\":\"" + ns + "\"}}",
                Map.of("Audit-Id", auditId));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().path("metadata").has("managedFields")).isTrue();

        JsonNode complete = awaitLogged(auditId, 2).get(1);
        assertThat(complete.get("level").asText()).isEqualTo("RequestResponse");
        assertThat(complete.get("requestObject").get("spec").get("namespace").asText())
                .isEqualTo(ns);
        assertThat(complete.get("responseObject").get("metadata").get("uid").asText())
                .isEqualTo(created.json().get("metadata").get("uid").asText());
        assertThat(complete.get("responseObject").get("metadata").has("managedFields"))
                .isFalse();
        assertThat(complete.get("objectRef").get("apiGroup").asText()).isEqualTo("core.gardener.cloud");
        assertThat(complete.get("objectRef").get("apiVersion").asText()).isEqualTo("v1beta1");
        assertThat(complete.get("objectRef").get("name").asText()).isEqualTo("audited");
    }

    /** A GET answered from the stored bytes records that answer as its response object, as a decoded one would. */
    @Test
    void aGetsRecordedResponseIsItsAnswer() throws Exception {
        TestClient admin = SERVER.admin();
        String ns = namespace(admin);
        TestClient.Response created = admin.send(
                "POST",
                "/apis/core.gardener.cloud/v1beta1/projects",
                "{\"apiVersion\":\"core.gardener.cloud/v1beta1\",\"kind\":\"Project\",\"metadata\":{\"name\":\"read\","
                        + "\"annotations\":{\"a\":\"\\u00e9 \\\"b\\\"\"}},\"spec\":{\"namespace\":\"" + ns + "\"}}",
                Map.of());
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        for (String query : new String[] {"", "?pretty=true"}) {
            String auditId = UUID.randomUUID().toString();
            TestClient.Response read =
                    admin.get("/apis/core.gardener.cloud/v1beta1/projects/read" + query, Map.of("Audit-Id", auditId));
            assertThat(read.status()).as(read.body()).isEqualTo(200);
            JsonNode answer = read.json().deepCopy();
            ((com.fasterxml.jackson.databind.node.ObjectNode) answer.get("metadata")).remove("managedFields");
            JsonNode complete = awaitLogged(auditId, 2).get(1);
            assertThat(complete.get("level").asText()).isEqualTo("RequestResponse");
            assertThat(complete.get("verb").asText()).isEqualTo("get");
            assertThat(complete.get("responseObject")).as(query).isEqualTo(answer);
        }
    }

    @Test
    void failuresCarryTheirStatusAndTheAuthorizationDecision() throws Exception {
        String missing = UUID.randomUUID().toString();
        assertThat(SERVER.admin()
                        .send(
                                "GET",
                                "/apis/core.gardener.cloud/v1beta1/projects/nope",
                                null,
                                Map.of("Audit-Id", missing))
                        .status())
                .isEqualTo(404);
        JsonNode notFound = awaitLogged(missing, 2).get(1).get("responseStatus");
        assertThat(notFound.get("code").asInt()).isEqualTo(404);
        assertThat(notFound.get("status").asText()).isEqualTo("Failure");
        assertThat(notFound.get("reason").asText()).isEqualTo("NotFound");
        assertThat(notFound.get("message").asText()).contains("\"nope\" not found");

        String forbidden = UUID.randomUUID().toString();
        assertThat(SERVER.client("mallory", List.of())
                        .send("GET", "/api/v1/namespaces/kube-system/secrets", null, Map.of("Audit-Id", forbidden))
                        .status())
                .isEqualTo(403);
        JsonNode denied = awaitLogged(forbidden, 2).get(1);
        assertThat(denied.get("responseStatus").get("reason").asText()).isEqualTo("Forbidden");
        assertThat(denied.get("annotations")
                        .get("authorization.k8s.io/decision")
                        .asText())
                .isEqualTo("forbid");
        assertThat(denied.get("user").get("username").asText()).isEqualTo("mallory");
        assertThat(denied.get("user").get("groups"))
                .extracting(JsonNode::asText)
                .contains("system:authenticated");
    }

    @Test
    void aRefusedCredentialIsAuditedAsUpstreamsFailedAuthentication() throws Exception {
        String auditId = UUID.randomUUID().toString();
        assertThat(SERVER.anonymous()
                        .send(
                                "GET",
                                "/apis/core.gardener.cloud/v1beta1/seeds",
                                null,
                                Map.of("Audit-Id", auditId, "Authorization", "Bearer not-a-known-token"))
                        .status())
                .isEqualTo(401);
        List<JsonNode> events = awaitLogged(auditId, 1);
        assertThat(events).hasSize(1);
        JsonNode started = events.get(0);
        assertThat(started.get("stage").asText()).isEqualTo("ResponseStarted");
        assertThat(started.get("user")).isEqualTo(Json.MAPPER.createObjectNode());
        assertThat(started.get("responseStatus").toString())
                .isEqualTo("{\"metadata\":{},\"message\":\"Authentication failed, attempted: bearer\",\"code\":401}");
        assertThat(AuditEventSchema.problems(started)).isEmpty();
    }

    @Test
    void kubectlsRequestsAreAuditedWithItsUserAgent() throws Exception {
        Process kubectl = new ProcessBuilder(
                        "/usr/bin/kubectl",
                        "--kubeconfig",
                        SERVER.adminKubeconfig().toString(),
                        "get",
                        "seeds.core.gardener.cloud",
                        "-o",
                        "name")
                .redirectErrorStream(true)
                .start();
        String output = new String(kubectl.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(kubectl.waitFor()).as(output).isZero();
        long deadline = System.nanoTime() + 10_000_000_000L;
        List<JsonNode> lists;
        do {
            lists = logged(e -> e.path("userAgent").asText().startsWith("kubectl/")
                    && e.get("verb").asText().equals("list")
                    && e.path("objectRef").path("resource").asText().equals("seeds")
                    && e.get("stage").asText().equals("ResponseComplete"));
            Thread.sleep(20);
        } while (lists.isEmpty() && System.nanoTime() < deadline);
        assertThat(lists).hasSize(1);
        assertThat(lists.get(0).get("responseStatus").get("code").asInt()).isEqualTo(200);
        assertThat(lists.get(0).get("user").get("groups"))
                .extracting(JsonNode::asText)
                .contains("system:masters");
    }

    @Test
    void watchesHaveAResponseStartedStage() throws Exception {
        String auditId = UUID.randomUUID().toString();
        TestClient.Response watch = SERVER.admin()
                .send(
                        "GET",
                        "/apis/core.gardener.cloud/v1beta1/seeds?watch=1&timeoutSeconds=1",
                        null,
                        Map.of("Audit-Id", auditId));
        assertThat(watch.status()).isEqualTo(200);
        List<JsonNode> events = awaitLogged(auditId, 3);
        assertThat(events)
                .extracting(e -> e.get("stage").asText())
                .containsExactly("RequestReceived", "ResponseStarted", "ResponseComplete");
        assertThat(events.get(1).get("responseStatus").get("code").asInt()).isEqualTo(200);
        assertThat(events.get(2).get("verb").asText()).isEqualTo("watch");
        // written once the watch ended, from what it kept of the request when it began streaming
        assertThat(events.get(2).get("responseStatus").get("code").asInt()).isEqualTo(200);
        assertThat(events.get(2).get("user").get("username").asText()).isNotEmpty();
        assertThat(events.get(2).get("requestURI").asText())
                .isEqualTo("/apis/core.gardener.cloud/v1beta1/seeds?watch=1&timeoutSeconds=1");
    }

    @Test
    void sourceIpsFollowXForwardedForAndUnauditedPathsStaySilent() throws Exception {
        String auditId = UUID.randomUUID().toString();
        SERVER.admin()
                .send(
                        "GET",
                        "/version",
                        null,
                        Map.of(
                                "Audit-Id",
                                auditId,
                                "X-Forwarded-For",
                                "10.0.0.1, not-an-ip, 10.0.0.2",
                                "X-Real-Ip",
                                "10.0.0.2",
                                "User-Agent",
                                "audit-test/1.0"));
        JsonNode complete = awaitLogged(auditId, 2).get(1);
        assertThat(complete.get("sourceIPs"))
                .extracting(JsonNode::asText)
                .containsExactly("10.0.0.1", "10.0.0.2", "127.0.0.1");
        assertThat(complete.get("userAgent").asText()).isEqualTo("audit-test/1.0");
        assertThat(complete.has("objectRef")).isFalse();
        assertThat(complete.get("verb").asText()).isEqualTo("get");

        String health = UUID.randomUUID().toString();
        SERVER.admin().send("GET", "/healthz", null, Map.of("Audit-Id", health));
        // an event after it is logged, so the health check's would have been by now
        String after = UUID.randomUUID().toString();
        SERVER.admin().send("GET", "/version", null, Map.of("Audit-Id", after));
        awaitLogged(after, 2);
        assertThat(logged(e -> e.get("auditID").asText().equals(health))).isEmpty();
    }

    @Test
    void everyEventMatchesTheSchemaAndTheWebhookGetsTheSameEvents() throws Exception {
        String auditId = UUID.randomUUID().toString();
        SERVER.admin().send("GET", "/version", null, Map.of("Audit-Id", auditId));
        awaitLogged(auditId, 2);
        awaitWebhook(e -> e.get("auditID").asText().equals(auditId)
                && e.get("stage").asText().equals("ResponseComplete"));

        List<JsonNode> logged = logged(e -> true);
        assertThat(logged).isNotEmpty();
        for (JsonNode event : logged) {
            assertThat(AuditEventSchema.problems(event)).as(event.toString()).isEmpty();
        }
        for (JsonNode list : receiver.eventLists) {
            assertThat(list.get("kind").asText()).isEqualTo("EventList");
            assertThat(list.get("apiVersion").asText()).isEqualTo("audit.k8s.io/v1");
            assertThat(list.get("items").size()).isBetween(1, 5);
            list.get("items")
                    .forEach(e -> assertThat(AuditEventSchema.problems(e))
                            .as(e.toString())
                            .isEmpty());
        }
        assertThat(receiver.refused).isEmpty();
        assertThat(logged(e -> e.get("auditID").asText().equals(auditId)))
                .containsExactlyElementsOf(receiver.events().stream()
                        .filter(e -> e.get("auditID").asText().equals(auditId))
                        .toList());
        assertThat(SERVER.auditing().counters().auditEventsTotal()).isGreaterThanOrEqualTo(logged.size());
        assertThat(SERVER.auditing().counters().auditErrorsTotal("webhook")).isZero();
    }

    private static String namespace(TestClient admin) {
        String name = "garden-audit" + UUID.randomUUID().toString().substring(0, 6);
        TestClient.Response created = admin.post(
                "/api/v1/namespaces",
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"" + name + "\"}}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return name;
    }

    private static Path logFile() {
        return dir.resolve("log/audit.log");
    }

    private static List<JsonNode> logged(Predicate<JsonNode> filter) {
        try {
            List<JsonNode> out = new ArrayList<>();
            if (!Files.exists(logFile())) {
                return out;
            }
            for (String line : Files.readAllLines(logFile())) {
                JsonNode event = Json.MAPPER.readTree(line);
                if (filter.test(event)) {
                    out.add(event);
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<JsonNode> awaitLogged(String auditId, int count) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        List<JsonNode> events;
        do {
            events = logged(e -> e.get("auditID").asText().equals(auditId));
            if (events.size() >= count) {
                return events;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("expected " + count + " events of " + auditId + ", got " + events);
    }

    private static void awaitWebhook(Predicate<JsonNode> wanted) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (receiver.events().stream().anyMatch(wanted)) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the webhook did not receive the event; got "
                + receiver.events().size() + " events, refused " + receiver.refused);
    }
}

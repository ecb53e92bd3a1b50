package cloud.gardener.apiserver.admission.plugins.webhook;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcomes;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The webhook plugins against a real HTTPS webhook server: which webhooks are called, what they are sent, how their
 * answers (allow, deny, patch, malformed, none) decide the request, and the failure policy.
 */
class WebhookAdmissionTest {

    private static final GroupResource VALIDATING =
            new GroupResource("admissionregistration.k8s.io", "validatingwebhookconfigurations");
    private static final GroupResource MUTATING =
            new GroupResource("admissionregistration.k8s.io", "mutatingwebhookconfigurations");
    private static final CertificateAuthority CA = CertificateAuthority.generate("webhook-ca", Duration.ofDays(1));

    static Vertx vertx;
    static HttpServer server;
    static String base;
    /** The last review each path received. */
    static final Map<String, JsonNode> received = new ConcurrentHashMap<>();
    /** How often each path was called. */
    static final Map<String, Integer> calls = new ConcurrentHashMap<>();

    @TempDir
    Path manifests;

    InMemoryObjects objects;

    @BeforeAll
    static void webhookServer() throws Exception {
        vertx = Vertx.vertx();
        IssuedCertificate serving =
                CA.issueServing("webhook", List.of("localhost"), List.of("127.0.0.1"), Duration.ofDays(1));
        server = vertx.createHttpServer(new HttpServerOptions()
                        .setSsl(true)
                        .setKeyCertOptions(new PemKeyCertOptions()
                                .addCertValue(Buffer.buffer(serving.certificateChainPem()))
                                .addKeyValue(Buffer.buffer(serving.privateKeyPem()))))
                .requestHandler(req -> req.body().onSuccess(body -> {
                    String path = req.path();
                    JsonNode review = Json.readTree(body.getBytes());
                    received.put(path, review);
                    calls.merge(path, 1, Integer::sum);
                    String uid = review.path("request").path("uid").asText();
                    ObjectNode answer = Json.MAPPER
                            .createObjectNode()
                            .put("apiVersion", "admission.k8s.io/v1")
                            .put("kind", "AdmissionReview");
                    ObjectNode response =
                            answer.putObject("response").put("uid", uid).put("allowed", true);
                    switch (path) {
                        case "/deny" ->
                            response.put("allowed", false)
                                    .putObject("status")
                                    .put("code", 403)
                                    .put("message", "no shoots on fridays");
                        case "/deny-bare" -> response.put("allowed", false);
                        case "/patch" ->
                            response.put("patchType", "JSONPatch")
                                    .put(
                                            "patch",
                                            Base64.getEncoder()
                                                    .encodeToString(
                                                            ("[{\"op\":\"add\",\"path\":\"/metadata/labels\",\"value\":{\"patched\":\"yes\"}},"
                                                                            + "{\"op\":\"add\",\"path\":\"/spec/notAField\",\"value\":1}]")
                                                                    .getBytes(StandardCharsets.UTF_8)));
                        case "/string-data" ->
                            response.put("patchType", "JSONPatch")
                                    .put(
                                            "patch",
                                            Base64.getEncoder()
                                                    .encodeToString(("[{\"op\":\"add\",\"path\":\"/stringData\","
                                                                    + "\"value\":{\"token\":\"from-webhook\",\"a\":\"b\"}}]")
                                                            .getBytes(StandardCharsets.UTF_8)));
                        case "/wrong-uid" -> response.put("uid", "someone-else");
                        case "/warn" ->
                            response.putArray("warnings")
                                    .add("spec.region is about to go")
                                    .add("second");
                        case "/silent" -> {
                            return; // never answers
                        }
                        default -> {}
                    }
                    req.response().putHeader("Content-Type", "application/json").end(Json.toJson(answer));
                }))
                .listen(0, "127.0.0.1")
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        base = "https://127.0.0.1:" + server.actualPort();
    }

    @AfterAll
    static void stop() {
        vertx.close();
    }

    @BeforeEach
    void reset() {
        received.clear();
        calls.clear();
        objects = new InMemoryObjects().put(new GroupResource("", "namespaces"), """
                apiVersion: v1
                kind: Namespace
                metadata: {name: garden-dev, labels: {project.gardener.cloud/name: dev}}
                """);
    }

    /** A webhook configuration with one webhook on Shoot creates (unless {@code extra} says otherwise). */
    private static ObjectNode configuration(String kind, String name, String path, String extra) {
        return Requests.object("""
                apiVersion: admissionregistration.k8s.io/v1
                kind: %s
                metadata: {name: %s}
                webhooks:
                - name: %s.example.com
                  clientConfig: {url: "%s%s", caBundle: %s}
                  rules:
                  - {operations: [CREATE], apiGroups: [core.gardener.cloud], apiVersions: [v1beta1], resources: [shoots]}
                  sideEffects: None
                  admissionReviewVersions: [v1]
                %s
                """.formatted(
                        kind,
                        name,
                        name,
                        base,
                        path,
                        Base64.getEncoder().encodeToString(CA.certificatePem().getBytes(StandardCharsets.UTF_8)),
                        extra.indent(2)));
    }

    private static ObjectNode rule(ObjectNode configuration) {
        return (ObjectNode) configuration.path("webhooks").get(0).path("rules").get(0);
    }

    private ValidatingAdmissionWebhook validating() {
        return new ValidatingAdmissionWebhook(new PluginContext(objects, null, null, Clock.systemUTC(), vertx, null));
    }

    private MutatingAdmissionWebhook mutating() {
        return new MutatingAdmissionWebhook(new PluginContext(objects, null, null, Clock.systemUTC(), vertx, null));
    }

    private static ObjectNode shoot() {
        return Requests.object("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: Shoot
                metadata: {name: s1, namespace: garden-dev}
                spec: {region: eu-1}
                """);
    }

    private static Attributes create(ObjectNode shoot) {
        return Outcomes.shootRequest(Operation.CREATE, "", shoot, null);
    }

    private static void await(Future<?> result) throws Exception {
        try {
            result.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw (Exception) e.getCause();
        }
    }

    private static ApiException rejection(Future<?> result) {
        try {
            await(result);
        } catch (ApiException e) {
            return e;
        } catch (Exception e) {
            throw new AssertionError("expected an API error, got " + e, e);
        }
        throw new AssertionError("expected a rejection, the request was admitted");
    }

    @Test
    void aDenyingWebhookRefusesWithItsCodeAndMessagePrefixed() {
        objects.put(VALIDATING, configuration("ValidatingWebhookConfiguration", "deny", "/deny", ""));
        ApiException e = rejection(validating().validate(create(shoot())));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.status().message())
                .isEqualTo("admission webhook \"deny.example.com\" denied the request: no shoots on fridays");
    }

    @Test
    void aDenialWithoutStatusIsA400WithoutExplanation() {
        objects.put(VALIDATING, configuration("ValidatingWebhookConfiguration", "bare", "/deny-bare", ""));
        ApiException e = rejection(validating().validate(create(shoot())));
        assertThat(e.code()).isEqualTo(400);
        assertThat(e.status().message())
                .isEqualTo("admission webhook \"bare.example.com\" denied the request without explanation");
    }

    @Test
    void theReviewCarriesTheRequestAsKubeApiserverSendsIt() throws Exception {
        objects.put(VALIDATING, configuration("ValidatingWebhookConfiguration", "allow", "/allow", ""));
        await(validating().validate(create(shoot())));
        JsonNode review = received.get("/allow");
        assertThat(review.path("apiVersion").asText()).isEqualTo("admission.k8s.io/v1");
        JsonNode request = review.path("request");
        assertThat(request.path("uid").asText()).isNotEmpty();
        assertThat(request.path("kind"))
                .isEqualTo(
                        Json.readTree("{\"group\":\"core.gardener.cloud\",\"version\":\"v1beta1\",\"kind\":\"Shoot\"}"
                                .getBytes(UTF_8)));
        assertThat(request.path("resource").path("resource").asText()).isEqualTo("shoots");
        assertThat(request.path("requestResource")).isEqualTo(request.path("resource"));
        assertThat(request.path("namespace").asText()).isEqualTo("garden-dev");
        assertThat(request.path("name").asText()).isEqualTo("s1");
        assertThat(request.path("operation").asText()).isEqualTo("CREATE");
        assertThat(request.path("userInfo").path("username").asText()).isEqualTo("alice");
        assertThat(request.path("object").path("spec").path("region").asText()).isEqualTo("eu-1");
        assertThat(request.path("oldObject").isNull()).isTrue();
        assertThat(request.path("dryRun").asBoolean(true)).isFalse();
        assertThat(request.path("options").path("kind").asText()).isEqualTo("CreateOptions");
    }

    @Test
    void webhooksWhoseRulesSelectorsOrScopeDoNotMatchAreNotCalled() throws Exception {
        ObjectNode onDelete = configuration("ValidatingWebhookConfiguration", "on-delete", "/deny", "");
        rule(onDelete).putArray("operations").add("DELETE");
        ObjectNode clusterOnly = configuration("ValidatingWebhookConfiguration", "cluster-only", "/deny", "");
        rule(clusterOnly).put("scope", "Cluster");
        ObjectNode statusOnly = configuration("ValidatingWebhookConfiguration", "status-only", "/deny", "");
        rule(statusOnly).putArray("resources").add("shoots/status");
        objects.put(VALIDATING, onDelete)
                .put(VALIDATING, clusterOnly)
                .put(VALIDATING, statusOnly)
                .put(
                        VALIDATING,
                        configuration(
                                "ValidatingWebhookConfiguration",
                                "other-namespaces",
                                "/deny",
                                "namespaceSelector: {matchLabels: {project.gardener.cloud/name: prod}}"))
                .put(
                        VALIDATING,
                        configuration(
                                "ValidatingWebhookConfiguration",
                                "labelled-objects",
                                "/deny",
                                "objectSelector: {matchExpressions: [{key: protected, operator: Exists}]}"));
        await(validating().validate(create(shoot())));
        assertThat(received).isEmpty();

        ObjectNode labelled = shoot();
        ((ObjectNode) labelled.get("metadata")).putObject("labels").put("protected", "true");
        assertThat(rejection(validating().validate(create(labelled))).status().message())
                .startsWith("admission webhook \"labelled-objects.example.com\" denied the request");
    }

    @Test
    void matchConditionsDecideInCelWhetherTheWebhookIsCalled() throws Exception {
        objects.put(
                VALIDATING,
                configuration(
                        "ValidatingWebhookConfiguration",
                        "not-alice",
                        "/deny",
                        "matchConditions: [{name: not-alice, expression: \"request.userInfo.username != 'alice'\"}]"));
        objects.put(
                VALIDATING,
                configuration(
                        "ValidatingWebhookConfiguration",
                        "labelled",
                        "/deny",
                        "matchConditions: [{name: labelled, expression: \"has(object.metadata.labels) && "
                                + "object.metadata.labels['guarded'] == 'true'\"}]"));
        await(validating().validate(create(shoot())));
        assertThat(received).isEmpty();

        ObjectNode guarded = shoot();
        ((ObjectNode) guarded.get("metadata")).putObject("labels").put("guarded", "true");
        assertThat(rejection(validating().validate(create(guarded))).status().message())
                .startsWith("admission webhook \"labelled.example.com\" denied the request");
    }

    @Test
    void aMatchConditionThatCannotBeEvaluatedFollowsTheFailurePolicy() throws Exception {
        String broken = "matchConditions: [{name: broken, expression: \"object.spec.missing == 'x'\"}]";
        objects.put(VALIDATING, configuration("ValidatingWebhookConfiguration", "broken", "/deny", broken));
        ApiException e = rejection(validating().validate(create(shoot())));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.status().message())
                .startsWith("shoots.core.gardener.cloud \"s1\" is forbidden: expression "
                        + "'object.spec.missing == 'x'' resulted in error: ");
        assertThat(received).isEmpty();

        objects = new InMemoryObjects()
                .put(
                        VALIDATING,
                        configuration(
                                "ValidatingWebhookConfiguration",
                                "broken",
                                "/deny",
                                broken + "\nfailurePolicy: Ignore"));
        await(validating().validate(create(shoot())));
        assertThat(received).isEmpty();
    }

    @Test
    void aMutatingWebhooksPatchIsAppliedAndFieldsTheKindLacksAreDropped() throws Exception {
        objects.put(MUTATING, configuration("MutatingWebhookConfiguration", "patch", "/patch", ""));
        Attributes a = create(shoot());
        await(mutating().admit(a));
        assertThat(a.object().path("metadata").path("labels").path("patched").asText())
                .isEqualTo("yes");
        assertThat(a.object().path("spec").has("notAField")).isFalse();
        assertThat(a.object().path("spec").path("region").asText()).isEqualTo("eu-1");
        assertThat(a.object().path("kind").asText()).isEqualTo("Shoot");
    }

    /** Go converts the patched Secret back to the internal version: stringData a webhook adds lands in data. */
    @Test
    void stringDataAddedByAMutatingWebhookIsMergedIntoData() throws Exception {
        ObjectNode configuration = configuration("MutatingWebhookConfiguration", "string-data", "/string-data", "");
        rule(configuration).putArray("apiGroups").add("");
        rule(configuration).putArray("apiVersions").add("v1");
        rule(configuration).putArray("resources").add("secrets");
        objects.put(MUTATING, configuration);
        ObjectNode secret = Requests.object("""
                apiVersion: v1
                kind: Secret
                metadata: {name: s, namespace: garden-dev}
                data: {a: eA==, kept: eQ==}
                type: Opaque
                """);
        Attributes a =
                Requests.create(new GroupVersionKind("", "v1", "Secret"), new GroupResource("", "secrets"), secret);

        await(mutating().admit(a));

        assertThat(a.object().has("stringData")).as(a.object().toString()).isFalse();
        assertThat(a.object().path("data"))
                .isEqualTo(Json.readTree("{\"a\":\"Yg==\",\"kept\":\"eQ==\",\"token\":\"ZnJvbS13ZWJob29r\"}"
                        .getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theWebhooksWarningsReachTheClient() throws Exception {
        objects.put(VALIDATING, configuration("ValidatingWebhookConfiguration", "warn", "/warn", ""));
        List<String> warnings = new java.util.ArrayList<>();
        Attributes a = create(shoot());
        await(validating()
                .validate(new Attributes(
                        a.kind(),
                        a.resource(),
                        a.subresource(),
                        a.namespace(),
                        a.name(),
                        a.operation(),
                        a.object(),
                        a.oldObject(),
                        a.user(),
                        false,
                        warnings::add)));
        assertThat(warnings).containsExactly("spec.region is about to go", "second");
    }

    @Test
    void webhooksThatAskForItAreCalledAgainWhenALaterOneChangedTheObject() throws Exception {
        ObjectNode first = configuration("MutatingWebhookConfiguration", "a-observer", "/observe", "");
        ((ObjectNode) first.path("webhooks").get(0)).put("reinvocationPolicy", "IfNeeded");
        ObjectNode second = configuration("MutatingWebhookConfiguration", "b-patch", "/patch", "");
        objects.put(MUTATING, first).put(MUTATING, second);
        Attributes a = create(shoot());
        await(mutating().admit(a));
        assertThat(calls).containsEntry("/observe", 2).containsEntry("/patch", 1);
        assertThat(received.get("/observe")
                        .at("/request/object/metadata/labels/patched")
                        .asText())
                .isEqualTo("yes");

        calls.clear();
        ((ObjectNode) first.path("webhooks").get(0)).put("reinvocationPolicy", "Never");
        await(mutating().admit(create(shoot())));
        assertThat(calls).containsEntry("/observe", 1);
    }

    @Test
    void aPatchFromAValidatingWebhookIsAnInvalidResponse() {
        objects.put(VALIDATING, configuration("ValidatingWebhookConfiguration", "patch", "/patch", ""));
        ApiException e = rejection(validating().validate(create(shoot())));
        assertThat(e.code()).isEqualTo(500);
        assertThat(e.status().message())
                .isEqualTo("Internal error occurred: failed calling webhook "
                        + "\"patch.example.com\": received invalid webhook response: validating webhook may not return "
                        + "response.patch");
    }

    @Test
    void anAnswerForAnotherRequestFailsClosedOrOpenByPolicy() throws Exception {
        objects.put(VALIDATING, configuration("ValidatingWebhookConfiguration", "wrong", "/wrong-uid", ""));
        ApiException e = rejection(validating().validate(create(shoot())));
        assertThat(e.status().message())
                .startsWith("Internal error occurred: failed calling webhook "
                        + "\"wrong.example.com\": received invalid webhook response: expected response.uid=\"")
                .endsWith("\", got \"someone-else\"");

        objects = new InMemoryObjects()
                .put(
                        VALIDATING,
                        configuration(
                                "ValidatingWebhookConfiguration", "wrong", "/wrong-uid", "failurePolicy: Ignore"));
        await(validating().validate(create(shoot())));
    }

    @Test
    void anUnreachableWebhookFailsClosedWith500() {
        ObjectNode config = configuration("ValidatingWebhookConfiguration", "down", "/x", "");
        ((ObjectNode) config.path("webhooks").get(0).path("clientConfig")).put("url", "https://127.0.0.1:1/x");
        objects.put(VALIDATING, config);
        ApiException e = rejection(validating().validate(create(shoot())));
        assertThat(e.code()).isEqualTo(500);
        assertThat(e.status().message())
                .startsWith("Internal error occurred: failed calling webhook "
                        + "\"down.example.com\": failed to call webhook: Post \"https://127.0.0.1:1/x?timeout=10s\": ");
    }

    @Test
    void aSilentWebhookTimesOutAfterItsTimeout() {
        objects.put(
                VALIDATING, configuration("ValidatingWebhookConfiguration", "silent", "/silent", "timeoutSeconds: 1"));
        ApiException e = rejection(validating().validate(create(shoot())));
        assertThat(e.status().message())
                .isEqualTo("Internal error occurred: failed calling webhook "
                        + "\"silent.example.com\": failed to call webhook: Post \"" + base
                        + "/silent?timeout=1s\": context deadline exceeded");
    }

    @Test
    void aDryRunIsRefusedByWebhooksWithSideEffects() {
        ObjectNode config = configuration("ValidatingWebhookConfiguration", "effects", "/allow", "");
        ((ObjectNode) config.path("webhooks").get(0)).put("sideEffects", "Some");
        objects.put(VALIDATING, config);
        Attributes a = create(shoot());
        Attributes dryRun = new Attributes(
                a.kind(),
                a.resource(),
                a.subresource(),
                a.namespace(),
                a.name(),
                a.operation(),
                a.object(),
                a.oldObject(),
                a.user(),
                true);
        ApiException e = rejection(validating().validate(dryRun));
        assertThat(e.code()).isEqualTo(400);
        assertThat(e.status().message())
                .isEqualTo("admission webhook \"effects.example.com\" does not support dry run");
        assertThat(received).isEmpty();
    }

    @Test
    void webhookConfigurationsAreNotSentToRegisteredWebhooks() throws Exception {
        ObjectNode config = configuration("ValidatingWebhookConfiguration", "all", "/deny", "");
        ObjectNode rule = rule(config);
        rule.putArray("apiGroups").add("*");
        rule.putArray("apiVersions").add("*");
        rule.putArray("resources").add("*");
        objects.put(VALIDATING, config);
        await(validating()
                .validate(Requests.of(
                        new GroupVersionKind("admissionregistration.k8s.io", "v1", "ValidatingWebhookConfiguration"),
                        VALIDATING,
                        "",
                        Operation.CREATE,
                        config,
                        null,
                        Requests.ALICE)));
        assertThat(received).isEmpty();
    }

    @Test
    void staticManifestsAreCalledBeforeRegisteredOnesAndMustNameAUrl() throws Exception {
        Files.writeString(
                manifests.resolve("hooks.yaml"),
                Json.YAML.writeValueAsString(configuration("ValidatingWebhookConfiguration", "static", "/deny", "")));
        JsonNode settings = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "apiserver.config.k8s.io/v1")
                .put("kind", "WebhookAdmissionConfiguration")
                .put("staticManifestsDir", manifests.toString());
        ValidatingAdmissionWebhook plugin = new ValidatingAdmissionWebhook(
                new PluginContext(objects, null, settings, Clock.systemUTC(), vertx, null));
        assertThat(rejection(plugin.validate(create(shoot()))).status().message())
                .startsWith("admission webhook \"static.example.com\" denied the request");

        ObjectNode withService = configuration("ValidatingWebhookConfiguration", "svc", "/x", "");
        ((ObjectNode) withService.path("webhooks").get(0).path("clientConfig")).remove("url");
        ((ObjectNode) withService.path("webhooks").get(0).path("clientConfig"))
                .putObject("service")
                .put("namespace", "garden")
                .put("name", "hooks");
        Files.writeString(manifests.resolve("service.yaml"), Json.YAML.writeValueAsString(withService));
        assertThatThrownBy(() -> new ValidatingAdmissionWebhook(
                        new PluginContext(objects, null, settings, Clock.systemUTC(), vertx, null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("clientConfig.service is not supported for static manifests");
    }
}

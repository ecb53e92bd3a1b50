package cloud.gardener.apiserver.e2e.security;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.certs.Kubeconfig;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * A stand-in for kube-apiserver over HTTPS that speaks the real wire format of the three calls a delegating
 * server makes: {@code POST /apis/authentication.k8s.io/v1/tokenreviews},
 * {@code POST /apis/authorization.k8s.io/v1/subjectaccessreviews} and
 * {@code GET /api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication}. It requires the
 * kubeconfig's bearer token or a client certificate from its client CA, records every review it receives (so
 * tests can count cache hits) and the {@code Host} of every request, and answers from what the test configured.
 */
final class KubeApiServerDouble implements AutoCloseable {

    static final String TOKEN_REVIEWS = "/apis/authentication.k8s.io/v1/tokenreviews";
    static final String SUBJECT_ACCESS_REVIEWS = "/apis/authorization.k8s.io/v1/subjectaccessreviews";
    static final String AUTH_CONFIGMAP = "/api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication";
    private static final String CLIENT_TOKEN = "delegating-server-token";

    /** A SubjectAccessReview answer. */
    record Verdict(boolean allowed, boolean denied, String reason) {
        static Verdict allow() {
            return new Verdict(true, false, "");
        }

        static Verdict deny(String reason) {
            return new Verdict(false, true, reason);
        }

        static Verdict noOpinion(String reason) {
            return new Verdict(false, false, reason);
        }
    }

    private final Vertx vertx = Vertx.vertx();
    private final CertificateAuthority ca = CertificateAuthority.generate("kube-apiserver-ca", Duration.ofDays(1));
    private final CertificateAuthority clientCa = CertificateAuthority.generate("kube-client-ca", Duration.ofDays(1));
    private final List<String> hosts = new CopyOnWriteArrayList<>();
    private final HttpServer server;
    private final Map<String, UserInfo> tokens = new ConcurrentHashMap<>();
    private final Map<String, List<JsonNode>> received = new ConcurrentHashMap<>();
    private volatile Function<JsonNode, Verdict> authorizer = spec -> Verdict.noOpinion("");
    private final AtomicReference<Map<String, String>> configMapData = new AtomicReference<>();
    private volatile int configMapStatus = 404;
    private volatile int reviewStatus = 201;

    KubeApiServerDouble() throws Exception {
        this(List.of("localhost"), List.of("127.0.0.1"));
    }

    /** Serving with a certificate for these names and addresses only; listening on 127.0.0.1 all the same. */
    KubeApiServerDouble(List<String> dnsNames, List<String> ips) throws Exception {
        IssuedCertificate serving = ca.issueServing("kube-apiserver", dnsNames, ips, Duration.ofDays(1));
        HttpServerOptions options = new HttpServerOptions()
                .setSsl(true)
                .setKeyCertOptions(new PemKeyCertOptions()
                        .addCertValue(Buffer.buffer(serving.certificateChainPem()))
                        .addKeyValue(Buffer.buffer(serving.privateKeyPem())))
                .setClientAuth(ClientAuth.REQUEST)
                .setTrustOptions(new PemTrustOptions().addCertValue(Buffer.buffer(clientCa.certificatePem())));
        server = vertx.createHttpServer(options)
                .requestHandler(this::handle)
                .listen(0, "127.0.0.1")
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    /** A kubeconfig for this double: its CA, a bearer token. */
    Kubeconfig kubeconfig() {
        return Kubeconfig.forToken(
                "kube", "https://127.0.0.1:" + server.actualPort(), ca.certificatePem(), CLIENT_TOKEN);
    }

    /** The URL it serves on. */
    String url() {
        return "https://127.0.0.1:" + server.actualPort();
    }

    /** The CA of its serving certificate. */
    String caPem() {
        return ca.certificatePem();
    }

    /** The bearer token it accepts from the delegating server. */
    String clientToken() {
        return CLIENT_TOKEN;
    }

    /** A client certificate it accepts instead of the token. */
    IssuedCertificate issueClientCertificate() {
        return clientCa.issueClient("gardener-apiserver", List.of(), Duration.ofHours(1));
    }

    /** The {@code Host} header of every request so far. */
    List<String> hosts() {
        return List.copyOf(hosts);
    }

    void addToken(String token, UserInfo user) {
        tokens.put(token, user);
    }

    void authorizeWith(Function<JsonNode, Verdict> decide) {
        this.authorizer = decide;
    }

    /** Publishes the authentication ConfigMap with these data keys; {@code null} makes it 404. */
    void publishConfigMap(Map<String, String> data) {
        configMapData.set(data);
        configMapStatus = data == null ? 404 : 200;
    }

    /** Makes ConfigMap reads fail with {@code status}. */
    void failConfigMap(int status) {
        configMapStatus = status;
    }

    /** Makes both reviews fail with {@code status} (201 again to recover). */
    void failReviews(int status) {
        reviewStatus = status;
    }

    int calls(String path) {
        return received.getOrDefault(path, List.of()).size();
    }

    List<JsonNode> received(String path) {
        return received.getOrDefault(path, List.of());
    }

    private void handle(HttpServerRequest req) {
        hosts.add(String.valueOf(req.getHeader("Host")));
        boolean certified = req.isSSL() && req.connection().sslSession() != null && hasPeerCertificate(req);
        req.body().onSuccess(body -> {
            if (!certified && !("Bearer " + CLIENT_TOKEN).equals(req.getHeader("Authorization"))) {
                answer(req, 401, status(401, "Unauthorized", "Unauthorized"));
                return;
            }
            JsonNode json = body.length() == 0 ? Json.MAPPER.nullNode() : Json.readTree(body.getBytes());
            received.computeIfAbsent(req.path(), p -> new CopyOnWriteArrayList<>())
                    .add(json);
            switch (req.method().name() + " " + req.path()) {
                case "POST " + TOKEN_REVIEWS -> tokenReview(req, json);
                case "POST " + SUBJECT_ACCESS_REVIEWS -> subjectAccessReview(req, json);
                case "GET " + AUTH_CONFIGMAP -> configMap(req);
                default ->
                    answer(req, 404, status(404, "NotFound", "the server could not find the requested resource"));
            }
        });
    }

    /** Whether the client presented a certificate (the TLS layer verified it against the client CA). */
    private static boolean hasPeerCertificate(HttpServerRequest req) {
        try {
            return !req.connection().peerCertificates().isEmpty();
        } catch (javax.net.ssl.SSLPeerUnverifiedException e) {
            return false;
        }
    }

    private void tokenReview(HttpServerRequest req, JsonNode review) {
        if (reviewStatus != 201) {
            answer(req, reviewStatus, status(reviewStatus, "InternalError", "review backend down"));
            return;
        }
        UserInfo user = tokens.get(review.path("spec").path("token").asText());
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("apiVersion", "authentication.k8s.io/v1").put("kind", "TokenReview");
        out.putObject("metadata").putNull("creationTimestamp");
        out.set("spec", review.path("spec"));
        ObjectNode status = out.putObject("status");
        status.put("authenticated", user != null);
        ObjectNode userNode = status.putObject("user");
        if (user != null) {
            userNode.put("username", user.name()).put("uid", user.uid());
            user.groups().forEach(userNode.withArray("groups")::add);
            user.extra()
                    .forEach((key, values) ->
                            values.forEach(userNode.withObjectProperty("extra").withArray(key)::add));
        }
        answer(req, 201, out);
    }

    private void subjectAccessReview(HttpServerRequest req, JsonNode review) {
        if (reviewStatus != 201) {
            answer(req, reviewStatus, status(reviewStatus, "InternalError", "review backend down"));
            return;
        }
        Verdict verdict = authorizer.apply(review.path("spec"));
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("apiVersion", "authorization.k8s.io/v1").put("kind", "SubjectAccessReview");
        out.putObject("metadata").putNull("creationTimestamp");
        out.set("spec", review.path("spec"));
        ObjectNode status = out.putObject("status").put("allowed", verdict.allowed());
        if (verdict.denied()) {
            status.put("denied", true);
        }
        if (!verdict.reason().isEmpty()) {
            status.put("reason", verdict.reason());
        }
        answer(req, 201, out);
    }

    private void configMap(HttpServerRequest req) {
        Map<String, String> data = configMapData.get();
        if (configMapStatus != 200 || data == null) {
            int code = configMapStatus == 200 ? 404 : configMapStatus;
            answer(
                    req,
                    code,
                    status(
                            code,
                            code == 404 ? "NotFound" : "InternalError",
                            code == 404
                                    ? "configmaps \"extension-apiserver-authentication\" not found"
                                    : "etcd timeout"));
            return;
        }
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("apiVersion", "v1").put("kind", "ConfigMap");
        out.putObject("metadata")
                .put("name", "extension-apiserver-authentication")
                .put("namespace", "kube-system");
        ObjectNode dataNode = out.putObject("data");
        data.forEach(dataNode::put);
        answer(req, 200, out);
    }

    private static ObjectNode status(int code, String reason, String message) {
        ObjectNode status = Json.MAPPER.createObjectNode();
        status.put("kind", "Status")
                .put("apiVersion", "v1")
                .put("status", "Failure")
                .put("message", message)
                .put("reason", reason)
                .put("code", code);
        status.putObject("metadata");
        return status;
    }

    private static void answer(HttpServerRequest req, int code, JsonNode body) {
        req.response()
                .setStatusCode(code)
                .putHeader("Content-Type", "application/json")
                .end(Buffer.buffer(Json.toBytes(body)));
    }

    @Override
    public void close() throws ExecutionException, TimeoutException {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            // a try-with-resources close must not throw InterruptedException: keep the flag for the caller
            Thread.currentThread().interrupt();
        }
    }
}

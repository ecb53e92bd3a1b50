package cloud.gardener.apiserver.e2e.security;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.certs.KeyPairs;
import cloud.gardener.apiserver.certs.Pem;
import cloud.gardener.apiserver.e2e.Examples;
import cloud.gardener.apiserver.metrics.Scrape;
import cloud.gardener.apiserver.server.Main;
import cloud.gardener.apiserver.storage.etcd3.EtcdConfig;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The drop-in test: the server process started with the complete argument list gardener-operator (v1.150,
 * {@code pkg/component/gardener/apiserver/deployment.go} and {@code pkg/component/apiserver}) renders for a garden
 * with audit, encryption, admission configuration, watch cache sizes, request limits, logging and workload identity
 * set, in the operator's order and value formats (Go's {@code %f} and Duration strings): TLS etcd with a client
 * certificate, a virtual garden behind {@code --kubeconfig}, delegated authentication and authorization. It becomes
 * ready and serves Gardener requests.
 */
@Tag("integration")
class OperatorArgumentsTest {

    private static List<String> auditFlags(Path dir) throws Exception {
        Path policy = Files.writeString(
                dir.resolve("audit-policy.yaml"),
                "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n");
        Path webhook = Files.writeString(dir.resolve("audit-webhook-kubeconfig.yaml"), """
                apiVersion: v1
                kind: Config
                clusters:
                - name: audit
                  cluster:
                    server: https://127.0.0.1:1/audit
                contexts:
                - name: audit
                  context:
                    cluster: audit
                    user: audit
                current-context: audit
                users:
                - name: audit
                  user: {}
                """);
        return List.of(
                "--audit-policy-file=" + policy,
                "--audit-webhook-config-file=" + webhook,
                "--audit-webhook-batch-max-size=30",
                "--audit-webhook-version=audit.k8s.io/v1");
    }

    /** Gardener's kubernetesutils.TLSCipherSuites, which InjectDefaultSettings passes. */
    private static final List<String> GARDENER_CIPHER_SUITES = List.of(
            "TLS_AES_128_GCM_SHA256",
            "TLS_AES_256_GCM_SHA384",
            "TLS_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA",
            "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA",
            "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305",
            "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA",
            "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA",
            "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305");

    private static final String TOKEN = "operator-admin-token";

    @RegisterExtension
    @Order(1)
    static final EtcdExtension ETCD = EtcdExtension.withTls();

    /** The virtual garden's kube-apiserver for namespaces, secrets and config maps: a standalone server. */
    @RegisterExtension
    @Order(2)
    static final ApiServerExtension VIRTUAL_GARDEN = new ApiServerExtension();

    @Test
    void startsWithTheOperatorsArgumentsBecomesReadyAndServes(@TempDir Path dir) throws Exception {
        // a virtual garden has kube-system, where the cluster identity is published
        int kubeSystem = VIRTUAL_GARDEN
                .admin()
                .post(
                        "/api/v1/namespaces",
                        Json.MAPPER.readTree(
                                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"kube-system\"}}"))
                .status();
        assertThat(kubeSystem).isIn(201, 409);
        try (KubeApiServerDouble kube = new KubeApiServerDouble()) {
            kube.addToken(TOKEN, new UserInfo("garden-admin", "", List.of("system:masters"), Map.of()));
            kube.authorizeWith(spec -> KubeApiServerDouble.Verdict.allow());
            Path delegation = Files.writeString(
                    dir.resolve("generic-kubeconfig-delegation.yaml"),
                    kube.kubeconfig().toYaml());

            CertificateAuthority servingCa = CertificateAuthority.generate("garden-ca", Duration.ofDays(1));
            IssuedCertificate serving = servingCa.issueServing(
                    "gardener-apiserver", List.of("localhost"), List.of("127.0.0.1"), Duration.ofDays(1));
            Path tlsCert = Files.writeString(dir.resolve("tls.crt"), serving.certificateChainPem());
            Path tlsKey = Files.writeString(dir.resolve("tls.key"), serving.privateKeyPem());
            Path signingKey = Files.writeString(
                    dir.resolve("key.pem"),
                    Pem.writePrivateKey(KeyPairs.rsa2048().getPrivate()));
            Path admission = Files.writeString(
                    dir.resolve("admission-configuration.yaml"),
                    "apiVersion: apiserver.config.k8s.io/v1\nkind: AdmissionConfiguration\nplugins: []\n");
            byte[] key = new byte[32];
            new java.security.SecureRandom().nextBytes(key);
            Path encryption = Files.writeString(dir.resolve("encryption-configuration.yaml"), """
                    apiVersion: apiserver.config.k8s.io/v1
                    kind: EncryptionConfiguration
                    resources:
                    - resources:
                      - internalsecrets.core.gardener.cloud
                      - shootstates.core.gardener.cloud
                      providers:
                      - aescbc:
                          keys:
                          - name: key1
                            secret: %s
                      - identity: {}
                    """.formatted(
                            Base64.getEncoder().encodeToString(key)));
            EtcdConfig etcd = ETCD.config();
            int port;
            try (ServerSocket free = new ServerSocket(0)) {
                port = free.getLocalPort();
            }

            List<String> args = new ArrayList<>(List.of(
                    // deployment.go
                    "--authorization-always-allow-paths=/healthz",
                    "--cluster-identity=landscape-test",
                    "--authentication-kubeconfig=" + delegation,
                    "--authorization-kubeconfig=" + delegation,
                    "--kubeconfig=" + VIRTUAL_GARDEN.adminKubeconfig(),
                    "--log-level=info",
                    "--log-format=json",
                    "--secure-port=" + port,
                    "--shoot-admin-kubeconfig-max-expiration=24h0m0s",
                    "--goaway-chance=0.020000",
                    "--workload-identity-token-issuer=https://issuer.gardener.example.com/garden",
                    "--workload-identity-signing-key-file=" + signingKey,
                    // apiserver.InjectDefaultSettings
                    "--http2-max-streams-per-connection=1000",
                    "--etcd-cafile=" + etcd.caFile(),
                    "--etcd-certfile=" + etcd.certFile(),
                    "--etcd-keyfile=" + etcd.keyFile(),
                    "--etcd-servers=" + etcd.endpoints().get(0),
                    "--livez-grace-period=1m",
                    "--profiling=false",
                    "--shutdown-delay-duration=15s",
                    "--tls-cert-file=" + tlsCert,
                    "--tls-private-key-file=" + tlsKey,
                    "--tls-cipher-suites=" + String.join(",", GARDENER_CIPHER_SUITES),
                    "--feature-gates=CloudProfileCapabilities=true,InPlaceNodeUpdates=false",
                    "--max-requests-inflight=400",
                    "--max-mutating-requests-inflight=200",
                    "--vmodule=httplog=3",
                    "--v=2",
                    "--watch-cache-sizes=shoots.core.gardener.cloud#500,projects.core.gardener.cloud#100,secrets#200"));
            // apiserver.InjectAuditSettings
            args.addAll(auditFlags(dir));
            args.addAll(List.of(
                    // apiserver.InjectAdmissionSettings
                    "--enable-admission-plugins=ShootVPAEnabledByDefault",
                    "--admission-control-config-file=" + admission,
                    // apiserver.InjectEncryptionSettings
                    "--encryption-provider-config=" + encryption));

            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp",
                    System.getProperty("java.class.path"),
                    Main.class.getName()));
            command.addAll(args);
            Path log = dir.resolve("server.log");
            // its own process, as in a pod: Main's argument parsing, its shutdown hook, its working directory
            Process server = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            try {
                HttpClient client = HttpClient.newBuilder()
                        .sslContext(trusting(servingCa))
                        .connectTimeout(Duration.ofSeconds(5))
                        .build();
                String base = "https://127.0.0.1:" + port;
                int ready = 0;
                String readiness = "";
                long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
                while (ready != 200 && server.isAlive() && System.nanoTime() < deadline) {
                    Thread.sleep(500);
                    try {
                        HttpResponse<String> readyz = send(client, base + "/readyz?verbose", "GET", null);
                        ready = readyz.statusCode();
                        readiness = readyz.body();
                    } catch (java.io.IOException notYet) {
                        ready = 0;
                    }
                }
                assertThat(ready)
                        .as("readyz %s; log:%n%s", readiness, Files.readString(log))
                        .isEqualTo(200);

                HttpResponse<String> projects =
                        send(client, base + "/apis/core.gardener.cloud/v1beta1/projects", "GET", null);
                assertThat(projects.statusCode()).as(projects.body()).isEqualTo(200);
                assertThat(projects.body()).contains("\"kind\":\"ProjectList\"");
                HttpResponse<String> profile = send(
                        client,
                        base + "/apis/core.gardener.cloud/v1beta1/cloudprofiles",
                        "POST",
                        Json.MAPPER.writeValueAsString(cloudProfile()));
                assertThat(profile.statusCode()).as(profile.body()).isEqualTo(201);
                // a watch streams without its routing context: its line is written from what it kept
                HttpResponse<String> watch = send(
                        client,
                        base + "/apis/core.gardener.cloud/v1beta1/cloudprofiles?watch=true&timeoutSeconds=1",
                        "GET",
                        null);
                assertThat(watch.statusCode()).as(watch.body()).isEqualTo(200);
                // Main hands the audit machinery's counters to /metrics (the webhook is dead: events are buffered)
                HttpResponse<byte[]> metrics = client.send(
                        HttpRequest.newBuilder(URI.create(base + "/metrics"))
                                .header("Authorization", "Bearer " + TOKEN)
                                .header("Accept", Scrape.accept())
                                .build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                assertThat(metrics.statusCode()).isEqualTo(200);
                Scrape scrape = Scrape.parse(metrics.body());
                assertThat(scrape.counter("apiserver_audit_event_total", Map.of()))
                        .isGreaterThanOrEqualTo(4);
                assertThat(scrape.counter("apiserver_audit_level_total", Map.of("level", "Metadata")))
                        .isGreaterThanOrEqualTo(2);
                // --vmodule=httplog=3: every request is logged with its verb, URI and status
                // (written once the response is out, so the line may trail the response by a moment)
                long logDeadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                while (!Files.readString(log).contains("watch=true") && System.nanoTime() < logDeadline) {
                    Thread.sleep(100);
                }
                assertThat(Files.readString(log))
                        .contains("\"logger\":\"httplog\"")
                        .containsPattern(
                                "verb=\\\\\"POST\\\\\" URI=\\\\\"/apis/core.gardener.cloud/v1beta1/cloudprofiles.*resp=201")
                        // the log line is JSON: its quotes are escaped
                        .containsPattern(
                                "verb=\\\\\"GET\\\\\" URI=\\\\\"/apis/core.gardener.cloud/v1beta1/cloudprofiles"
                                        + "\\?watch=true&timeoutSeconds=1\\\\\".*user=\\\\\"[^\\\\]+\\\\\" resp=200");
                // the identity is published into the virtual garden by the post-start hook
                assertThat(VIRTUAL_GARDEN
                                .admin()
                                .get("/api/v1/namespaces/kube-system/configmaps/cluster-identity")
                                .body())
                        .contains("landscape-test");
            } finally {
                // killed, not stopped: a SIGTERM would wait out the operator's --shutdown-delay-duration=15s, and
                // the graceful shutdown is GracefulShutdownTest's subject, not this one's
                server.destroyForcibly();
                server.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
            }
        }
    }

    /** Gardener's sample CloudProfile, its provider placeholder made a real provider type. */
    private static ObjectNode cloudProfile() {
        ObjectNode profile = (ObjectNode) Examples.read("30-cloudprofile.yaml").deepCopy();
        profile.withObjectProperty("spec").put("type", "local");
        return profile;
    }

    private static HttpResponse<String> send(HttpClient client, String url, String method, String body)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(20))
                .header("Authorization", "Bearer " + TOKEN)
                .header("Content-Type", "application/json");
        request.method(
                method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static SSLContext trusting(CertificateAuthority ca) throws Exception {
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        trust.setCertificateEntry("ca", ca.certificate());
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(null, tmf.getTrustManagers(), null);
        return ssl;
    }
}

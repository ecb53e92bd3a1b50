package cloud.gardener.apiserver.e2e.security;

import static cloud.gardener.apiserver.e2e.security.KubeApiServerDouble.AUTH_CONFIGMAP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.certs.Kubeconfig;
import cloud.gardener.apiserver.delegation.KubeApiClient;
import cloud.gardener.apiserver.delegation.KubeApiException;
import cloud.gardener.apiserver.delegation.RetryBackoff;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kubeconfig field client-go honours for the clients of kube-apiserver this server makes
 * ({@code --kubeconfig}, {@code --authentication-kubeconfig}, {@code --authorization-kubeconfig}), one test each:
 * a kubeconfig file written as users write them is read and used for a call to the kube-apiserver double, and the
 * same call without the field fails.
 */
@Tag("integration")
class KubeconfigFieldsTest {

    private static final Vertx VERTX = Vertx.vertx();
    private static KubeApiServerDouble kube;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        kube = new KubeApiServerDouble();
        kube.publishConfigMap(Map.of("client-ca-file", "ca"));
    }

    @AfterAll
    static void stop() throws Exception {
        kube.close();
        VERTX.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** A kubeconfig whose current context {@code main} uses cluster {@code kube} and user {@code delegating}. */
    private Path kubeconfig(String server, List<String> clusterFields, List<String> userFields) throws IOException {
        return write("config", """
                apiVersion: v1
                kind: Config
                clusters:
                - name: kube
                  cluster:
                    server: %s
                %s
                users:
                - name: delegating
                  user:
                %s
                contexts:
                - name: main
                  context:
                    cluster: kube
                    user: delegating
                current-context: main
                """.formatted(
                        server, indent(clusterFields), userFields.isEmpty() ? "    {}" : indent(userFields)));
    }

    private Path kubeconfig(List<String> clusterFields, List<String> userFields) throws IOException {
        return kubeconfig(kube.url(), clusterFields, userFields);
    }

    private static String indent(List<String> fields) {
        return String.join("\n", fields.stream().map(f -> "    " + f).toList());
    }

    private Path write(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }

    private static String base64(String pem) {
        return Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.UTF_8));
    }

    private List<String> caData() {
        return List.of("certificate-authority-data: " + base64(kube.caPem()));
    }

    private List<String> theToken() {
        return List.of("token: " + kube.clientToken());
    }

    /** Reads the authentication ConfigMap with a client made from the kubeconfig file. */
    private static JsonNode call(Path kubeconfigFile) throws Exception {
        try (KubeApiClient client =
                new KubeApiClient(VERTX, Kubeconfig.read(kubeconfigFile), Duration.ofSeconds(5), RetryBackoff.none())) {
            return client.get(AUTH_CONFIGMAP)
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(30, TimeUnit.SECONDS);
        }
    }

    private static void assertWorks(Path kubeconfigFile) throws Exception {
        assertThat(call(kubeconfigFile).path("metadata").path("name").asText())
                .isEqualTo("extension-apiserver-authentication");
    }

    /** The call fails with a KubeApiException carrying {@code status} (0: no HTTP answer, e.g. TLS refused). */
    private static void assertFails(Path kubeconfigFile, int status) {
        assertThatThrownBy(() -> call(kubeconfigFile))
                .isInstanceOf(ExecutionException.class)
                .cause()
                .isInstanceOfSatisfying(
                        KubeApiException.class, e -> assertThat(e.status()).isEqualTo(status));
    }

    @Test
    void certificateAuthorityData() throws Exception {
        assertWorks(kubeconfig(caData(), theToken()));

        String otherCa =
                CertificateAuthority.generate("other", Duration.ofDays(1)).certificatePem();
        assertFails(kubeconfig(List.of("certificate-authority-data: " + base64(otherCa)), theToken()), 0);
    }

    @Test
    void certificateAuthorityFileRelativeToTheKubeconfig() throws Exception {
        write("conf/pki/ca.crt", kube.caPem());
        Path config = write(
                "conf/kubeconfig",
                Files.readString(kubeconfig(List.of("certificate-authority: pki/ca.crt"), theToken())));
        assertWorks(config);

        Files.delete(dir.resolve("conf/pki/ca.crt"));
        assertThatThrownBy(() -> Kubeconfig.read(config)).hasMessageContaining("ca.crt");
    }

    @Test
    void insecureSkipTlsVerify() throws Exception {
        assertWorks(kubeconfig(List.of("insecure-skip-tls-verify: true"), theToken()));

        // without it and without a CA, the system roots do not know the double's CA
        assertFails(kubeconfig(List.of(), theToken()), 0);
        // client-go refuses both at once
        assertThatThrownBy(() -> call(kubeconfig(
                        List.of(
                                "insecure-skip-tls-verify: true",
                                "certificate-authority-data: " + base64(kube.caPem())),
                        theToken())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("specifying a root certificates file with the insecure flag is not allowed");
    }

    @Test
    void tlsServerName() throws Exception {
        try (KubeApiServerDouble named = new KubeApiServerDouble(List.of("kube-apiserver.internal"), List.of())) {
            named.publishConfigMap(Map.of("client-ca-file", "ca"));
            List<String> ca = List.of("certificate-authority-data: " + base64(named.caPem()));
            List<String> withName = new ArrayList<>(ca);
            withName.add("tls-server-name: kube-apiserver.internal");
            assertWorks(kubeconfig(named.url(), withName, theToken()));
            // the name is for TLS only: the request names the URL's host
            assertThat(named.hosts()).last().isEqualTo(named.url().substring("https://".length()));

            assertFails(kubeconfig(named.url(), ca, theToken()), 0);
        }
    }

    @Test
    void clientCertificateAndKeyData() throws Exception {
        IssuedCertificate cert = kube.issueClientCertificate();
        assertWorks(kubeconfig(
                caData(),
                List.of(
                        "client-certificate-data: " + base64(cert.certificateChainPem()),
                        "client-key-data: " + base64(cert.privateKeyPem()))));

        assertFails(kubeconfig(caData(), List.of()), 401);
    }

    @Test
    void clientCertificateAndKeyFilesRelativeToTheKubeconfig() throws Exception {
        IssuedCertificate cert = kube.issueClientCertificate();
        write("user/client.crt", cert.certificateChainPem());
        write("user/client.key", cert.privateKeyPem());
        Path config = write(
                "user/kubeconfig",
                Files.readString(
                        kubeconfig(caData(), List.of("client-certificate: client.crt", "client-key: client.key"))));
        assertWorks(config);
    }

    @Test
    void bearerToken() throws Exception {
        assertWorks(kubeconfig(caData(), theToken()));

        assertFails(kubeconfig(caData(), List.of("token: not-the-token")), 401);
    }

    @Test
    void tokenFileRelativeToTheKubeconfigWinsOverToken() throws Exception {
        write("tokens/token", kube.clientToken() + "\n");
        Path config = write("tokens/kubeconfig", Files.readString(kubeconfig(caData(), List.of("tokenFile: token"))));
        assertWorks(config);

        // as client-go's CachedFileTokenSource: the file's token is sent while the file can be read
        Path both = write(
                "tokens/both",
                Files.readString(kubeconfig(caData(), List.of("token: not-the-token", "tokenFile: token"))));
        assertWorks(both);
        write("tokens/token", "stale-token");
        assertFails(both, 401);
    }

    @Test
    void proxyUrl() throws Exception {
        try (ConnectProxy proxy = new ConnectProxy()) {
            List<String> cluster = new ArrayList<>(caData());
            cluster.add("proxy-url: " + proxy.url());
            assertWorks(kubeconfig(cluster, theToken()));
            assertThat(proxy.targets()).containsOnly(kube.url().substring("https://".length()));
        }
        // a proxy that is not there: no connection at all
        List<String> cluster = new ArrayList<>(caData());
        cluster.add("proxy-url: http://127.0.0.1:1");
        assertFails(kubeconfig(cluster, theToken()), 0);
    }

    @Test
    void currentContextSelectsClusterAndUser() throws Exception {
        String contexts = """
                apiVersion: v1
                kind: Config
                clusters:
                - name: elsewhere
                  cluster:
                    server: https://127.0.0.1:1
                - name: kube
                  cluster:
                    server: %s
                    certificate-authority-data: %s
                users:
                - name: stranger
                  user:
                    token: not-the-token
                - name: delegating
                  user:
                    token: %s
                contexts:
                - name: other
                  context:
                    cluster: elsewhere
                    user: stranger
                - name: wrong-user
                  context:
                    cluster: kube
                    user: stranger
                - name: main
                  context:
                    cluster: kube
                    user: delegating
                current-context: %s
                """;
        String ca = base64(kube.caPem());
        assertWorks(write("main", contexts.formatted(kube.url(), ca, kube.clientToken(), "main")));
        assertFails(write("wrong-user", contexts.formatted(kube.url(), ca, kube.clientToken(), "wrong-user")), 401);
        assertFails(write("other", contexts.formatted(kube.url(), ca, kube.clientToken(), "other")), 0);
    }
}

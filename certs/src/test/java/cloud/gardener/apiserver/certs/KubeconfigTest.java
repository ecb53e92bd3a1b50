package cloud.gardener.apiserver.certs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Tag("integration")
class KubeconfigTest {

    private static final CertificateAuthority CA = CertificateAuthority.generate("kubeconfig-ca", Duration.ofDays(1));
    private static final IssuedCertificate ADMIN =
            CA.issueClient("admin", List.of("system:masters"), Duration.ofHours(1));

    @TempDir
    Path temp;

    @Test
    void yamlHasTheKubeconfigShapeWithBase64OfThePems() throws Exception {
        Kubeconfig config = Kubeconfig.forClientCertificate(
                        "garden", "https://127.0.0.1:8443", CA.certificatePem(), ADMIN)
                .withNamespace("garden-dev");

        JsonNode yaml = new YAMLMapper().readTree(config.toYaml());

        assertThat(yaml.path("apiVersion").asText()).isEqualTo("v1");
        assertThat(yaml.path("kind").asText()).isEqualTo("Config");
        assertThat(yaml.path("current-context").asText()).isEqualTo("garden");
        JsonNode cluster = yaml.path("clusters").get(0);
        assertThat(cluster.path("name").asText()).isEqualTo("garden");
        assertThat(cluster.path("cluster").path("server").asText()).isEqualTo("https://127.0.0.1:8443");
        assertThat(cluster.path("cluster").path("certificate-authority-data").asText())
                .isEqualTo(base64(CA.certificatePem()));
        JsonNode context = yaml.path("contexts").get(0).path("context");
        assertThat(context.path("cluster").asText()).isEqualTo("garden");
        assertThat(context.path("user").asText()).isEqualTo("garden");
        assertThat(context.path("namespace").asText()).isEqualTo("garden-dev");
        JsonNode user = yaml.path("users").get(0).path("user");
        assertThat(user.path("client-certificate-data").asText()).isEqualTo(base64(ADMIN.certificateChainPem()));
        assertThat(user.path("client-key-data").asText()).isEqualTo(base64(ADMIN.privateKeyPem()));
        assertThat(user.has("token")).isFalse();
    }

    @Test
    void parseReadsBackWhatToYamlWrote() {
        Kubeconfig certificate = Kubeconfig.forClientCertificate("a", "https://h:1", CA.certificatePem(), ADMIN)
                .withNamespace("ns");
        Kubeconfig token = Kubeconfig.forToken("b", "https://h:2", null, "secret-token");

        assertThat(Kubeconfig.parse(certificate.toYaml(), null)).isEqualTo(certificate);
        assertThat(Kubeconfig.parse(token.toYaml(), null)).isEqualTo(token);
    }

    @Test
    void connectionFieldsAndTokenFileReadBack() throws Exception {
        Path tokenFile = temp.resolve("token");
        Files.writeString(tokenFile, " file-token\n");
        Kubeconfig config = new Kubeconfig(
                "c",
                "https://10.0.0.1:6443",
                null,
                "u",
                null,
                null,
                null,
                "c",
                null,
                true,
                "kube-apiserver.internal",
                "http://proxy:3128",
                tokenFile);

        Kubeconfig read = Kubeconfig.parse(config.toYaml(), temp);

        assertThat(read.insecureSkipTlsVerify()).isTrue();
        assertThat(read.tlsServerName()).isEqualTo("kube-apiserver.internal");
        assertThat(read.proxyUrl()).isEqualTo("http://proxy:3128");
        assertThat(read.tokenFile()).isEqualTo(tokenFile);
        assertThat(read.token()).as("read at once, trimmed").isEqualTo("file-token");
    }

    @Test
    void readResolvesFileReferencesRelativeToTheKubeconfig() throws Exception {
        Files.writeString(temp.resolve("ca.crt"), CA.certificatePem());
        Files.writeString(temp.resolve("client.crt"), ADMIN.certificatePem());
        Files.writeString(temp.resolve("client.key"), ADMIN.privateKeyPem());
        Path file = temp.resolve("config");
        Files.writeString(file, """
                apiVersion: v1
                kind: Config
                current-context: ctx
                clusters:
                - name: c
                  cluster: {server: "https://10.0.0.1", certificate-authority: ca.crt}
                users:
                - name: u
                  user: {client-certificate: client.crt, client-key: client.key}
                contexts:
                - name: other
                  context: {cluster: nope, user: nope}
                - name: ctx
                  context: {cluster: c, user: u}
                """);

        Kubeconfig read = Kubeconfig.read(file);

        assertThat(read.server()).isEqualTo("https://10.0.0.1");
        assertThat(read.certificateAuthorityPem()).isEqualTo(CA.certificatePem());
        assertThat(read.clientCertificatePem()).isEqualTo(ADMIN.certificatePem());
        assertThat(read.clientKeyPem()).isEqualTo(ADMIN.privateKeyPem());
        assertThat(read.token()).isNull();
    }

    @Test
    void parseRejectsAMissingCurrentContext() {
        assertThatThrownBy(() -> Kubeconfig.parse("apiVersion: v1\nkind: Config\ncurrent-context: x\n", null))
                .isInstanceOf(PkiException.class)
                .hasMessageContaining("context named \"x\"");
    }

    @Test
    void writeIsOwnerReadableOnly() throws Exception {
        Path file = temp.resolve("sub/admin.kubeconfig");
        Kubeconfig.forToken("t", "https://h", null, "tok").write(file);

        assertThat(Files.readString(file)).contains("token: tok");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
    }

    @Test
    void kubectlConfigViewAcceptsTheFile() throws Exception {
        Assumptions.assumeTrue(kubectlInstalled(), "kubectl is not installed");
        Path file = temp.resolve("kubeconfig");
        Kubeconfig.forClientCertificate("garden", "https://127.0.0.1:8443", CA.certificatePem(), ADMIN)
                .withNamespace("garden-dev")
                .write(file);

        Kubectl.Result raw = Kubectl.run(temp, "config", "view", "--kubeconfig", file.toString(), "--raw");
        Kubectl.Result key = Kubectl.run(
                temp,
                "config",
                "view",
                "--kubeconfig",
                file.toString(),
                "--raw",
                "-o",
                "jsonpath={.users[0].user.client-key-data}");
        Kubectl.Result namespace = Kubectl.run(
                temp,
                "config",
                "view",
                "--kubeconfig",
                file.toString(),
                "--minify",
                "-o",
                "jsonpath={.contexts[0].context.namespace}");

        assertThat(raw.exitCode()).as(raw.output()).isZero();
        assertThat(raw.output()).contains("current-context: garden").contains(base64(CA.certificatePem()));
        assertThat(key.output()).isEqualTo(base64(ADMIN.privateKeyPem()));
        assertThat(namespace.output()).isEqualTo("garden-dev");
    }

    /** kubectl (Go crypto/tls) must load every key form we write and verify our serving certificate. */
    @ParameterizedTest(name = "{0} key, {1}")
    @CsvSource({"RSA_2048, pkcs8", "RSA_2048, traditional", "EC_P256, pkcs8", "EC_P256, traditional"})
    void kubectlTalksTlsWithOurCertificatesAndKeys(KeyType type, String form) throws Exception {
        Assumptions.assumeTrue(kubectlInstalled(), "kubectl is not installed");
        CertificateAuthority ca = CertificateAuthority.generate("e2e-ca", Duration.ofDays(1), type);
        IssuedCertificate serving = ca.issue(
                CertificateTemplate.serving("server", List.of("localhost"), List.of("127.0.0.1"), Duration.ofHours(1))
                        .withKeyType(type));
        IssuedCertificate client =
                ca.issue(CertificateTemplate.client("e2e-user", List.of("e2e-group"), Duration.ofHours(1))
                        .withKeyType(type));
        String keyPem = form.equals("pkcs8") ? client.privateKeyPem() : client.privateKeyPemTraditional();

        try (TinyTlsServer server = new TinyTlsServer(serving, ca.certificate())) {
            Path file = temp.resolve("kubeconfig");
            new Kubeconfig(
                            "e2e",
                            server.url(),
                            ca.certificatePem(),
                            "e2e",
                            client.certificateChainPem(),
                            keyPem,
                            null,
                            "e2e",
                            null)
                    .write(file);

            Kubectl.Result result = Kubectl.run(
                    temp, "--kubeconfig", file.toString(), "get", "--raw", "/healthz", "--request-timeout=20s");

            assertThat(result.exitCode()).as(result.output()).isZero();
            assertThat(result.output().trim()).isEqualTo("ok");
            assertThat(server.clientSubjects).contains("CN=e2e-user,O=e2e-group");
        }
    }

    private static boolean kubectlInstalled() {
        boolean installed = Kubectl.installed();
        if (!installed) {
            System.out.println("SKIPPED: kubectl is not on the PATH; kubectl acceptance tests do not run");
        }
        return installed;
    }

    private static String base64(String pem) {
        return Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.UTF_8));
    }
}

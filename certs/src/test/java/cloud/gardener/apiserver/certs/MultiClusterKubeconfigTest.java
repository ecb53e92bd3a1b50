package cloud.gardener.apiserver.certs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("integration")
class MultiClusterKubeconfigTest {

    private static final CertificateAuthority CA = CertificateAuthority.generate("shoot-ca", Duration.ofDays(1));
    private static final IssuedCertificate USER =
            CA.issueClient("gardener.cloud:admin:alice", List.of("gardener.cloud:project:admins"), Duration.ofHours(1));

    @TempDir
    Path temp;

    private static MultiClusterKubeconfig twoClusters() {
        return new MultiClusterKubeconfig(
                List.of(
                        new MultiClusterKubeconfig.Cluster(
                                "ns--s-external", "https://api.s.example.com", CA.certificatePem()),
                        new MultiClusterKubeconfig.Cluster(
                                "ns--s-wildcard-tls-seed-bound", "https://api.seed.example.com", null)),
                USER.certificateChainPem(),
                USER.privateKeyPem());
    }

    @Test
    void oneClusterAndContextPerAddressAndOneUserNamedAfterTheFirst() throws Exception {
        String yaml = twoClusters().toYaml();
        JsonNode doc = new YAMLMapper().readTree(yaml);

        assertThat(doc.path("current-context").asText()).isEqualTo("ns--s-external");
        assertThat(doc.path("clusters")).hasSize(2);
        assertThat(doc.path("clusters")
                        .get(0)
                        .path("cluster")
                        .path("certificate-authority-data")
                        .asText())
                .isEqualTo(base64(CA.certificatePem()));
        assertThat(doc.path("clusters").get(1).path("cluster").has("certificate-authority-data"))
                .isFalse();
        assertThat(doc.path("clusters").get(1).path("cluster").path("server").asText())
                .isEqualTo("https://api.seed.example.com");
        assertThat(doc.path("contexts").get(1).path("name").asText()).isEqualTo("ns--s-wildcard-tls-seed-bound");
        assertThat(doc.path("contexts").get(1).path("context").path("cluster").asText())
                .isEqualTo("ns--s-wildcard-tls-seed-bound");
        assertThat(doc.path("contexts").get(1).path("context").path("user").asText())
                .isEqualTo("ns--s-external");
        assertThat(doc.path("users")).hasSize(1);
        assertThat(doc.path("users").get(0).path("user").path("client-key-data").asText())
                .isEqualTo(base64(USER.privateKeyPem()));
        // Go's encoder sorts keys; so do we, so the documents compare textually.
        assertThat(yaml).startsWith("apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: ");
        assertThat(yaml).contains("current-context: ns--s-external\nkind: Config\npreferences: {}\nusers:\n");
    }

    @Test
    void theCurrentContextReadsBackAsASingleClusterKubeconfig() {
        Kubeconfig current = Kubeconfig.parse(twoClusters().toYaml(), null);

        assertThat(current.server()).isEqualTo("https://api.s.example.com");
        assertThat(current.certificateAuthorityPem()).isEqualTo(CA.certificatePem());
        assertThat(current.clientCertificatePem()).isEqualTo(USER.certificateChainPem());
    }

    @Test
    void needsACluster() {
        assertThatThrownBy(() -> new MultiClusterKubeconfig(List.of(), "c", "k"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void kubectlListsEveryContext() throws Exception {
        Assumptions.assumeTrue(Kubectl.installed(), "kubectl is not installed");
        Path file = temp.resolve("kubeconfig");
        Files.writeString(file, twoClusters().toYaml());

        Kubectl.Result contexts =
                Kubectl.run(temp, "config", "get-contexts", "--kubeconfig", file.toString(), "-o", "name");

        assertThat(contexts.exitCode()).as(contexts.output()).isZero();
        assertThat(contexts.output().lines()).containsExactly("ns--s-external", "ns--s-wildcard-tls-seed-bound");
    }

    private static String base64(String pem) {
        return Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.UTF_8));
    }
}

package cloud.gardener.apiserver.e2e.cluster;

import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.Kubeconfig;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Cluster mode with a {@code --kubeconfig} that has {@code insecure-skip-tls-verify: true} and no CA, as kind and
 * local setups write them: the server starts, watches the other server's namespaces and admits against them.
 */
@Tag("integration")
class InsecureKubeconfigTest {

    @RegisterExtension
    @Order(1)
    static final ApiServerExtension GARDEN = new ApiServerExtension();

    @RegisterExtension
    @Order(2)
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> config.coreKubeconfig(insecure()));

    /** The other server's admin kubeconfig without its CA, skipping verification instead, read from a file. */
    private static Kubeconfig insecure() {
        try {
            Kubeconfig admin = Kubeconfig.read(GARDEN.adminKubeconfig());
            String yaml = admin.toYaml()
                    .replaceAll("(?m)^( *)certificate-authority-data: .*$", "$1insecure-skip-tls-verify: true");
            assertThat(yaml).doesNotContain("certificate-authority");
            Path file = Files.createTempFile("insecure", ".kubeconfig");
            Files.writeString(file, yaml);
            Kubeconfig read = Kubeconfig.read(file);
            Files.delete(file);
            assertThat(read.insecureSkipTlsVerify()).isTrue();
            return read;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void startsAndReadsTheOtherServersNamespaces() {
        create(
                GARDEN.admin(),
                "/api/v1/namespaces",
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"garden-insecure\"}}");
        TestClient.Response created = SERVER.admin()
                .post(
                        "/apis/core.gardener.cloud/v1beta1/namespaces/garden-insecure/quotas",
                        "{\"metadata\":{\"name\":\"q\"},\"spec\":{\"scope\":{\"apiVersion\":\"v1\",\"kind\":\"Secret\"}}}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
    }
}

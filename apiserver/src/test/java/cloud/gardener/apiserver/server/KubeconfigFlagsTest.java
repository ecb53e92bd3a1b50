package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.CertificateAuthority;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The kubeconfig flags go through the same reading and client mapping: a kubeconfig client-go refuses stops the
 * server at start with client-go's reason, whichever flag names it.
 */
@Tag("integration")
class KubeconfigFlagsTest {

    @TempDir
    Path dir;

    private int execute(ByteArrayOutputStream captured, String... args) {
        PrintStream err = System.err;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            return Main.execute(args);
        } finally {
            System.setErr(err);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"--kubeconfig", "--authentication-kubeconfig", "--authorization-kubeconfig"})
    void aCaWithInsecureSkipTlsVerifyIsRefusedAsClientGoRefusesIt(String flag) throws Exception {
        String ca = CertificateAuthority.generate("ca", Duration.ofDays(1)).certificatePem();
        Path kubeconfig = dir.resolve("kubeconfig");
        Files.writeString(
                kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters:
                - name: kube
                  cluster:
                    server: https://127.0.0.1:1
                    certificate-authority-data: %s
                    insecure-skip-tls-verify: true
                users:
                - name: u
                  user:
                    token: t
                contexts:
                - name: c
                  context:
                    cluster: kube
                    user: u
                current-context: c
                """.formatted(Base64.getEncoder().encodeToString(ca.getBytes(StandardCharsets.UTF_8))));
        ByteArrayOutputStream captured = new ByteArrayOutputStream();

        int code = execute(
                captured,
                "--data-dir",
                dir.resolve("data").toString(),
                "--storage-backend",
                "embedded",
                "--bind-address",
                "127.0.0.1",
                "--secure-port",
                "0",
                flag,
                kubeconfig.toString());

        assertThat(code).isEqualTo(1);
        assertThat(captured.toString(StandardCharsets.UTF_8))
                .contains("specifying a root certificates file with the insecure flag is not allowed");
    }

    @Test
    void aMissingCertificateAuthorityFileNamesTheFile() throws Exception {
        Path kubeconfig = dir.resolve("conf/kubeconfig");
        Files.createDirectories(kubeconfig.getParent());
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters:
                - name: kube
                  cluster:
                    server: https://127.0.0.1:1
                    certificate-authority: missing-ca.crt
                users:
                - name: u
                  user: {}
                contexts:
                - name: c
                  context:
                    cluster: kube
                    user: u
                current-context: c
                """);
        ByteArrayOutputStream captured = new ByteArrayOutputStream();

        int code = execute(
                captured,
                "--data-dir",
                dir.resolve("data").toString(),
                "--storage-backend",
                "embedded",
                "--bind-address",
                "127.0.0.1",
                "--secure-port",
                "0",
                "--authentication-kubeconfig",
                kubeconfig.toString());

        assertThat(code).isEqualTo(1);
        // relative to the kubeconfig's directory, not the working directory
        assertThat(captured.toString(StandardCharsets.UTF_8))
                .contains(dir.resolve("conf/missing-ca.crt").toString());
    }
}

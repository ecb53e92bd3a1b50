package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.certs.KeyPairs;
import cloud.gardener.apiserver.certs.Pem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The kubeconfig and workload identity flags: defaults, gardener-apiserver's start checks, the issuer. */
class CredentialsFlagsTest {

    @TempDir
    Path temp;

    @Test
    void defaultsAreADayForKubeconfigsAndNoTokenIssuer() throws Exception {
        CredentialsConfig config = Main.credentials(parse());

        assertThat(config.adminKubeconfigMaxExpiration()).isEqualTo(Duration.ofHours(24));
        assertThat(config.viewerKubeconfigMaxExpiration()).isEqualTo(Duration.ofHours(24));
        assertThat(config.tokenIssuer()).isNull();
        assertThat(config.shootCredentialsRotationInterval()).isEqualTo(Duration.ofDays(90));
    }

    @Test
    void rotationIntervalIsAGoDurationBetweenADayAndTwoToTheThirtyTwoSeconds() throws Exception {
        assertThat(Main.credentials(parse("--shoot-credentials-rotation-interval=720h"))
                        .shootCredentialsRotationInterval())
                .isEqualTo(Duration.ofDays(30));
        assertThatThrownBy(() -> Main.credentials(parse("--shoot-credentials-rotation-interval=23h59m")))
                .hasMessage("--shoot-credentials-rotation-interval must be between 24 hours and 2^32 seconds");
    }

    @Test
    void kubeconfigMaximaAreBetweenAnHourAndTwoToTheThirtyTwoSeconds() throws Exception {
        assertThat(Main.credentials(parse(
                                "--shoot-admin-kubeconfig-max-expiration=1h",
                                "--shoot-viewer-kubeconfig-max-expiration=4294967296s"))
                        .viewerKubeconfigMaxExpiration())
                .isEqualTo(Duration.ofSeconds(1L << 32));
        assertThatThrownBy(() -> Main.credentials(parse(
                        "--shoot-admin-kubeconfig-max-expiration=59m",
                        "--shoot-viewer-kubeconfig-max-expiration=4294967297s")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--shoot-admin-kubeconfig-max-expiration must be between 1 hour and 2^32 seconds, "
                        + "--shoot-viewer-kubeconfig-max-expiration must be between 1 hour and 2^32 seconds");
    }

    @Test
    void tokenExpirationsAreBetweenTenMinutesAndTwoToTheThirtyTwoSeconds() {
        assertThatThrownBy(() -> Main.credentials(parse("--workload-identity-token-min-expiration=9m")))
                .hasMessage("--workload-identity-token-min-expiration must be between 10 minutes and 2^32 seconds");
        assertThatThrownBy(() -> Main.credentials(parse("--workload-identity-token-max-expiration=5m")))
                .hasMessage("--workload-identity-token-max-expiration must be between 10 minutes and 2^32 seconds");
    }

    @Test
    void aSigningKeyMakesATokenIssuerWhichNeedsAnHttpsIssuer() throws Exception {
        Path key = temp.resolve("key.pem");
        Files.writeString(key, Pem.writePrivateKeyTraditional(KeyPairs.ecP256().getPrivate()));

        CredentialsConfig config = Main.credentials(parse(
                "--workload-identity-signing-key-file=" + key,
                "--workload-identity-token-issuer=https://issuer.example.com/garden"));

        assertThat(config.tokenIssuer().issuer()).isEqualTo("https://issuer.example.com/garden");
        assertThat(config.tokenIssuer().key().algorithm().getName()).isEqualTo("ES256");
        assertThatThrownBy(() -> Main.credentials(parse(
                        "--workload-identity-signing-key-file=" + key,
                        "--workload-identity-token-issuer=http://issuer.example.com")))
                .hasMessage("failed to create WorkloadIdentity token issuer: issuer must be using https scheme");
        assertThatThrownBy(() -> Main.credentials(parse("--workload-identity-signing-key-file=" + key)))
                .hasMessage("failed to create WorkloadIdentity token issuer: issuer cannot be empty string");
    }

    @Test
    void aFileWithoutAKeyIsRefused() throws Exception {
        Path key = temp.resolve("not-a-key.pem");
        Files.writeString(key, "hello");

        assertThatThrownBy(() -> Main.credentials(parse("--workload-identity-signing-key-file=" + key)))
                .hasMessageStartingWith("--workload-identity-signing-key-file does not contain valid key, err: ");
    }

    private static ServerOptions parse(String... args) {
        ServerOptions options = new ServerOptions();
        new CommandLine(options).parseArgs(args);
        return options;
    }
}

package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.storage.etcd3.EtcdConfig;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Which store the flags pick: embedded unless etcd is asked for, by name or by its endpoints; and how
 * the etcd flags (several endpoints, TLS files) become the etcd configuration.
 */
class StorageBackendFlagTest {

    @Test
    void noStorageFlagsMeanTheEmbeddedStore() {
        assertThat(Main.storageBackend(parse())).isEqualTo("embedded");
    }

    @Test
    void etcdServersImplyEtcd() {
        assertThat(Main.storageBackend(parse("--etcd-servers=http://127.0.0.1:2379")))
                .isEqualTo("etcd");
    }

    @Test
    void theBackendCanBeNamed() {
        assertThat(Main.storageBackend(parse("--storage-backend=etcd"))).isEqualTo("etcd");
        assertThat(Main.storageBackend(parse("--storage-backend", "embedded"))).isEqualTo("embedded");
        assertThat(Main.storageBackend(parse("--storage-backend=etcd", "--etcd-servers=http://127.0.0.1:2379")))
                .isEqualTo("etcd");
    }

    @Test
    void contradictionsAndUnknownBackendsAreErrors() {
        assertThatThrownBy(() -> Main.storageBackend(
                        parse("--storage-backend=embedded", "--etcd-servers=http://127.0.0.1:2379")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--etcd-servers");
        assertThatThrownBy(() -> Main.storageBackend(parse("--storage-backend=sqlite")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("embedded or etcd");
    }

    @Test
    void everyEndpointAndTheTlsFilesReachTheEtcdConfig() {
        EtcdConfig config = Main.etcdConfig(parse(
                "--etcd-servers=https://10.0.0.1:2379, https://10.0.0.2:2379",
                "--etcd-servers",
                "https://10.0.0.3:2379",
                "--etcd-cafile=/pki/ca.crt",
                "--etcd-certfile=/pki/client.crt",
                "--etcd-keyfile=/pki/client.key"));
        assertThat(config.endpoints())
                .extracting(URI::toString)
                .containsExactly("https://10.0.0.1:2379", "https://10.0.0.2:2379", "https://10.0.0.3:2379");
        assertThat(config.tls()).isTrue();
        assertThat(config.caFile()).isEqualTo(Path.of("/pki/ca.crt"));
        assertThat(config.certFile()).isEqualTo(Path.of("/pki/client.crt"));
        assertThat(config.keyFile()).isEqualTo(Path.of("/pki/client.key"));
    }

    @Test
    void incompleteTlsFlagsAreErrors() {
        assertThatThrownBy(() -> Main.etcdConfig(parse("--etcd-servers=https://10.0.0.1:2379")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CA file");
        assertThatThrownBy(() -> Main.etcdConfig(parse(
                        "--etcd-servers=https://10.0.0.1:2379",
                        "--etcd-cafile=/pki/ca.crt",
                        "--etcd-certfile=/pki/client.crt")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key file");
    }

    private static ServerOptions parse(String... args) {
        ServerOptions options = new ServerOptions();
        new CommandLine(options).parseArgs(args);
        return options;
    }
}

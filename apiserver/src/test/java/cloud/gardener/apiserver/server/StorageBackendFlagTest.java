package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Which store the flags pick: embedded unless etcd is asked for, by name or by its endpoints. */
class StorageBackendFlagTest {

    @Test
    void noStorageFlagsMeanTheEmbeddedStore() {
        assertThat(Main.storageBackend(parse())).isEqualTo("embedded");
    }

    @Test
    void etcdServersImplyEtcd() {
        assertThat(Main.storageBackend(parse("--etcd-servers=http://127.0.0.1:2379"))).isEqualTo("etcd");
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
        assertThatThrownBy(() -> Main.storageBackend(parse("--storage-backend=embedded",
                "--etcd-servers=http://127.0.0.1:2379")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--etcd-servers");
        assertThatThrownBy(() -> Main.storageBackend(parse("--storage-backend=sqlite")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("embedded or etcd");
    }

    private static ServerOptions parse(String... args) {
        ServerOptions options = new ServerOptions();
        new CommandLine(options).parseArgs(args);
        return options;
    }
}

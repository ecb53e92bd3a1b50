package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.storage.etcd3.EtcdConfig;
import cloud.gardener.apiserver.storage.etcd3.EtcdStorage;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import io.vertx.core.Vertx;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code migrate} to an etcd that requires TLS and a client certificate, through the etcd TLS flags (a wrong
 * CA and other TLS failures are EtcdTlsTest's).
 */
@Tag("integration")
class MigrateOverTlsTest {

    @RegisterExtension
    static final EtcdExtension ETCD = EtcdExtension.withTls();

    @TempDir
    Path dir;

    @Test
    void theTlsFlagsReachEtcd() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            try (EmbeddedStorage store =
                    new EmbeddedStorage(vertx, dir.resolve("garden").resolve(Main.EMBEDDED))) {
                store.create(
                                "/registry-gardener/namespaces/tls",
                                "{\"kind\":\"Namespace\"}".getBytes(StandardCharsets.UTF_8))
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS);
            }
            EtcdConfig tls = ETCD.config();
            // Without the TLS flags the https endpoint is refused up front.
            assertThat(run("migrate", "--from", dir.resolve("garden").toString(), "--to-etcd", ETCD.endpoint()))
                    .isEqualTo(1);
            assertThat(run(
                            "migrate",
                            "--from",
                            dir.resolve("garden").toString(),
                            "--to-etcd",
                            ETCD.endpoint(),
                            "--etcd-cafile",
                            tls.caFile().toString(),
                            "--etcd-certfile",
                            tls.certFile().toString(),
                            "--etcd-keyfile",
                            tls.keyFile().toString()))
                    .isZero();
            try (EtcdStorage etcd = new EtcdStorage(vertx, tls)) {
                StoredObject copied = etcd.get("/registry-gardener/namespaces/tls")
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS);
                assertThat(new String(copied.value(), StandardCharsets.UTF_8)).isEqualTo("{\"kind\":\"Namespace\"}");
            }
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    private static synchronized int run(String... args) {
        PrintStream oldErr = System.err;
        PrintStream oldOut = System.out;
        try {
            System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            return Main.execute(args);
        } finally {
            System.setErr(oldErr);
            System.setOut(oldOut);
        }
    }
}

package cloud.gardener.apiserver.storage.etcd3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StorageException.Reason;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchSubscription;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import cloud.gardener.apiserver.storage.testing.RecordingWatchListener;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS to etcd ({@code --etcd-cafile}, {@code --etcd-certfile}, {@code --etcd-keyfile}): the right CA and
 * client certificate work for writes, reads and watches; a wrong CA, a missing or foreign client
 * certificate, or plain text fail promptly with UNAVAILABLE, never hang or write.
 */
@Tag("integration")
class EtcdTlsTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    @RegisterExtension
    static final EtcdExtension ETCD = EtcdExtension.withTls();

    private static Vertx vertx;

    @TempDir
    Path dir;

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stopVertx() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void createGetAndWatchOverTls() throws Exception {
        assertThat(ETCD.endpoint()).startsWith("https://");
        String prefix = ETCD.newPrefix();
        try (EtcdStorage storage = new EtcdStorage(vertx, ETCD.config())) {
            StoredObject a = await(storage.create(prefix + "a", bytes("1")));
            RecordingWatchListener listener = new RecordingWatchListener();
            WatchSubscription watch = storage.watch(prefix, a.modRevision(), listener);
            try (watch) {
                StoredObject b = await(storage.create(prefix + "b", bytes("2")));
                assertThat(listener.nextEvent(Duration.ofSeconds(10)).revision())
                        .isEqualTo(b.modRevision());
            }
            assertThat(new String(await(storage.get(prefix + "a")).value(), StandardCharsets.UTF_8))
                    .isEqualTo("1");
        }
    }

    @Test
    void aWrongCaFailsCleanly() throws Exception {
        CertificateAuthority other = CertificateAuthority.generate("not-etcds-ca", Duration.ofDays(1));
        Path wrongCa = write("wrong-ca.crt", other.certificatePem());
        EtcdConfig good = ETCD.config();
        assertUnavailable(new EtcdConfig(good.endpoints(), wrongCa, good.certFile(), good.keyFile(), TIMEOUT));
    }

    @Test
    void aClientCertificateEtcdDoesNotTrustOrNoneAtAllFailsCleanly() throws Exception {
        EtcdConfig good = ETCD.config();
        assertUnavailable(new EtcdConfig(good.endpoints(), good.caFile(), null, null, TIMEOUT));

        IssuedCertificate foreign = CertificateAuthority.generate("foreign", Duration.ofDays(1))
                .issueClient("intruder", List.of(), Duration.ofDays(1));
        Path cert = write("foreign.crt", foreign.certificateChainPem());
        Path key = write("foreign.key", foreign.privateKeyPem());
        assertUnavailable(new EtcdConfig(good.endpoints(), good.caFile(), cert, key, TIMEOUT));
    }

    @Test
    void plainTextAgainstTlsFailsCleanly() {
        URI plain = URI.create(ETCD.endpoint().replace("https://", "http://"));
        assertUnavailable(new EtcdConfig(List.of(plain), null, null, null, TIMEOUT));
    }

    @Test
    void unreadableTlsFilesAreAConfigurationError() throws Exception {
        Path garbage = write("garbage.crt", "not a certificate");
        assertThatThrownBy(() ->
                        new EtcdStorage(vertx, new EtcdConfig(ETCD.config().endpoints(), garbage, null, null, null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TLS");
    }

    @Test
    void tlsMistakesInTheConfigurationAreCaughtUpFront() {
        EtcdConfig good = ETCD.config();
        assertThatThrownBy(() -> new EtcdConfig(good.endpoints(), null, null, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("speaks TLS");
        assertThatThrownBy(() -> new EtcdConfig(good.endpoints(), null, good.certFile(), good.keyFile(), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CA file");
        assertThatThrownBy(() -> new EtcdConfig(good.endpoints(), good.caFile(), good.certFile(), null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key file");
    }

    /** Reads and writes fail with UNAVAILABLE within a few request timeouts, and nothing is written. */
    private void assertUnavailable(EtcdConfig config) {
        String key = ETCD.newPrefix() + "x";
        try (EtcdStorage storage = new EtcdStorage(vertx, config)) {
            for (Future<?> call : List.of(storage.create(key, bytes("x")), storage.get(key), storage.ping())) {
                long started = System.nanoTime();
                StorageException e = failure(call);
                assertThat(e.reason()).as(e.getMessage()).isEqualTo(Reason.UNAVAILABLE);
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(15));
            }
        }
        try (EtcdStorage storage = new EtcdStorage(vertx, ETCD.config())) {
            assertThat(failure(storage.get(key)).reason()).isEqualTo(Reason.NOT_FOUND);
        }
    }

    private Path write(String name, String content) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return file;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    private static StorageException failure(Future<?> future) {
        try {
            future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(StorageException.class);
            return (StorageException) e.getCause();
        } catch (Exception e) {
            throw new AssertionError("no outcome within 30 s", e);
        }
        throw new AssertionError("expected a failure");
    }
}

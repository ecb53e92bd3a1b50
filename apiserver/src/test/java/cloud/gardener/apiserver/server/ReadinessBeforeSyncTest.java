package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server listens before the caches admission reads through are filled, as kube-apiserver does, and
 * {@code /readyz} reports {@code informer-sync} failing until they are. Starts a server on a port: integration.
 */
@Tag("integration")
class ReadinessBeforeSyncTest {

    @Test
    void readyzFailsOnInformerSyncUntilTheObjectCacheIsFilled(@TempDir Path dir) throws Exception {
        Vertx vertx = Vertx.vertx();
        EmbeddedStorage real = new EmbeddedStorage(vertx, dir.resolve("store"));
        // the object cache's first list waits for the gate
        Promise<Void> gate = Promise.promise();
        Storage gated = (Storage) Proxy.newProxyInstance(
                Storage.class.getClassLoader(), new Class<?>[] {Storage.class}, (proxy, method, args) -> {
                    if (method.getName().equals("list")) {
                        return gate.future().compose(v -> real.list((ListRequest) args[0]));
                    }
                    return invoke(method, real, args);
                });
        CertificateAuthority ca = CertificateAuthority.generate("readiness-ca", Duration.ofDays(1));
        IssuedCertificate serving =
                ca.issueServing("gardener-apiserver", List.of("localhost"), List.of("127.0.0.1"), Duration.ofDays(1));
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        ServerConfig config = ServerConfig.builder()
                .port(port)
                .servingCertificate(serving.certificateChainPem(), serving.privateKeyPem())
                .storage(gated)
                .etcdPrefix("/registry-readiness")
                .build();
        Future<ApiServer> started = ApiServer.start(vertx, config);
        HttpClient http = client(ca);
        try {
            HttpResponse<String> notReady = awaitListening(http, port, "/readyz?verbose");
            assertThat(notReady.statusCode()).isEqualTo(500);
            assertThat(notReady.body())
                    .contains("[-]informer-sync failed: reason withheld\n", "[+]shutdown ok\n")
                    .endsWith("readyz check failed\n");
            assertThat(get(http, port, "/readyz/informer-sync").body())
                    // the watch caches, listing through the same held store, are not filled either
                    .isEqualTo("internal server error: 2 informers not started yet: [objects, watch-cache]\n");
            // informer-sync is a readiness check only; the post-start hooks (in livez as upstream) wait for the sync
            assertThat(get(http, port, "/livez?exclude=poststarthook/bootstrap-garden-cluster")
                            .statusCode())
                    .as("alive while syncing")
                    .isEqualTo(200);
            assertThat(started.isComplete()).isFalse();

            gate.complete();
            ApiServer server = started.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
            HttpResponse<String> ready = get(http, port, "/readyz?verbose");
            assertThat(ready.statusCode()).isEqualTo(200);
            assertThat(ready.body()).contains("[+]informer-sync ok\n");
            server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } finally {
            gate.tryComplete();
            real.close();
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    private static Object invoke(java.lang.reflect.Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static HttpClient client(CertificateAuthority ca) throws Exception {
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        trust.setCertificateEntry("ca", ca.certificate());
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(null, tmf.getTrustManagers(), null);
        return HttpClient.newBuilder()
                .sslContext(ssl)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    private static HttpResponse<String> get(HttpClient http, int port, String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + path))
                        .timeout(Duration.ofSeconds(10))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The first answer once the server listens (bounded wait; start is asynchronous). */
    private static HttpResponse<String> awaitListening(HttpClient http, int port, String path) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                return get(http, port, path);
            } catch (java.io.IOException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }
}

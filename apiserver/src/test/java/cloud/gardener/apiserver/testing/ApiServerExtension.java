package cloud.gardener.apiserver.testing;

import cloud.gardener.apiserver.audit.Auditing;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.certs.Kubeconfig;
import cloud.gardener.apiserver.metrics.ServerMetrics;
import cloud.gardener.apiserver.server.ApiServer;
import cloud.gardener.apiserver.server.RequestLimits;
import cloud.gardener.apiserver.server.SecureServing;
import cloud.gardener.apiserver.server.ServerConfig;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.etcd3.EtcdStorage;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import cloud.gardener.apiserver.storage.testing.TempFiles;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The real server on its own real etcd, one per test class, with generated certificates:
 *
 * <pre>
 * &#64;RegisterExtension static final ApiServerExtension SERVER = new ApiServerExtension();
 * </pre>
 *
 * It offers HTTP clients for the admin ({@code system:masters}), any other user, and anonymous
 * requests, and kubeconfig files for kubectl. {@link #withStorage} runs the server on another store
 * (e.g. the embedded one) instead of etcd.
 */
public final class ApiServerExtension implements BeforeAllCallback, AfterAllCallback {

    /** The key prefix when the server does not run on the shared test etcd. */
    private static final String OWN_STORE_PREFIX = "/registry-gardener";

    private final EtcdExtension etcd;
    private final BiFunction<Vertx, Path, Storage> storageFactory;
    private final UnaryOperator<ServerConfig.Builder> customizer;
    private Vertx vertx;
    private Storage storage;
    private ApiServer server;
    private ServerConfig.Builder builder;
    private CertificateAuthority servingCa;
    private CertificateAuthority clientCa;
    private Path dir;
    private final List<Path> kubeconfigs = new ArrayList<>();
    private RequestLimits limits = RequestLimits.DEFAULT;
    private VertxOptions vertxOptions = new VertxOptions();
    private Function<Vertx, Auditing> auditingFactory = v -> Auditing.disabled();
    private Auditing auditing;
    private SecureServing serving = SecureServing.DEFAULT;
    private ServerMetrics metrics;
    /** Values per range read of a streamed list on etcd; 0: the store's default. */
    private long etcdListChunk;

    public ApiServerExtension() {
        this(UnaryOperator.identity());
    }

    /**
     * The server with a configuration of the test's: {@code new ApiServerExtension(config -> config.eventTtl(TTL))}.
     *
     * @param customizer changes the configuration before start (flags under test); it starts as a standalone
     *                   server's with the flags' defaults, this extension's certificates, store and key prefix
     */
    public ApiServerExtension(UnaryOperator<ServerConfig.Builder> customizer) {
        this(null, customizer);
    }

    private ApiServerExtension(
            BiFunction<Vertx, Path, Storage> storageFactory, UnaryOperator<ServerConfig.Builder> customizer) {
        this.etcd = storageFactory == null ? new EtcdExtension() : null;
        this.storageFactory = storageFactory;
        this.customizer = customizer;
    }

    /**
     * The server on a store of the test's choosing instead of etcd (no etcd is started).
     *
     * @param storageFactory opens the store, given the server's Vert.x and a fresh directory of this server;
     *                       the extension closes it after the class
     */
    public static ApiServerExtension withStorage(BiFunction<Vertx, Path, Storage> storageFactory) {
        return new ApiServerExtension(storageFactory, UnaryOperator.identity());
    }

    /** {@link #withStorage(BiFunction)} with a configuration customizer. */
    public static ApiServerExtension withStorage(
            BiFunction<Vertx, Path, Storage> storageFactory, UnaryOperator<ServerConfig.Builder> customizer) {
        return new ApiServerExtension(storageFactory, customizer);
    }

    /** Starts the server with these in-flight limits and shutdown delay instead of the defaults. */
    public ApiServerExtension withLimits(RequestLimits newLimits) {
        this.limits = newLimits;
        return this;
    }

    /** Starts the server's Vert.x with these options (e.g. a strict blocked-thread checker). */
    public ApiServerExtension withVertxOptions(VertxOptions options) {
        this.vertxOptions = options;
        return this;
    }

    /** Audits with what {@code factory} builds on the server's Vert.x; closed after the server. */
    public ApiServerExtension withAuditing(Function<Vertx, Auditing> factory) {
        this.auditingFactory = factory;
        return this;
    }

    public Auditing auditing() {
        return auditing;
    }

    /**
     * Serves these metrics instead of the server's own, so that parts built outside the server (a storage with
     * encryption at rest) can report into them, as the server's main does.
     */
    public ApiServerExtension withMetrics(ServerMetrics newMetrics) {
        this.metrics = newMetrics;
        return this;
    }

    /**
     * Reads a streamed list from etcd {@code values} at a time instead of the store's default, so that a few objects
     * make several chunks.
     */
    public ApiServerExtension withEtcdListChunk(long values) {
        this.etcdListChunk = values;
        return this;
    }

    /** Starts the server with these TLS and HTTP/2 settings instead of the defaults. */
    public ApiServerExtension withServing(SecureServing newServing) {
        this.serving = newServing;
        return this;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        if (etcd != null) {
            etcd.beforeAll(context);
        }
        dir = Files.createTempDirectory("apiserver-test");
        servingCa = CertificateAuthority.generate("test-serving-ca", Duration.ofDays(1));
        clientCa = CertificateAuthority.generate("test-client-ca", Duration.ofDays(1));
        IssuedCertificate serving = servingCa.issueServing(
                "gardener-apiserver", List.of("localhost"), List.of("127.0.0.1"), Duration.ofDays(1));
        vertx = Vertx.vertx(vertxOptions);
        storage = etcd != null
                ? etcdListChunk > 0
                        ? new EtcdStorage(vertx, etcd.config(), etcdListChunk)
                        : new EtcdStorage(vertx, etcd.config())
                : storageFactory.apply(vertx, dir.resolve("store"));
        String prefix = etcd != null ? etcd.newPrefix() : OWN_STORE_PREFIX;
        builder = customizer.apply(ServerConfig.builder()
                .servingCertificate(serving.certificateChainPem(), serving.privateKeyPem())
                .clientCa(List.of(clientCa.certificate()))
                .storage(storage)
                .etcdPrefix(prefix));
        ServerConfig config = builder.build();
        auditing = auditingFactory.apply(vertx);
        server = (metrics == null
                        ? ApiServer.start(vertx, config, limits, this.serving, auditing)
                        : ApiServer.start(vertx, config, limits, this.serving, auditing, metrics))
                .toCompletionStage()
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        try {
            if (server != null) {
                server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            }
            if (auditing != null) {
                auditing.close();
            }
            if (storage != null) {
                storage.close();
            }
            if (vertx != null) {
                vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            }
        } finally {
            // the kubeconfigs and an own store live in dir; a failed shutdown must not leave them behind
            kubeconfigs.clear();
            TempFiles.deleteRecursively(dir);
            dir = null;
            if (etcd != null) {
                etcd.afterAll(context);
            }
        }
    }

    /**
     * Stops the server and starts a new one on the same store, with the configuration {@code change} makes of the
     * current one (as an operator restarts the process with other flags). The new server listens on a new port:
     * take clients and kubeconfigs again.
     */
    public void restart(UnaryOperator<ServerConfig.Builder> change) throws Exception {
        server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        builder = change.apply(builder);
        server = ApiServer.start(vertx, builder.build(), limits, serving, auditing)
                .toCompletionStage()
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
    }

    /** The etcd this server stores into (not for a server made {@link #withStorage}). */
    public EtcdExtension etcd() {
        if (etcd == null) {
            throw new IllegalStateException("this server does not run on the test etcd");
        }
        return etcd;
    }

    public int port() {
        return server.port();
    }

    /** The running server (to shut it down in a test). */
    public ApiServer server() {
        return server;
    }

    public String baseUrl() {
        return "https://127.0.0.1:" + port();
    }

    public Storage storage() {
        return storage;
    }

    public Vertx vertx() {
        return vertx;
    }

    /** The CA that signed the serving certificate (what clients trust). */
    public CertificateAuthority servingCa() {
        return servingCa;
    }

    /** The CA whose client certificates the server accepts. */
    public CertificateAuthority clientCa() {
        return clientCa;
    }

    /** A client for user {@code admin} in {@code system:masters}. */
    public TestClient admin() {
        return client("admin", List.of("system:masters"));
    }

    /** A client authenticating with a certificate for {@code user} in {@code groups}. */
    public TestClient client(String user, List<String> groups) {
        return TestClient.withCertificate(
                baseUrl(), servingCa.certificate(), clientCa.issueClient(user, groups, Duration.ofHours(2)));
    }

    /**
     * A raw HTTP/1.1 connection over TLS (no ALPN) with a client certificate for {@code user} in {@code groups}:
     * for what an HTTP client library hides (upgrade headers, half-sent bodies, the chunks of a stream).
     */
    public javax.net.ssl.SSLSocket http1Connection(String user, List<String> groups) throws Exception {
        java.security.KeyStore trust = java.security.KeyStore.getInstance(java.security.KeyStore.getDefaultType());
        trust.load(null, null);
        trust.setCertificateEntry("ca", servingCa.certificate());
        javax.net.ssl.TrustManagerFactory tmf =
                javax.net.ssl.TrustManagerFactory.getInstance(javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        IssuedCertificate client = clientCa.issueClient(user, groups, Duration.ofHours(1));
        java.security.KeyStore keys = java.security.KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry(
                "client",
                client.privateKey(),
                new char[0],
                client.chain().toArray(java.security.cert.Certificate[]::new));
        javax.net.ssl.KeyManagerFactory kmf =
                javax.net.ssl.KeyManagerFactory.getInstance(javax.net.ssl.KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, new char[0]);
        javax.net.ssl.SSLContext ssl = javax.net.ssl.SSLContext.getInstance("TLS");
        ssl.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        javax.net.ssl.SSLSocket socket =
                (javax.net.ssl.SSLSocket) ssl.getSocketFactory().createSocket("127.0.0.1", port());
        socket.setSoTimeout(30_000);
        socket.startHandshake();
        return socket;
    }

    /**
     * A raw TLS connection presenting no credentials, trusting the serving CA, before its handshake: the test
     * chooses protocols and suites (or never handshakes at all, or never sends a request).
     */
    public javax.net.ssl.SSLSocket anonymousTlsSocket() throws Exception {
        java.security.KeyStore trust = java.security.KeyStore.getInstance(java.security.KeyStore.getDefaultType());
        trust.load(null, null);
        trust.setCertificateEntry("ca", servingCa.certificate());
        javax.net.ssl.TrustManagerFactory tmf =
                javax.net.ssl.TrustManagerFactory.getInstance(javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        javax.net.ssl.SSLContext ssl = javax.net.ssl.SSLContext.getInstance("TLS");
        ssl.init(null, tmf.getTrustManagers(), null);
        javax.net.ssl.SSLSocket socket =
                (javax.net.ssl.SSLSocket) ssl.getSocketFactory().createSocket("127.0.0.1", port());
        socket.setSoTimeout(30_000);
        return socket;
    }

    /** A client presenting no credentials. */
    public TestClient anonymous() {
        return TestClient.anonymous(baseUrl(), servingCa.certificate());
    }

    /** A kubeconfig file for the admin, for kubectl. */
    public Path adminKubeconfig() throws IOException {
        return kubeconfig("admin", List.of("system:masters"));
    }

    public Path kubeconfig(String user, List<String> groups) throws IOException {
        IssuedCertificate cert = clientCa.issueClient(user, groups, Duration.ofHours(2));
        Path file = dir.resolve(user + "-" + kubeconfigs.size() + ".kubeconfig");
        Kubeconfig.forClientCertificate("test", baseUrl(), servingCa.certificatePem(), cert)
                .write(file);
        kubeconfigs.add(file);
        return file;
    }
}

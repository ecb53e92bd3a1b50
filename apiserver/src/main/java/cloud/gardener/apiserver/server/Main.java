package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.admission.FeatureGates;
import cloud.gardener.apiserver.admission.config.AdmissionConfigurationFile;
import cloud.gardener.apiserver.audit.Auditing;
import cloud.gardener.apiserver.authn.RequestHeaderConfig;
import cloud.gardener.apiserver.authn.TokenFileAuthenticator;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.certs.Kubeconfig;
import cloud.gardener.apiserver.certs.Pem;
import cloud.gardener.apiserver.certs.PkiException;
import cloud.gardener.apiserver.certs.ServingCertificates;
import cloud.gardener.apiserver.metrics.ServerMetrics;
import cloud.gardener.apiserver.registry.WatchCacheSettings;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.embedded.EmbeddedConfig;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.storage.etcd3.EtcdCompactor;
import cloud.gardener.apiserver.storage.etcd3.EtcdConfig;
import cloud.gardener.apiserver.storage.etcd3.EtcdProcess;
import cloud.gardener.apiserver.storage.etcd3.EtcdStorage;
import cloud.gardener.apiserver.storage.value.ResourceTransformers;
import cloud.gardener.apiserver.workloadidentity.SigningKey;
import cloud.gardener.apiserver.workloadidentity.TokenIssuer;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;

/**
 * Starts the server from the command line. Without {@code --etcd-servers} it is a local,
 * zero-setup server: the embedded store under {@code --data-dir} (or a private etcd there with
 * {@code --storage-backend=etcd}), a generated serving certificate and client CA, and an
 * {@code admin.kubeconfig} for a {@code system:masters} user.
 */
public final class Main {

    static final String CLIENT_CA_CERT = "client-ca.crt";
    static final String CLIENT_CA_KEY = "client-ca.key";
    static final String ADMIN_KUBECONFIG = "admin.kubeconfig";
    static final String EMBEDDED = "embedded";
    static final String ETCD = "etcd";

    private Main() {}

    public static void main(String[] args) {
        int code = execute(args);
        if (code != 0) {
            System.exit(code);
        }
    }

    /**
     * Runs the command line: the server (returns only if it fails to start) or a subcommand such as
     * {@code migrate}. The result is the process exit code: 2 for bad flags, 1 for a failure.
     */
    public static int execute(String... args) {
        ServerOptions options = new ServerOptions();
        CommandLine cli = new CommandLine(options);
        CommandLine.ParseResult parsed;
        try {
            parsed = cli.parseArgs(args);
            if (CommandLine.printHelpIfRequested(parsed)) {
                return 0;
            }
        } catch (CommandLine.ParameterException e) {
            System.err.println("Error: " + e.getMessage());
            System.err.println("Run with --help for the list of flags.");
            return 2;
        }
        List<String> loggingProblems = new ArrayList<>(LoggingOptions.problems(options));
        loggingProblems.addAll(options.audit.problems());
        if (!loggingProblems.isEmpty()) {
            System.err.println("Error: " + String.join(", ", loggingProblems));
            return 1;
        }
        try {
            if (parsed.subcommand() != null) {
                MigrateCommand migrate =
                        parsed.subcommand().commandSpec().commandLine().getCommand();
                migrate.run(System.out);
            } else {
                // the subcommand keeps the default text lines: its output is for a person at a terminal
                LoggingOptions.apply(options);
                run(options);
            }
            return 0;
        } catch (IllegalArgumentException | IllegalStateException | IOException | PkiException e) {
            // PkiException: a kubeconfig, certificate or key that cannot be read
            System.err.println("Error: " + e.getMessage());
            return 1;
        }
    }

    /**
     * Runs the server until the process is asked to stop: every flag and file is read and checked first, so a bad
     * one stops the server before it touches any data; then storage is opened, the server started and announced.
     */
    static void run(ServerOptions o) throws IOException {
        // Read first: a bad encryption config must stop the server before it touches any data.
        ResourceTransformers encryption =
                o.encryptionProviderConfig == null ? null : ResourceTransformers.load(o.encryptionProviderConfig);
        ServerConfig.Builder config = ServerConfig.builder();
        admission(o, config);
        SecureServing secureServing = secureServing(o);
        int eventLoops = eventLoops(o);
        RequestLimits limits = new RequestLimits(
                        o.maxRequestsInflight, o.maxMutatingRequestsInflight, o.shutdownDelayDuration)
                .withGoawayChance(o.goawayChance)
                .withLivezGracePeriod(o.livezGracePeriod);
        // checked now so a landscape's value is refused at start
        WatchCacheSizes watchCacheSizes = WatchCacheSizes.parse(o.watchCacheSizes);
        if (o.defaultWatchCacheSize < 0) {
            throw new IllegalArgumentException(
                    "--default-watch-cache-size must not be negative: " + o.defaultWatchCacheSize);
        }
        boolean embedded = storageBackend(o).equals(EMBEDDED);
        Files.createDirectories(o.dataDir);
        List<AutoCloseable> resources = new ArrayList<>();
        EtcdConfig etcdConfig = embedded ? null : etcd(o, resources);

        ServingCertificate serving = servingCertificate(o);
        ClientCa clientCa = clientCa(o);
        config.bindAddress(o.bindAddress)
                .port(o.securePort)
                .eventLoops(eventLoops)
                .spreadHttp2Reads(o.spreadHttp2Reads)
                .servingCertificate(serving.chainPem(), serving.keyPem())
                .requestTimeout(o.requestTimeout)
                .minRequestTimeoutSeconds(o.minRequestTimeout)
                .etcdPrefix(o.etcdPrefix)
                .authentication(authentication(o).withClientCa(clientCa.certificates()))
                .authorization(authorization(o))
                .credentials(credentials(o))
                .coreKubeconfig(o.kubeconfig == null ? null : Kubeconfig.read(o.kubeconfig))
                .projectController(true)
                .garbageCollector(true)
                .namespacedCloudProfileController(true)
                .clusterIdentity(o.clusterIdentity)
                .eventTtl(o.eventTtl);

        // room for a listener on an event loop of its own each, beside Vert.x's default of two loops per core
        Vertx vertx = Vertx.vertx(new VertxOptions()
                .setEventLoopPoolSize(Math.max(VertxOptions.DEFAULT_EVENT_LOOP_POOL_SIZE, eventLoops)));
        Auditing auditing = openAuditing(vertx, o, resources);
        // made here, not by the server, because encryption at rest reports into it from the storage below
        ServerMetrics metrics = new ServerMetrics(auditing.counters());
        Storage storage = openStorage(vertx, o, etcdConfig, auditing, resources);
        // The embedded store compacts itself; etcd needs the kube-apiserver-style compactor.
        EtcdCompactor compactor = storage instanceof EtcdStorage etcdStorage
                ? new EtcdCompactor(vertx, etcdStorage, o.etcdCompactionInterval)
                : null;
        config.storage(EncryptionAtRest.wrap(storage, encryption, o.etcdPrefix, metrics.storage()))
                .watchCache(new WatchCacheSettings(
                        o.watchCache,
                        o.defaultWatchCacheSize,
                        watchCacheSizes.sizes(),
                        progressNotifyOrdered(storage)));
        ApiServer server =
                startServer(vertx, config.build(), limits, secureServing, auditing, metrics, storage, resources);
        if (compactor != null) {
            compactor.start();
        }
        announce(o, server, clientCa.local(), serving.caPem());
        awaitShutdown(o, vertx, server, compactor, auditing, storage, resources);
    }

    /** {@code --event-loops}: 0 is one per core. */
    static int eventLoops(ServerOptions o) {
        if (o.eventLoops < 0) {
            throw new IllegalArgumentException("--event-loops must not be negative");
        }
        return o.eventLoops == 0 ? ServingConfig.defaultEventLoops() : o.eventLoops;
    }

    /** The admission flags and feature gates, the configuration file read and the plugin names checked. */
    private static void admission(ServerOptions o, ServerConfig.Builder config) throws IOException {
        Map<String, JsonNode> admissionConfigurations = o.admissionControlConfigFile == null
                ? Map.of()
                : AdmissionConfigurationFile.read(o.admissionControlConfigFile);
        AdmissionPlugins.check(o.enableAdmissionPlugins, o.disableAdmissionPlugins);
        FeatureGates featureGates = FeatureGates.parse(o.featureGates);
        AdmissionPlugins.check(featureGates);
        config.enableAdmissionPlugins(o.enableAdmissionPlugins)
                .disableAdmissionPlugins(o.disableAdmissionPlugins)
                .admissionConfigurations(admissionConfigurations)
                .featureGates(featureGates);
    }

    /** TLS and HTTP/2 settings, and the certificate and client CA files to reload when they change. */
    private static SecureServing secureServing(ServerOptions o) {
        SecureServing secureServing =
                SecureServing.fromFlags(o.tlsCipherSuites, o.tlsMinVersion, o.http2MaxStreamsPerConnection);
        if (o.tlsCertFile != null && o.tlsPrivateKeyFile != null) {
            secureServing = secureServing.withCertificateFiles(o.tlsCertFile, o.tlsPrivateKeyFile);
        }
        return o.clientCaFile == null ? secureServing : secureServing.withClientCaFile(o.clientCaFile);
    }

    /**
     * How to reach etcd: a private etcd started under the data directory (closed with {@code resources}) when no
     * {@code --etcd-servers} are given, else those.
     */
    private static EtcdConfig etcd(ServerOptions o, List<AutoCloseable> resources) throws IOException {
        if (!o.etcdServers.isEmpty()) {
            return etcdConfig(o);
        }
        EtcdProcess etcd = EtcdProcess.start(o.dataDir.resolve("etcd"));
        resources.add(etcd);
        System.out.println("Started a private etcd at " + etcd.endpoint() + " (data in " + etcd.dataDir() + ")");
        return etcd.config();
    }

    /**
     * The serving certificate.
     *
     * @param chainPem         the certificate chain
     * @param keyPem           its private key
     * @param caPem            what a client trusts to verify it (for the admin kubeconfig)
     */
    private record ServingCertificate(String chainPem, String keyPem, String caPem) {}

    /** The certificate of {@code --tls-cert-file}, or a self-signed one kept in the data directory. */
    private static ServingCertificate servingCertificate(ServerOptions o) throws IOException {
        if (o.tlsCertFile != null || o.tlsPrivateKeyFile != null) {
            if (o.tlsCertFile == null || o.tlsPrivateKeyFile == null) {
                throw new IllegalArgumentException("--tls-cert-file and --tls-private-key-file must be given together");
            }
            String certPem = Files.readString(o.tlsCertFile);
            return new ServingCertificate(certPem, Files.readString(o.tlsPrivateKeyFile), certPem);
        }
        ServingCertificates serving = ServingCertificates.loadOrCreateSelfSigned(
                o.dataDir.resolve("serving"),
                List.of("localhost", "127.0.0.1", "gardener-apiserver", "gardener-apiserver.garden.svc"));
        return new ServingCertificate(serving.certificateChainPem(), serving.privateKeyPem(), serving.caPem());
    }

    /**
     * The client CAs.
     *
     * @param certificates the CAs whose client certificates authenticate users
     * @param local        the CA generated for a local server, which signs the admin kubeconfig; null otherwise
     */
    private record ClientCa(List<X509Certificate> certificates, CertificateAuthority local) {}

    /**
     * The CAs of {@code --client-ca-file}; a local server's own CA (kept in the data directory) without it;
     * none behind a kube-apiserver, where the client CA comes from extension-apiserver-authentication instead.
     */
    private static ClientCa clientCa(ServerOptions o) throws IOException {
        if (o.clientCaFile != null) {
            return new ClientCa(Pem.readCertificates(Files.readString(o.clientCaFile)), null);
        }
        if (o.etcdServers.isEmpty() && o.authenticationKubeconfig == null) {
            CertificateAuthority localCa = loadOrCreateClientCa(o.dataDir);
            return new ClientCa(List.of(localCa.certificate()), localCa);
        }
        return new ClientCa(List.of(), null);
    }

    /** The audit backends of the flags; the policy, log file and webhook kubeconfig are checked here. */
    private static Auditing openAuditing(Vertx vertx, ServerOptions o, List<AutoCloseable> resources)
            throws IOException {
        try {
            return o.audit.build(vertx);
        } catch (IOException | RuntimeException e) {
            closeAll(resources);
            vertx.close();
            throw e;
        }
    }

    /**
     * Whether the store's progress reports never overtake its events: the embedded store's do not; etcd's can before
     * 3.4.31 and 3.5.13 (etcd-io/etcd#15220), and then the watch cache checks consistent reads against etcd's
     * revisions of the keys read.
     */
    private static boolean progressNotifyOrdered(Storage storage) {
        if (!(storage instanceof EtcdStorage etcd)) {
            return true;
        }
        try {
            boolean ordered = etcd.progressNotifyOrdered()
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(30, java.util.concurrent.TimeUnit.SECONDS);
            if (!ordered) {
                org.slf4j.LoggerFactory.getLogger(Main.class)
                        .info("etcd's progress notifications can overtake events (etcd before 3.4.31/3.5.13):"
                                + " consistent reads are checked against etcd's revisions of the keys they read");
            }
            return ordered;
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static Storage openStorage(
            Vertx vertx, ServerOptions o, EtcdConfig etcdConfig, Auditing auditing, List<AutoCloseable> resources) {
        try {
            return etcdConfig == null ? openEmbedded(vertx, o) : new EtcdStorage(vertx, etcdConfig);
        } catch (RuntimeException e) {
            auditing.close();
            closeAll(resources);
            vertx.close();
            throw e;
        }
    }

    /** Starts the server and waits (up to a minute) until it serves; on failure closes everything opened. */
    private static ApiServer startServer(
            Vertx vertx,
            ServerConfig config,
            RequestLimits limits,
            SecureServing secureServing,
            Auditing auditing,
            ServerMetrics metrics,
            Storage storage,
            List<AutoCloseable> resources) {
        try {
            return ApiServer.start(vertx, config, limits, secureServing, auditing, metrics)
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            auditing.close();
            storage.close();
            closeAll(resources);
            vertx.close();
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new IllegalStateException("could not start the server: " + cause.getMessage(), cause);
        }
    }

    /** Says where the server serves and, for a local server, how to reach it as admin. */
    private static void announce(ServerOptions o, ApiServer server, CertificateAuthority localCa, String servingCaPem)
            throws IOException {
        System.out.println("gardener-apiserver " + ServerVersion.GIT_VERSION + " serving on https://" + o.bindAddress
                + ":" + server.port());
        if (localCa != null) {
            Path kubeconfig = writeAdminKubeconfig(o.dataDir, localCa, servingCaPem, server.port());
            System.out.println("Admin access (user admin, group system:masters):");
            System.out.println("  kubectl --kubeconfig " + kubeconfig.toAbsolutePath() + " api-resources");
        }
    }

    /** Blocks until the process is asked to stop, then shuts the server down gracefully and closes the rest. */
    private static void awaitShutdown(
            ServerOptions o,
            Vertx vertx,
            ApiServer server,
            EtcdCompactor compactor,
            Auditing audit,
            Storage storage,
            List<AutoCloseable> resources) {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            try {
                                if (compactor != null) {
                                    compactor.stop();
                                }
                                // readyz fails, requests are served for the delay, then in-flight requests drain and
                                // watches end
                                server.shutdown()
                                        .toCompletionStage()
                                        .toCompletableFuture()
                                        .get(
                                                o.shutdownDelayDuration.toSeconds() + o.requestTimeout.toSeconds() + 10,
                                                TimeUnit.SECONDS);
                            } catch (Exception ignored) {
                                // shutting down anyway
                            }
                            // after the last requests: their events are written before the process ends
                            audit.close();
                            storage.close();
                            vertx.close();
                            closeAll(resources);
                            stopped.countDown();
                        },
                        "shutdown"));
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The authentication flags but the client CA, files read. */
    static AuthenticationConfig authentication(ServerOptions o) throws IOException {
        List<X509Certificate> requestHeaderCa = o.requestheaderClientCaFile == null
                ? List.of()
                : Pem.readCertificates(Files.readString(o.requestheaderClientCaFile));
        if (o.requestheaderClientCaFile != null && requestHeaderCa.isEmpty()) {
            throw new IllegalArgumentException(
                    "--requestheader-client-ca-file " + o.requestheaderClientCaFile + " holds no certificate");
        }
        RequestHeaderConfig requestHeader = new RequestHeaderConfig(
                requestHeaderCa,
                o.requestheaderAllowedNames,
                o.requestheaderUsernameHeaders,
                o.requestheaderUidHeaders,
                o.requestheaderGroupHeaders,
                o.requestheaderExtraHeadersPrefix);
        TokenFileAuthenticator tokenFile =
                o.tokenAuthFile == null ? null : TokenFileAuthenticator.read(o.tokenAuthFile);
        Kubeconfig kubeconfig = o.authenticationKubeconfig == null ? null : Kubeconfig.read(o.authenticationKubeconfig);
        return new AuthenticationConfig(
                List.of(),
                o.anonymousAuth,
                requestHeader,
                tokenFile,
                kubeconfig,
                o.authenticationTokenWebhookCacheTtl,
                o.authenticationTolerateLookupFailure,
                AuthenticationConfig.DEFAULT_CONFIGMAP_REFRESH);
    }

    /** The authorization flags, files read. */
    static AuthorizationConfig authorization(ServerOptions o) throws IOException {
        Kubeconfig kubeconfig = o.authorizationKubeconfig == null ? null : Kubeconfig.read(o.authorizationKubeconfig);
        return new AuthorizationConfig(
                kubeconfig,
                o.authorizationWebhookCacheAuthorizedTtl,
                o.authorizationWebhookCacheUnauthorizedTtl,
                o.authorizationAlwaysAllowPaths);
    }

    /**
     * The credential flags, checked as gardener-apiserver's {@code ExtraOptions.Validate} does (every problem at
     * once), the signing key read and the token issuer built.
     */
    static CredentialsConfig credentials(ServerOptions o) throws IOException {
        List<String> problems = new ArrayList<>();
        Duration maxUint32 = Duration.ofSeconds(1L << 32);
        if (outside(o.shootAdminKubeconfigMaxExpiration, Duration.ofHours(1), maxUint32)) {
            problems.add("--shoot-admin-kubeconfig-max-expiration must be between 1 hour and 2^32 seconds");
        }
        if (outside(o.shootViewerKubeconfigMaxExpiration, Duration.ofHours(1), maxUint32)) {
            problems.add("--shoot-viewer-kubeconfig-max-expiration must be between 1 hour and 2^32 seconds");
        }
        if (outside(o.workloadIdentityTokenMinExpiration, Duration.ofMinutes(10), maxUint32)) {
            problems.add("--workload-identity-token-min-expiration must be between 10 minutes and 2^32 seconds");
        }
        if (outside(o.workloadIdentityTokenMaxExpiration, Duration.ofMinutes(10), maxUint32)) {
            problems.add("--workload-identity-token-max-expiration must be between 10 minutes and 2^32 seconds");
        }
        if (outside(o.shootCredentialsRotationInterval, Duration.ofHours(24), maxUint32)) {
            problems.add("--shoot-credentials-rotation-interval must be between 24 hours and 2^32 seconds");
        }
        if (o.workloadIdentityTokenIssuer != null && !o.workloadIdentityTokenIssuer.isEmpty()) {
            try {
                new URI(o.workloadIdentityTokenIssuer);
            } catch (java.net.URISyntaxException e) {
                problems.add("--workload-identity-token-issuer is not a valid URL, err: " + e.getMessage());
            }
        }
        SigningKey key = null;
        if (o.workloadIdentitySigningKeyFile != null) {
            try {
                key = SigningKey.fromPem(Files.readString(o.workloadIdentitySigningKeyFile));
            } catch (RuntimeException e) {
                problems.add("--workload-identity-signing-key-file does not contain valid key, err: " + e.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join(", ", problems));
        }
        TokenIssuer issuer = null;
        if (key != null) {
            try {
                issuer = new TokenIssuer(
                        key,
                        o.workloadIdentityTokenIssuer,
                        o.workloadIdentityTokenMinExpiration,
                        o.workloadIdentityTokenMaxExpiration,
                        java.time.Clock.systemUTC());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "failed to create WorkloadIdentity token issuer: " + e.getMessage(), e);
            }
        }
        return new CredentialsConfig(
                o.shootAdminKubeconfigMaxExpiration,
                o.shootViewerKubeconfigMaxExpiration,
                issuer,
                o.shootCredentialsRotationInterval);
    }

    private static boolean outside(Duration value, Duration min, Duration max) {
        return value.compareTo(min) < 0 || value.compareTo(max) > 0;
    }

    /**
     * The backend the flags ask for: {@code --storage-backend} when given, etcd with {@code --etcd-servers},
     * else the embedded store.
     */
    static String storageBackend(ServerOptions o) {
        if (o.storageBackend == null || o.storageBackend.isBlank()) {
            return o.etcdServers.isEmpty() ? EMBEDDED : ETCD;
        }
        String backend = o.storageBackend.trim();
        if (!backend.equals(EMBEDDED) && !backend.equals(ETCD)) {
            throw new IllegalArgumentException("--storage-backend must be embedded or etcd, not " + backend);
        }
        if (backend.equals(EMBEDDED) && !o.etcdServers.isEmpty()) {
            throw new IllegalArgumentException("--etcd-servers cannot be combined with --storage-backend=embedded");
        }
        return backend;
    }

    /** How to reach the etcd of {@code --etcd-servers}: every member, with the TLS flags. */
    static EtcdConfig etcdConfig(ServerOptions o) {
        List<URI> endpoints = o.etcdServers.stream()
                .map(String::trim)
                .filter(e -> !e.isEmpty())
                .map(URI::create)
                .toList();
        return new EtcdConfig(endpoints, o.etcdCaFile, o.etcdCertFile, o.etcdKeyFile, null);
    }

    private static EmbeddedStorage openEmbedded(Vertx vertx, ServerOptions o) {
        Path dir = o.dataDir.resolve(EMBEDDED);
        EmbeddedStorage storage = new EmbeddedStorage(
                vertx, new EmbeddedConfig(dir, o.etcdCompactionInterval, EmbeddedConfig.DEFAULT_READERS));
        System.out.println("Using the embedded store in " + dir.toAbsolutePath());
        return storage;
    }

    private static CertificateAuthority loadOrCreateClientCa(Path dataDir) throws IOException {
        Path cert = dataDir.resolve(CLIENT_CA_CERT);
        Path key = dataDir.resolve(CLIENT_CA_KEY);
        if (Files.exists(cert) && Files.exists(key)) {
            return CertificateAuthority.load(Files.readString(cert), Files.readString(key));
        }
        CertificateAuthority ca = CertificateAuthority.generate("gardener-apiserver-client-ca", Duration.ofDays(3650));
        Files.writeString(key, ca.privateKeyPem());
        key.toFile().setReadable(false, false);
        key.toFile().setReadable(true, true);
        Files.writeString(cert, ca.certificatePem());
        return ca;
    }

    private static Path writeAdminKubeconfig(Path dataDir, CertificateAuthority ca, String servingCaPem, int port)
            throws IOException {
        IssuedCertificate admin = ca.issueClient("admin", List.of("system:masters"), Duration.ofDays(365));
        Kubeconfig kubeconfig =
                Kubeconfig.forClientCertificate("gardener-apiserver", "https://127.0.0.1:" + port, servingCaPem, admin);
        Path file = dataDir.resolve(ADMIN_KUBECONFIG);
        kubeconfig.write(file);
        return file;
    }

    private static void closeAll(List<AutoCloseable> resources) {
        for (AutoCloseable r : resources) {
            try {
                r.close();
            } catch (Exception ignored) {
                // best effort on the way out
            }
        }
    }
}

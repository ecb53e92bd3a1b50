package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.certs.Kubeconfig;
import cloud.gardener.apiserver.certs.Pem;
import cloud.gardener.apiserver.certs.ServingCertificates;
import cloud.gardener.apiserver.storage.etcd3.EtcdCompactor;
import cloud.gardener.apiserver.storage.etcd3.EtcdConfig;
import cloud.gardener.apiserver.storage.etcd3.EtcdProcess;
import cloud.gardener.apiserver.storage.etcd3.EtcdStorage;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;

/**
 * Starts the server from the command line. Without {@code --etcd-servers} it is a local,
 * zero-setup server: a private etcd under {@code --data-dir}, a generated serving certificate and
 * client CA, and an {@code admin.kubeconfig} for a {@code system:masters} user.
 */
public final class Main {

    static final String CLIENT_CA_CERT = "client-ca.crt";
    static final String CLIENT_CA_KEY = "client-ca.key";
    static final String ADMIN_KUBECONFIG = "admin.kubeconfig";

    private Main() {
    }

    public static void main(String[] args) {
        ServerOptions options = new ServerOptions();
        CommandLine cli = new CommandLine(options);
        try {
            CommandLine.ParseResult parsed = cli.parseArgs(args);
            if (CommandLine.printHelpIfRequested(parsed)) {
                return;
            }
        } catch (CommandLine.ParameterException e) {
            System.err.println("Error: " + e.getMessage());
            System.err.println("Run with --help for the list of flags.");
            System.exit(2);
        }
        try {
            run(options);
        } catch (IllegalArgumentException | IllegalStateException | IOException e) {
            System.err.println("Error: " + e.getMessage());
            System.exit(1);
        }
    }

    static void run(ServerOptions o) throws IOException {
        Files.createDirectories(o.dataDir);
        boolean local = o.etcdServers.isEmpty();
        List<AutoCloseable> resources = new ArrayList<>();
        EtcdConfig etcdConfig;
        if (local) {
            EtcdProcess etcd = EtcdProcess.start(o.dataDir.resolve("etcd"));
            resources.add(etcd);
            etcdConfig = etcd.config();
            System.out.println("Started a private etcd at " + etcd.endpoint() + " (data in " + etcd.dataDir() + ")");
        } else {
            List<URI> endpoints = o.etcdServers.stream().map(String::trim).map(URI::create).toList();
            etcdConfig = new EtcdConfig(endpoints, o.etcdCaFile, o.etcdCertFile, o.etcdKeyFile, null);
        }

        String certPem;
        String keyPem;
        String servingCaPem;
        if (o.tlsCertFile != null || o.tlsPrivateKeyFile != null) {
            if (o.tlsCertFile == null || o.tlsPrivateKeyFile == null) {
                throw new IllegalArgumentException("--tls-cert-file and --tls-private-key-file must be given together");
            }
            certPem = Files.readString(o.tlsCertFile);
            keyPem = Files.readString(o.tlsPrivateKeyFile);
            servingCaPem = certPem;
        } else {
            ServingCertificates serving = ServingCertificates.loadOrCreateSelfSigned(o.dataDir.resolve("serving"),
                    List.of("localhost", "127.0.0.1", "gardener-apiserver", "gardener-apiserver.garden.svc"));
            certPem = serving.certificateChainPem();
            keyPem = serving.privateKeyPem();
            servingCaPem = serving.caPem();
        }

        List<X509Certificate> clientCa = new ArrayList<>();
        CertificateAuthority localCa = null;
        if (o.clientCaFile != null) {
            clientCa.addAll(Pem.readCertificates(Files.readString(o.clientCaFile)));
        } else if (local) {
            localCa = loadOrCreateClientCa(o.dataDir);
            clientCa.add(localCa.certificate());
        }

        Vertx vertx = Vertx.vertx();
        EtcdStorage storage = new EtcdStorage(vertx, etcdConfig);
        EtcdCompactor compactor = new EtcdCompactor(vertx, storage, o.etcdCompactionInterval);
        ServerConfig config = new ServerConfig(o.bindAddress, o.securePort, certPem, keyPem, clientCa, o.anonymousAuth,
                storage, o.etcdPrefix, true, o.requestTimeout, o.minRequestTimeout, o.enableAdmissionPlugins,
                o.disableAdmissionPlugins);
        ApiServer server;
        try {
            server = ApiServer.start(vertx, config).toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            closeAll(resources);
            vertx.close();
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new IllegalStateException("could not start the server: " + cause.getMessage(), cause);
        }
        compactor.start();
        System.out.println("gardener-apiserver " + ServerVersion.GIT_VERSION + " serving on https://"
                + o.bindAddress + ":" + server.port());
        if (localCa != null) {
            Path kubeconfig = writeAdminKubeconfig(o.dataDir, localCa, servingCaPem, server.port());
            System.out.println("Admin access (user admin, group system:masters):");
            System.out.println("  kubectl --kubeconfig " + kubeconfig.toAbsolutePath() + " api-resources");
        }

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                compactor.stop();
                server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // shutting down anyway
            }
            storage.close();
            vertx.close();
            closeAll(resources);
            stopped.countDown();
        }, "shutdown"));
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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
        Kubeconfig kubeconfig = Kubeconfig.forClientCertificate("gardener-apiserver", "https://127.0.0.1:" + port,
                servingCaPem, admin);
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

package cloud.gardener.apiserver.storage.testing;

import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.storage.etcd3.EtcdConfig;
import cloud.gardener.apiserver.storage.etcd3.EtcdProcess;
import cloud.gardener.apiserver.storage.etcd3.EtcdTls;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One private etcd per test class. Register it on a static field:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final EtcdExtension ETCD = new EtcdExtension();
 * }</pre>
 *
 * Tests share the server, so each should write under its own {@link #newPrefix()}. {@link #withTls()}
 * runs etcd with client TLS and client-certificate authentication, certificates minted by a fresh CA.
 */
public final class EtcdExtension implements BeforeAllCallback, AfterAllCallback {

    private final Duration progressInterval;
    private final List<String> extraArgs;
    private final boolean tls;
    private final AtomicInteger prefixes = new AtomicInteger();
    private Path dataDir;
    private Path pkiDir;
    private CertificateAuthority ca;
    private EtcdProcess etcd;

    public EtcdExtension() {
        this(Duration.ofSeconds(1), List.of());
    }

    /**
     * @param progressInterval etcd's periodic watch progress interval (short, so bookmarks flow in tests)
     * @param extraArgs        further etcd flags, e.g. small quotas for limit tests
     */
    public EtcdExtension(Duration progressInterval, List<String> extraArgs) {
        this(progressInterval, extraArgs, false);
    }

    private EtcdExtension(Duration progressInterval, List<String> extraArgs, boolean tls) {
        this.progressInterval = progressInterval;
        this.extraArgs = List.copyOf(extraArgs);
        this.tls = tls;
    }

    /**
     * etcd serving {@code https} only and requiring a client certificate; {@link #config()} carries the CA
     * and a client certificate, both from {@link #ca()}.
     */
    public static EtcdExtension withTls() {
        return new EtcdExtension(Duration.ofSeconds(1), List.of(), true);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        String name = context.getRequiredTestClass().getSimpleName();
        dataDir = Files.createTempDirectory("etcd-" + name + "-");
        if (!tls) {
            etcd = EtcdProcess.start(dataDir, progressInterval, extraArgs);
            return;
        }
        pkiDir = Files.createTempDirectory("etcd-pki-" + name + "-");
        ca = CertificateAuthority.generate("etcd-test-ca", Duration.ofDays(1));
        IssuedCertificate serving =
                ca.issueServing("etcd", List.of("localhost"), List.of("127.0.0.1"), Duration.ofDays(1));
        IssuedCertificate client = ca.issueClient("gardener-apiserver", List.of(), Duration.ofDays(1));
        Files.writeString(pkiDir.resolve("ca.crt"), ca.certificatePem());
        Files.writeString(pkiDir.resolve("server.crt"), serving.certificateChainPem());
        Files.writeString(pkiDir.resolve("server.key"), serving.privateKeyPem());
        Files.writeString(pkiDir.resolve("client.crt"), client.certificateChainPem());
        Files.writeString(pkiDir.resolve("client.key"), client.privateKeyPem());
        etcd = EtcdProcess.startTls(
                dataDir,
                new EtcdTls(pkiDir.resolve("server.crt"), pkiDir.resolve("server.key"), pkiDir.resolve("ca.crt")));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (etcd != null) {
            etcd.close();
            etcd = null;
        }
        for (Path dir : new Path[] {dataDir, pkiDir}) {
            if (dir != null) {
                TempFiles.deleteRecursively(dir);
            }
        }
        dataDir = null;
        pkiDir = null;
    }

    public String endpoint() {
        return process().endpoint();
    }

    /** How to reach this etcd; with TLS, trusting {@link #ca()} and presenting a client certificate it signed. */
    public EtcdConfig config() {
        if (!tls) {
            return process().config();
        }
        return new EtcdConfig(
                List.of(URI.create(endpoint())),
                pkiDir.resolve("ca.crt"),
                pkiDir.resolve("client.crt"),
                pkiDir.resolve("client.key"),
                null);
    }

    /** The CA behind etcd's serving certificate and the client certificates it accepts (TLS only). */
    public CertificateAuthority ca() {
        if (ca == null) {
            throw new IllegalStateException("this etcd does not serve TLS");
        }
        return ca;
    }

    /** The running server, for fault injection (kill, restart, pid). */
    public EtcdProcess process() {
        if (etcd == null) {
            throw new IllegalStateException("etcd is not running; register EtcdExtension on a static field");
        }
        return etcd;
    }

    /** A key prefix no other test of this run uses, ending in {@code /}. */
    public String newPrefix() {
        return "/test-" + prefixes.incrementAndGet() + "-"
                + UUID.randomUUID().toString().substring(0, 8) + "/";
    }
}

package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.certs.Keys;
import cloud.gardener.apiserver.certs.Pem;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.PemKeyCertOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Upstream's dynamic serving certificate: {@code --tls-cert-file} and {@code --tls-private-key-file} are re-read
 * periodically (a mounted Secret changes by a symlink swap, so polling sees it as reliably as a watch) and, when
 * their content changed and still forms a usable pair, new connections are handshaken with the new certificate.
 * Connections already open keep theirs. A pair that cannot be used is logged and the previous one stays.
 */
final class ServingCertificateReloader {

    private static final Logger LOG = LoggerFactory.getLogger(ServingCertificateReloader.class);

    private final Vertx vertx;
    private final ServedTls served;
    private final Path certFile;
    private final Path keyFile;
    private byte[] lastCert;
    private byte[] lastKey;
    private long timer = -1;

    ServingCertificateReloader(Vertx vertx, ServedTls served, Path certFile, Path keyFile) {
        this.vertx = vertx;
        this.served = served;
        this.certFile = certFile;
        this.keyFile = keyFile;
    }

    /**
     * Remembers the files as served now and checks them every {@code interval}; a changed pair goes to the served
     * options, which Vert.x hands to the server owning the shared socket, so every listener serves it.
     */
    void start(java.time.Duration interval) {
        try {
            lastCert = Files.readAllBytes(certFile);
            lastKey = Files.readAllBytes(keyFile);
        } catch (java.io.IOException e) {
            LOG.warn("serving certificate files unreadable, the next check retries: {}", e.getMessage());
        }
        timer = vertx.setPeriodic(Math.max(1, interval.toMillis()), id -> check());
    }

    void stop() {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
    }

    /** Why the files do not form a certificate chain and its private key; null when they do. */
    private static String pairProblem(byte[] certPem, byte[] keyPem) {
        try {
            java.util.List<java.security.cert.X509Certificate> chain =
                    Pem.readCertificates(new String(certPem, StandardCharsets.US_ASCII));
            if (chain.isEmpty()) {
                return "no certificate";
            }
            java.security.PrivateKey key = Pem.readPrivateKey(new String(keyPem, StandardCharsets.US_ASCII));
            return Keys.matches(chain.get(0).getPublicKey(), key)
                    ? null
                    : "the private key does not belong to the certificate";
        } catch (RuntimeException e) {
            return e.getMessage();
        }
    }

    private void check() {
        vertx.<byte[][]>executeBlocking(
                        () -> new byte[][] {Files.readAllBytes(certFile), Files.readAllBytes(keyFile)}, false)
                .onSuccess(read -> {
                    if (Arrays.equals(read[0], lastCert) && Arrays.equals(read[1], lastKey)) {
                        return;
                    }
                    String problem = pairProblem(read[0], read[1]);
                    if (problem != null) {
                        // e.g. the certificate already replaced, its key not yet: the next check sees both
                        LOG.warn("serving certificate in {} not loaded, the previous one stays: {}", certFile, problem);
                        return;
                    }
                    PemKeyCertOptions pair = new PemKeyCertOptions()
                            .addCertValue(Buffer.buffer(read[0]))
                            .addKeyValue(Buffer.buffer(read[1]));
                    served.update(options -> options.setKeyCertOptions(pair))
                            .onSuccess(updated -> {
                                lastCert = read[0];
                                lastKey = read[1];
                                LOG.info("serving certificate reloaded from {}", certFile);
                            })
                            .onFailure(e -> LOG.warn(
                                    "serving certificate in {} not loaded, the previous one stays: {}",
                                    certFile,
                                    e.getMessage()));
                })
                .onFailure(e -> LOG.warn("serving certificate files unreadable: {}", e.getMessage()));
    }
}

package cloud.gardener.apiserver.server;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.ServerSSLOptions;
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
    private final HttpServer http;
    private final ServerSSLOptions base;
    private final Path certFile;
    private final Path keyFile;
    private byte[] lastCert;
    private byte[] lastKey;
    private long timer = -1;

    ServingCertificateReloader(Vertx vertx, HttpServer http, ServerSSLOptions base, Path certFile, Path keyFile) {
        this.vertx = vertx;
        this.http = http;
        this.base = base;
        this.certFile = certFile;
        this.keyFile = keyFile;
    }

    /** Remembers the files as served now and checks them every {@code interval}. */
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

    private void check() {
        vertx.<byte[][]>executeBlocking(() -> new byte[][] {Files.readAllBytes(certFile), Files.readAllBytes(keyFile)},
                false).onSuccess(read -> {
                    if (Arrays.equals(read[0], lastCert) && Arrays.equals(read[1], lastKey)) {
                        return;
                    }
                    ServerSSLOptions next = base.copy().setKeyCertOptions(new PemKeyCertOptions()
                            .addCertValue(Buffer.buffer(read[0])).addKeyValue(Buffer.buffer(read[1])));
                    http.updateSSLOptions(next).onSuccess(updated -> {
                        lastCert = read[0];
                        lastKey = read[1];
                        LOG.info("serving certificate reloaded from {}", certFile);
                    }).onFailure(e -> LOG.warn("serving certificate in {} not loaded, the previous one stays: {}",
                            certFile, e.getMessage()));
                }).onFailure(e -> LOG.warn("serving certificate files unreadable: {}", e.getMessage()));
    }
}

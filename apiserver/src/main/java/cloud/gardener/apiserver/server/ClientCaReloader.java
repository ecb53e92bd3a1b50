package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.certs.Pem;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Upstream's dynamic client CA: {@code --client-ca-file} is re-read periodically and, when its content changed and
 * still holds certificates, client certificates are verified against the new bundle from the next request on, and
 * new connections' certificate requests name its CAs ({@link ServedTls} rebuilds the TLS context).
 */
final class ClientCaReloader {

    private static final Logger LOG = LoggerFactory.getLogger(ClientCaReloader.class);

    private final Vertx vertx;
    private final AuthenticationSources sources;
    private final Path file;
    private byte[] last;
    private long timer = -1;

    ClientCaReloader(Vertx vertx, AuthenticationSources sources, Path file) {
        this.vertx = vertx;
        this.sources = sources;
        this.file = file;
    }

    void start(Duration interval) {
        try {
            last = Files.readAllBytes(file);
        } catch (java.io.IOException e) {
            LOG.warn("client CA file unreadable, the next check retries: {}", e.getMessage());
        }
        timer = vertx.setPeriodic(Math.max(1, interval.toMillis()), id -> check());
    }

    void stop() {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
    }

    private void check() {
        vertx.executeBlocking(() -> Files.readAllBytes(file), false)
                .onSuccess(read -> {
                    if (Arrays.equals(read, last)) {
                        return;
                    }
                    List<X509Certificate> bundle;
                    try {
                        bundle = Pem.readCertificates(new String(read, StandardCharsets.US_ASCII));
                    } catch (RuntimeException e) {
                        LOG.warn("client CA in {} not loaded, the previous one stays: {}", file, e.getMessage());
                        return;
                    }
                    if (bundle.isEmpty()) {
                        LOG.warn("client CA in {} holds no certificate, the previous one stays", file);
                        return;
                    }
                    sources.replaceFlagClientCa(bundle);
                    last = read;
                    LOG.info("client CA reloaded from {}", file);
                })
                .onFailure(e -> LOG.warn("client CA file unreadable: {}", e.getMessage()));
    }
}

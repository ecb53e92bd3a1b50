package cloud.gardener.apiserver.server;

import java.time.Duration;

/**
 * Where and how the server listens, and how long a request may take.
 *
 * @param bindAddress              {@code --bind-address}
 * @param port                     {@code --secure-port}; 0 picks a free one
 * @param certChainPem             the serving certificate chain (PEM)
 * @param keyPem                   its private key (PEM)
 * @param requestTimeout           {@code --request-timeout}: deadline of non-long-running requests
 * @param minRequestTimeoutSeconds {@code --min-request-timeout}: minimum watch lifetime
 * @param eventLoops               {@code --event-loops}: how many event loops serve HTTPS, each with a listener of
 *                                 its own on the shared port (connections are dealt out in turn)
 * @param spreadHttp2Reads         {@code --spread-http2-reads}: hand the GETs (single objects, lists) of a busy
 *                                 HTTP/2 connection to the other event loops ({@link StreamSpread})
 */
public record ServingConfig(
        String bindAddress,
        int port,
        String certChainPem,
        String keyPem,
        Duration requestTimeout,
        int minRequestTimeoutSeconds,
        int eventLoops,
        boolean spreadHttp2Reads) {

    public ServingConfig {
        if (eventLoops < 1) {
            throw new IllegalArgumentException("--event-loops must be at least 1");
        }
    }

    /** One event loop per core, the default. */
    public static int defaultEventLoops() {
        return Runtime.getRuntime().availableProcessors();
    }
}

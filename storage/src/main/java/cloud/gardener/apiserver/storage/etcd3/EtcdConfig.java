package cloud.gardener.apiserver.storage.etcd3;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * How to reach etcd.
 *
 * @param endpoints      client URLs, e.g. {@code http://127.0.0.1:2379} (at least one)
 * @param caFile         PEM bundle to verify etcd's serving certificate; when set the client speaks TLS
 * @param certFile       PEM client certificate (optional, with {@code keyFile})
 * @param keyFile        PEM PKCS#8 private key of the client certificate (optional)
 * @param requestTimeout deadline of every unary request; a write that exceeds it fails with UNAVAILABLE
 */
public record EtcdConfig(List<URI> endpoints, Path caFile, Path certFile, Path keyFile, Duration requestTimeout) {

    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(10);

    public EtcdConfig {
        endpoints = List.copyOf(Objects.requireNonNull(endpoints, "endpoints"));
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("at least one etcd endpoint is required");
        }
        if ((certFile == null) != (keyFile == null)) {
            throw new IllegalArgumentException("an etcd client certificate needs both cert file and key file");
        }
        if (caFile == null && certFile != null) {
            throw new IllegalArgumentException("an etcd client certificate needs TLS: give the CA file too");
        }
        for (URI endpoint : endpoints) {
            if ("https".equalsIgnoreCase(endpoint.getScheme()) && caFile == null) {
                throw new IllegalArgumentException("etcd endpoint " + endpoint + " speaks TLS: give the CA file");
            }
        }
        requestTimeout = requestTimeout == null ? DEFAULT_REQUEST_TIMEOUT : requestTimeout;
        if (requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("etcd request timeout must be positive");
        }
    }

    /** Plain-text endpoints with the default timeout, e.g. {@code of("http://127.0.0.1:2379")}. */
    public static EtcdConfig of(String... endpoints) {
        return new EtcdConfig(Arrays.stream(endpoints).map(URI::create).toList(), null, null, null, null);
    }

    public boolean tls() {
        return caFile != null;
    }

    public EtcdConfig withRequestTimeout(Duration timeout) {
        return new EtcdConfig(endpoints, caFile, certFile, keyFile, timeout);
    }
}

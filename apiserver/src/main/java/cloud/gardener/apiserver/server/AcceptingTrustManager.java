package cloud.gardener.apiserver.server;

import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import javax.net.ssl.X509TrustManager;

/**
 * Lets every client certificate through the handshake and names the client CAs (client-ca and
 * request-header CA, read whenever a TLS context is built: {@link ServedTls} rebuilds it when they rotate) as
 * acceptable issuers. Trust is decided
 * per request by the authenticators: a certificate that does not verify makes the request fail
 * authentication (401) rather than the connection.
 */
final class AcceptingTrustManager implements X509TrustManager {

    private final Supplier<List<X509Certificate>> acceptedIssuers;

    AcceptingTrustManager(Supplier<List<X509Certificate>> acceptedIssuers) {
        this.acceptedIssuers = Objects.requireNonNull(acceptedIssuers, "acceptedIssuers");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {
        // verified per request by the authenticators
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {
        throw new UnsupportedOperationException("server-side trust manager");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return acceptedIssuers.get().toArray(X509Certificate[]::new);
    }
}

package cloud.gardener.apiserver.authn;

import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;

/**
 * What authenticators see of a request.
 *
 * @param peerCertificates the TLS client's certificate chain, leaf first; empty when none was presented
 * @param headers          the request headers
 * @param path             the request path (without query)
 */
public record AuthenticationRequest(List<X509Certificate> peerCertificates, RequestHeaders headers, String path) {

    public AuthenticationRequest {
        peerCertificates = peerCertificates == null ? List.of() : List.copyOf(peerCertificates);
        headers = headers == null ? RequestHeaders.empty() : headers;
        Objects.requireNonNull(path, "path");
    }
}

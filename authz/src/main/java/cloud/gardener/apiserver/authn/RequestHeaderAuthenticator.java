package cloud.gardener.apiserver.authn;

import cloud.gardener.apiserver.certs.CertificateIdentifiers;
import cloud.gardener.apiserver.certs.SubjectNames;
import cloud.gardener.apiserver.certs.verify.CertificateVerificationException;
import cloud.gardener.apiserver.certs.verify.ClientCertificateVerifier;
import io.vertx.core.Future;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Front-proxy authentication (k8s.io/apiserver's request-header authenticator behind its x509 verifier):
 * the identity is taken from headers such as {@code X-Remote-User}, but only when the TLS client
 * certificate chains to the request-header CA for clientAuth and its CN is an allowed name.
 *
 * <p>Order of checks as upstream: no certificate or no CA configured → not applicable; a certificate that
 * does not verify or has a CN not allowed → failed (the next authenticator may still accept the same
 * certificate as a client-ca user); then no user-name header → not applicable. The settings are read
 * through a supplier on every request so that CAs and header names can rotate at runtime.
 */
public final class RequestHeaderAuthenticator implements Authenticator {

    private final Supplier<RequestHeaderConfig> config;
    private final Clock clock;
    private volatile VerifierFor cached;

    /** The verifier built for one CA bundle, rebuilt when the bundle changes. */
    private record VerifierFor(List<X509Certificate> bundle, ClientCertificateVerifier verifier) {}

    public RequestHeaderAuthenticator(Supplier<RequestHeaderConfig> config, Clock clock) {
        this.config = Objects.requireNonNull(config, "config");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Fixed settings and the system clock. */
    public static RequestHeaderAuthenticator of(RequestHeaderConfig config) {
        Objects.requireNonNull(config, "config");
        return new RequestHeaderAuthenticator(() -> config, Clock.systemUTC());
    }

    @Override
    public Future<AuthenticationResult> authenticate(AuthenticationRequest request) {
        return Future.succeededFuture(authenticateNow(request));
    }

    private AuthenticationResult authenticateNow(AuthenticationRequest request) {
        RequestHeaderConfig current = config.get();
        List<X509Certificate> chain = request.peerCertificates();
        if (current == null || !current.enabled() || chain.isEmpty()) {
            return AuthenticationResult.notApplicable();
        }
        X509Certificate leaf = chain.get(0);
        try {
            verifierFor(current.clientCa()).verify(chain, clock.instant());
        } catch (CertificateVerificationException e) {
            return AuthenticationResult.failed("request-header: verifying certificate "
                    + CertificateIdentifiers.describe(leaf) + " failed: " + e.getMessage());
        }
        String commonName = SubjectNames.commonName(leaf);
        if (!current.allowedNames().isEmpty() && !current.allowedNames().contains(commonName)) {
            return AuthenticationResult.failed("x509: subject with cn=" + commonName + " is not in the allowed list");
        }
        RequestHeaders headers = request.headers();
        String name = firstNonEmpty(headers, current.usernameHeaders());
        if (name.isEmpty()) {
            return AuthenticationResult.notApplicable();
        }
        return AuthenticationResult.authenticated(new UserInfo(
                name,
                firstNonEmpty(headers, current.uidHeaders()),
                allNonEmpty(headers, current.groupHeaders()),
                extra(headers, current.extraHeaderPrefixes())));
    }

    private ClientCertificateVerifier verifierFor(List<X509Certificate> bundle) {
        VerifierFor now = cached;
        if (now == null || !now.bundle().equals(bundle)) {
            now = new VerifierFor(bundle, new ClientCertificateVerifier(bundle));
            cached = now;
        }
        return now.verifier();
    }

    /** The first value of the first header that has a non-empty first value (Go's {@code Header.Get}). */
    private static String firstNonEmpty(RequestHeaders headers, List<String> names) {
        for (String header : names) {
            String value = headers.get(header);
            if (value != null && !value.isEmpty()) {
                return value;
            }
        }
        return "";
    }

    private static List<String> allNonEmpty(RequestHeaders headers, List<String> names) {
        List<String> values = new ArrayList<>();
        for (String header : names) {
            for (String value : headers.getAll(header)) {
                if (!value.isEmpty()) {
                    values.add(value);
                }
            }
        }
        return values;
    }

    /** Prefix by prefix, every header starting with it (case-insensitively); the rest, lower-cased and unescaped, is the key. */
    private static Map<String, List<String>> extra(RequestHeaders headers, List<String> prefixes) {
        Map<String, List<String>> extra = new LinkedHashMap<>();
        for (String prefix : prefixes) {
            String lowerPrefix = prefix.toLowerCase(Locale.ROOT);
            for (String name : headers.names()) {
                if (!name.startsWith(lowerPrefix)) {
                    continue;
                }
                String key = pathUnescape(name.substring(lowerPrefix.length()).toLowerCase(Locale.ROOT));
                extra.computeIfAbsent(key, k -> new ArrayList<>()).addAll(headers.getAll(name));
            }
        }
        return extra;
    }

    /**
     * Go's {@code url.PathUnescape}; a malformed escape leaves the key as it came. Extra keys of request headers and
     * of impersonation headers are escaped this way.
     */
    public static String pathUnescape(String encoded) {
        if (encoded.indexOf('%') < 0) {
            return encoded;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(encoded.length());
        byte[] bytes = encoded.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] != '%') {
                out.write(bytes[i]);
                continue;
            }
            if (i + 2 >= bytes.length) {
                return encoded;
            }
            int high = Character.digit(bytes[i + 1], 16);
            int low = Character.digit(bytes[i + 2], 16);
            if (high < 0 || low < 0) {
                return encoded;
            }
            out.write(high * 16 + low);
            i += 2;
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}

package cloud.gardener.apiserver.delegation;

import cloud.gardener.apiserver.certs.Kubeconfig;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.HostAndPort;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.core.net.ProxyOptions;
import io.vertx.core.net.ProxyType;
import io.vertx.core.net.SocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * How a kubeconfig's cluster and user become an HTTP client, as client-go's {@code rest.Config} and transport make
 * them: the one place that maps kubeconfig fields to connection options and request headers.
 * <ul>
 *   <li>{@code certificate-authority(-data)} verifies the server; without it the system roots do;
 *       {@code insecure-skip-tls-verify} verifies nothing and, as in client-go, cannot be combined with a CA;</li>
 *   <li>{@code tls-server-name} is the name sent as SNI and checked against the certificate; requests still go to
 *       the URL's host and carry it in {@code Host};</li>
 *   <li>{@code client-certificate(-data)} and {@code client-key(-data)} are presented when the server asks;</li>
 *   <li>{@code token} is sent as a bearer token; {@code tokenFile} is read again at most once a minute and wins
 *       over {@code token} while it can be read ({@code CachedFileTokenSource});</li>
 *   <li>{@code proxy-url} ({@code http} with CONNECT, or {@code socks5}, with optional user info) carries every
 *       connection.</li>
 * </ul>
 */
public final class KubeconfigTransport {

    /** How long a token read from {@code tokenFile} is used before the file is read again, as in client-go. */
    static final Duration TOKEN_FILE_PERIOD = Duration.ofMinutes(1);

    private final Vertx vertx;
    private final Kubeconfig kubeconfig;
    private final URI server;
    private final Optional<ProxyOptions> proxy;
    private volatile CachedToken cachedToken;

    /** A token read from {@code tokenFile} and when. */
    private record CachedToken(String token, long readAtNanos) {}

    /**
     * @throws IllegalArgumentException when the fields contradict each other or name what is not supported
     */
    public KubeconfigTransport(Vertx vertx, Kubeconfig kubeconfig) {
        this.vertx = Objects.requireNonNull(vertx, "vertx");
        this.kubeconfig = Objects.requireNonNull(kubeconfig, "kubeconfig");
        String url = kubeconfig.server().endsWith("/")
                ? kubeconfig.server().substring(0, kubeconfig.server().length() - 1)
                : kubeconfig.server();
        this.server = URI.create(url);
        if (kubeconfig.insecureSkipTlsVerify() && kubeconfig.certificateAuthorityPem() != null) {
            throw new IllegalArgumentException(
                    "specifying a root certificates file with the insecure flag is not allowed");
        }
        this.proxy = proxy(kubeconfig.proxyUrl());
    }

    /** The server URL without a trailing slash. */
    public URI server() {
        return server;
    }

    private boolean https() {
        return "https".equalsIgnoreCase(server.getScheme());
    }

    private int port() {
        return server.getPort() > 0 ? server.getPort() : https() ? 443 : 80;
    }

    /** The options of the HTTP client: TLS (trust, client certificate, host verification) and proxy. */
    public HttpClientOptions clientOptions(Duration connectTimeout) {
        HttpClientOptions options = new HttpClientOptions()
                .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()))
                .setKeepAlive(true);
        proxy.ifPresent(options::setProxyOptions);
        if (!https()) {
            return options;
        }
        options.setSsl(true);
        if (kubeconfig.insecureSkipTlsVerify()) {
            options.setTrustAll(true).setVerifyHost(false);
        } else {
            options.setVerifyHost(true);
            if (kubeconfig.certificateAuthorityPem() != null) {
                options.setTrustOptions(
                        new PemTrustOptions().addCertValue(Buffer.buffer(kubeconfig.certificateAuthorityPem())));
            }
        }
        if (kubeconfig.tlsServerName() != null) {
            options.setForceSni(true);
        }
        if (kubeconfig.clientCertificatePem() != null) {
            options.setKeyCertOptions(new PemKeyCertOptions()
                    .addCertValue(Buffer.buffer(kubeconfig.clientCertificatePem()))
                    .addKeyValue(Buffer.buffer(kubeconfig.clientKeyPem())));
        }
        return options;
    }

    /**
     * A request to {@code pathAndQuery} on the server. With {@code tls-server-name} the TLS peer name is that
     * name while the connection goes to the URL's host, which the {@code Host} header keeps naming (see
     * {@link #authority()}).
     */
    public RequestOptions request(HttpMethod method, String pathAndQuery) {
        RequestOptions request = new RequestOptions().setMethod(method);
        if (kubeconfig.tlsServerName() == null) {
            return request.setAbsoluteURI(server + pathAndQuery);
        }
        String basePath = server.getRawPath() == null ? "" : server.getRawPath();
        return request.setSsl(https())
                .setHost(kubeconfig.tlsServerName())
                .setPort(port())
                .setServer(SocketAddress.inetSocketAddress(port(), server.getHost()))
                .setURI(basePath + pathAndQuery);
    }

    /** The {@code Host} a request must carry when it differs from the request's host ({@code tls-server-name}). */
    public Optional<HostAndPort> authority() {
        return kubeconfig.tlsServerName() == null
                ? Optional.empty()
                : Optional.of(HostAndPort.authority(server.getHost(), port()));
    }

    /**
     * The request opened on {@code http} with the user's {@code Authorization} and, with {@code tls-server-name}, the
     * URL's host as {@code Host}.
     */
    public Future<HttpClientRequest> open(HttpClient http, RequestOptions request) {
        return authorization()
                .compose(authorization -> {
                    authorization.ifPresent(value -> request.putHeader("Authorization", value));
                    return http.request(request);
                })
                .map(req -> {
                    authority().ifPresent(req::authority);
                    return req;
                });
    }

    /** The {@code Authorization} header value, if the user has a token: the token file's, else {@code token}. */
    public Future<Optional<String>> authorization() {
        if (kubeconfig.tokenFile() == null) {
            return Future.succeededFuture(bearer(kubeconfig.token()));
        }
        CachedToken cached = cachedToken;
        if (cached != null && System.nanoTime() - cached.readAtNanos() < TOKEN_FILE_PERIOD.toNanos()) {
            return Future.succeededFuture(bearer(cached.token()));
        }
        return vertx.fileSystem()
                .readFile(kubeconfig.tokenFile().toString())
                .map(bytes -> {
                    String token = bytes.toString(StandardCharsets.UTF_8).trim();
                    cachedToken = new CachedToken(token, System.nanoTime());
                    return bearer(token);
                })
                // an unreadable file leaves the token there was (client-go logs and keeps it)
                .otherwise(error -> bearer(cached != null ? cached.token() : kubeconfig.token()));
    }

    private static Optional<String> bearer(String token) {
        return token == null || token.isEmpty() ? Optional.empty() : Optional.of("Bearer " + token);
    }

    /** {@code proxy-url} as proxy options; an unsupported scheme is refused before the first request. */
    private static Optional<ProxyOptions> proxy(String proxyUrl) {
        if (proxyUrl == null) {
            return Optional.empty();
        }
        URI proxy = URI.create(proxyUrl);
        String scheme = proxy.getScheme() == null ? "" : proxy.getScheme().toLowerCase(Locale.ROOT);
        ProxyType type = switch (scheme) {
            case "http" -> ProxyType.HTTP;
            case "socks5" -> ProxyType.SOCKS5;
            default ->
                throw new IllegalArgumentException(
                        "proxy-url " + proxyUrl + ": only http and socks5 proxies are supported");
        };
        int port = proxy.getPort() > 0 ? proxy.getPort() : type == ProxyType.HTTP ? 80 : 1080;
        ProxyOptions options =
                new ProxyOptions().setType(type).setHost(proxy.getHost()).setPort(port);
        String userInfo = proxy.getRawUserInfo();
        if (userInfo != null) {
            int colon = userInfo.indexOf(':');
            options.setUsername(
                    URLDecoder.decode(colon < 0 ? userInfo : userInfo.substring(0, colon), StandardCharsets.UTF_8));
            if (colon >= 0) {
                options.setPassword(URLDecoder.decode(userInfo.substring(colon + 1), StandardCharsets.UTF_8));
            }
        }
        return Optional.of(options);
    }
}

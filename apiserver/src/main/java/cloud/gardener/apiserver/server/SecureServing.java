package cloud.gardener.apiserver.server;

import io.vertx.core.http.Http2Settings;
import io.vertx.core.http.HttpServerOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the HTTPS listener speaks TLS and HTTP/2, as k8s.io/apiserver's SecureServingOptions: the cipher suites
 * ({@code --tls-cipher-suites}), the lowest TLS version ({@code --tls-min-version}), the HTTP/2 streams a client
 * may open at once ({@code --http2-max-streams-per-connection}) and where the serving certificate is read from so
 * it can be reloaded when the files change ({@code --tls-cert-file}, {@code --tls-private-key-file},
 * {@code --client-ca-file}).
 *
 * @param cipherSuites       the JVM names of the suites offered (TLS 1.3's always included, as Go does)
 * @param protocols          the TLS versions offered
 * @param http2MaxStreams    SETTINGS_MAX_CONCURRENT_STREAMS announced to HTTP/2 clients
 * @param certFile           the serving certificate's file, or null when it was generated (then never reloaded)
 * @param keyFile            its key's file, or null
 * @param certReloadInterval how often the certificate files are checked for a change (upstream: once a minute)
 * @param clientCaFile       {@code --client-ca-file}, reloaded when it changes; null for none
 */
public record SecureServing(
        List<String> cipherSuites,
        Set<String> protocols,
        int http2MaxStreams,
        Path certFile,
        Path keyFile,
        Duration certReloadInterval,
        Path clientCaFile) {

    private static final Logger LOG = LoggerFactory.getLogger(SecureServing.class);

    /** Go's net/http2 default, which kube-apiserver keeps when the flag is 0. */
    public static final int GO_HTTP2_MAX_STREAMS = 250;
    /** How often upstream's DynamicCertKeyPairContent re-reads the files without a file-system event. */
    public static final Duration CERT_RELOAD_INTERVAL = Duration.ofMinutes(1);

    /** Go's names of the versions {@code --tls-min-version} takes, and the JVM protocols each leaves enabled. */
    private static final Map<String, Set<String>> MIN_VERSIONS = Map.of(
            // TLS 1.0 and 1.1 are accepted as upstream accepts them, but the JVM (and this server) never offers them
            "VersionTLS10", Set.of("TLSv1.2", "TLSv1.3"),
            "VersionTLS11", Set.of("TLSv1.2", "TLSv1.3"),
            "VersionTLS12", Set.of("TLSv1.2", "TLSv1.3"),
            "VersionTLS13", Set.of("TLSv1.3"));

    /** kube-apiserver's defaults: its secure suites, TLS 1.2 and 1.3, Go's stream limit, no reload. */
    public static final SecureServing DEFAULT = new SecureServing(
            TlsCipherSuites.defaults(),
            MIN_VERSIONS.get("VersionTLS12"),
            GO_HTTP2_MAX_STREAMS,
            null,
            null,
            CERT_RELOAD_INTERVAL,
            null);

    public SecureServing {
        cipherSuites = List.copyOf(cipherSuites);
        protocols = Set.copyOf(protocols);
        http2MaxStreams = http2MaxStreams <= 0 ? GO_HTTP2_MAX_STREAMS : http2MaxStreams;
        certReloadInterval = certReloadInterval == null ? CERT_RELOAD_INTERVAL : certReloadInterval;
    }

    /**
     * The settings from the flags, refused with upstream's messages: an unknown suite as component-base's
     * TLSCipherSuites ({@code Cipher suite X not supported or doesn't exist}), an unknown version as its TLSVersion
     * ({@code unknown tls version "X"}), a negative stream limit as SecureServingOptions.Validate.
     */
    public static SecureServing fromFlags(List<String> goCipherSuites, String minVersion, int http2MaxStreams) {
        List<String> suites = TlsCipherSuites.defaults();
        if (goCipherSuites != null && !goCipherSuites.isEmpty()) {
            // Go always enables its TLS 1.3 suites whatever the flag says; the flag picks the TLS 1.2 ones
            LinkedHashSet<String> chosen = new LinkedHashSet<>(TlsCipherSuites.TLS13);
            for (String goName : goCipherSuites) {
                String name = goName.strip();
                chosen.add(TlsCipherSuites.jvmName(name)
                        .orElseThrow(() -> new IllegalArgumentException(
                                "Cipher suite " + name + " not supported or doesn't exist")));
            }
            suites = new ArrayList<>(chosen);
        }
        Set<String> protocols = MIN_VERSIONS.get("VersionTLS12");
        if (minVersion != null && !minVersion.isEmpty()) {
            protocols = MIN_VERSIONS.get(minVersion);
            if (protocols == null) {
                throw new IllegalArgumentException("unknown tls version \"" + minVersion + "\"");
            }
        }
        if (http2MaxStreams < 0) {
            throw new IllegalArgumentException("--http2-max-streams-per-connection can not be negative");
        }
        return new SecureServing(suites, protocols, http2MaxStreams, null, null, CERT_RELOAD_INTERVAL, null);
    }

    /** The same settings, reloading the serving certificate from these files. */
    public SecureServing withCertificateFiles(Path cert, Path key) {
        return new SecureServing(cipherSuites, protocols, http2MaxStreams, cert, key, certReloadInterval, clientCaFile);
    }

    /** The same settings, reloading the client CA from this file. */
    public SecureServing withClientCaFile(Path file) {
        return new SecureServing(cipherSuites, protocols, http2MaxStreams, certFile, keyFile, certReloadInterval, file);
    }

    public SecureServing withCertReloadInterval(Duration interval) {
        return new SecureServing(cipherSuites, protocols, http2MaxStreams, certFile, keyFile, interval, clientCaFile);
    }

    /** The engine the listener's TLS runs on with these suites. */
    public TlsEngine engine() {
        return TlsEngine.forSuites(cipherSuites);
    }

    /** Sets the engine, protocols, suites and HTTP/2 settings on the listener's options. */
    void applyTo(HttpServerOptions options) {
        TlsEngine engine = engine();
        if (engine == TlsEngine.JDK) {
            // worth a line at start: the listener spends more CPU per byte than where BoringSSL serves
            LOG.info("TLS engine: JDK (BoringSSL does not load here or cannot serve the configured cipher suites)");
        } else {
            LOG.debug("TLS engine: {}", engine);
        }
        applyTo(options, engine);
    }

    /** As {@link #applyTo(HttpServerOptions)} on the given engine (TlsEngineTest compares both). */
    void applyTo(HttpServerOptions options, TlsEngine engine) {
        options.setSslEngineOptions(engine.options());
        options.setEnabledSecureTransportProtocols(protocols);
        engine.suites(cipherSuites).forEach(options::addEnabledCipherSuite);
        options.setInitialSettings(new Http2Settings().setMaxConcurrentStreams(http2MaxStreams));
    }
}

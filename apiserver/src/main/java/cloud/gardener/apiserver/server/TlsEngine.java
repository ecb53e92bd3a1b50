package cloud.gardener.apiserver.server;

import io.netty.handler.ssl.OpenSsl;
import io.vertx.core.net.JdkSSLEngineOptions;
import io.vertx.core.net.OpenSSLEngineOptions;
import io.vertx.core.net.SSLEngineOptions;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Set;
import javax.net.ssl.SSLContext;

/**
 * The engine the HTTPS listener's TLS runs on. BoringSSL (netty-tcnative) where its native library loads and it
 * negotiates every suite the JDK's engine would, else the JDK's: the same suites, versions, ALPN and client
 * certificates either way, BoringSSL with less CPU per byte (its AES-GCM, and no copy of a record's slices into
 * one buffer before encrypting). Netty's {@code -Dio.netty.handler.ssl.noOpenSsl=true} picks the JDK engine.
 */
public enum TlsEngine {
    JDK,
    BORINGSSL;

    /** The suites the JDK's engine negotiates (its default enabled set: jdk.tls.disabledAlgorithms removed). */
    private static final Set<String> JDK_NEGOTIABLE = jdkNegotiable();

    /**
     * The engine for these suites (JVM names): BoringSSL when it loads, offers each of them that the JDK would
     * negotiate (it lacks some CBC-SHA256 suites the flag may name), and the TLS 1.2 suites authenticate with both
     * an ECDSA and an RSA key; else the JDK's. Netty picks BoringSSL's certificate by the key types of the TLS 1.2
     * suites, TLS 1.3 included: an EC certificate behind RSA-only suites served no handshake at all, where the JDK
     * (and Go) still serve TLS 1.3.
     */
    public static TlsEngine forSuites(List<String> cipherSuites) {
        if (!OpenSSLEngineOptions.isAvailable()) {
            return JDK;
        }
        List<String> tls12 = cipherSuites.stream()
                .filter(JDK_NEGOTIABLE::contains)
                .filter(suite -> suite.contains("_WITH_"))
                .toList();
        if (tls12.stream().noneMatch(suite -> suite.contains("_ECDSA_"))
                || tls12.stream().allMatch(suite -> suite.contains("_ECDSA_"))) {
            return JDK;
        }
        for (String suite : cipherSuites) {
            if (JDK_NEGOTIABLE.contains(suite) && !OpenSsl.isCipherSuiteAvailable(suite)) {
                return JDK;
            }
        }
        return BORINGSSL;
    }

    /**
     * The suites to give this engine: the JDK's are given all (it never negotiates those it disables, as 3DES);
     * BoringSSL only those the JDK negotiates, so a suite the JDK refuses is refused by both.
     */
    public List<String> suites(List<String> cipherSuites) {
        return this == JDK
                ? cipherSuites
                : cipherSuites.stream().filter(JDK_NEGOTIABLE::contains).toList();
    }

    /** Vert.x's options for this engine. */
    public SSLEngineOptions options() {
        SSLEngineOptions options = this == JDK ? new JdkSSLEngineOptions() : new OpenSSLEngineOptions();
        // The CPU of a handshake (key exchange, signature, a client certificate's parsing) runs in the JDK engine's
        // delegated tasks; Netty runs them on the connection's event loop unless given an executor. With them there,
        // a flood of new connections (hundreds of anonymous clients, each a full handshake) queued every request of
        // the established connections behind it: /readyz took seconds in SoakTest. On Vert.x's internal worker pool
        // the loop only moves bytes.
        return options.setUseWorkerThread(true);
    }

    private static Set<String> jdkNegotiable() {
        try {
            return Set.of(SSLContext.getDefault().getDefaultSSLParameters().getCipherSuites());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no default TLS context", e);
        }
    }
}

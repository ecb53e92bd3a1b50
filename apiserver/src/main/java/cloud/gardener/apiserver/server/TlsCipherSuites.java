package cloud.gardener.apiserver.server;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cipher suites the server offers, named as Go's crypto/tls (and so kube-apiserver's
 * {@code --tls-cipher-suites}) names them, mapped to the JVM's names.
 *
 * <p>The default for TLS 1.2 is Go's default list without its ECDHE CBC suites: AEAD only (AES-GCM and
 * ChaCha20-Poly1305) with forward secrecy, no CBC, no RSA key exchange, no 3DES or RC4. TLS 1.3 has only
 * AEAD suites; Go does not let them be configured and enables all three, and so does this list.
 */
public final class TlsCipherSuites {

    /** TLS 1.3 suites: the same name in Go and the JVM. */
    public static final List<String> TLS13 =
            List.of("TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256");

    /** Go's name → the JVM's name, for every suite the JVM can offer a Go name for. */
    private static final Map<String, String> GO_TO_JVM = goToJvm();

    /** The TLS 1.2 suites offered by default, in Go's preference order. */
    public static final List<String> DEFAULT_TLS12 = List.of(
            "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");

    private TlsCipherSuites() {}

    /** Every suite enabled by default: TLS 1.3's, then TLS 1.2's (JVM names). */
    public static List<String> defaults() {
        return java.util.stream.Stream.concat(TLS13.stream(), DEFAULT_TLS12.stream())
                .toList();
    }

    /**
     * The JVM's name of a suite as Go (and {@code --tls-cipher-suites}) names it, e.g.
     * {@code TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305} → {@code TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256}; empty
     * for a name Go does not know.
     */
    public static Optional<String> jvmName(String goName) {
        return Optional.ofNullable(GO_TO_JVM.get(goName));
    }

    private static Map<String, String> goToJvm() {
        Map<String, String> names = new HashMap<>();
        // Go's secure and insecure lists (crypto/tls CipherSuites and InsecureCipherSuites); the IANA names
        // are the JVM's, except that Go also accepts the ChaCha20 suites without their hash suffix.
        for (String same : List.of(
                "TLS_AES_128_GCM_SHA256",
                "TLS_AES_256_GCM_SHA384",
                "TLS_CHACHA20_POLY1305_SHA256",
                "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA",
                "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA",
                "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA",
                "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA",
                "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
                "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
                "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
                "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
                "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
                "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
                "TLS_RSA_WITH_AES_128_CBC_SHA",
                "TLS_RSA_WITH_AES_256_CBC_SHA",
                "TLS_RSA_WITH_AES_128_CBC_SHA256",
                "TLS_RSA_WITH_AES_128_GCM_SHA256",
                "TLS_RSA_WITH_AES_256_GCM_SHA384",
                "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256",
                "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256",
                "TLS_RSA_WITH_3DES_EDE_CBC_SHA",
                "TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA")) {
            names.put(same, same);
        }
        names.put("TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305", "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");
        names.put("TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305", "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256");
        return Map.copyOf(names);
    }
}

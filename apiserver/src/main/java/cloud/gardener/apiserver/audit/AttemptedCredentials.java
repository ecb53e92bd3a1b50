package cloud.gardener.apiserver.audit;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Upstream's {@code getAuthMethods}: which credentials a request that failed authentication carried, for its audit
 * event's status message. Each check is Go's: HTTP basic credentials as {@code Request.BasicAuth} parses them, a bearer
 * scheme by {@code strings.Split} of the trimmed header on single spaces, a non-blank {@code access_token} query
 * parameter, a client certificate.
 */
final class AttemptedCredentials {

    private static final String BASIC = "Basic ";

    private AttemptedCredentials() {}

    /**
     * The status message for a request with this {@code Authorization} header (or null), first {@code access_token}
     * query value (or null) and whether it presented a client certificate.
     */
    static String message(String authorization, String accessToken, boolean clientCertificate) {
        List<String> methods = new ArrayList<>(4);
        if (authorization != null && isBasic(authorization)) {
            methods.add("basic");
        }
        String[] parts = authorization == null
                ? new String[] {""}
                : authorization.strip().split(" ", -1);
        if (parts.length > 1 && parts[0].equalsIgnoreCase("bearer")) {
            methods.add("bearer");
        }
        if (accessToken != null && !accessToken.strip().isEmpty()) {
            methods.add("access_token");
        }
        if (clientCertificate) {
            methods.add("x509");
        }
        return methods.isEmpty()
                ? "Authentication failed, no credentials provided"
                : "Authentication failed, attempted: " + String.join(", ", methods);
    }

    /** Go's {@code parseBasicAuth}: the prefix in any case, then standard padded base64 of "user:password". */
    private static boolean isBasic(String authorization) {
        if (authorization.length() < BASIC.length()
                || !authorization.regionMatches(true, 0, BASIC, 0, BASIC.length())) {
            return false;
        }
        // Go's StdEncoding skips line breaks and insists on padding, where Java's decoder would not
        String encoded =
                authorization.substring(BASIC.length()).replace("\r", "").replace("\n", "");
        if (encoded.length() % 4 != 0) {
            return false;
        }
        try {
            return new String(Base64.getDecoder().decode(encoded), StandardCharsets.ISO_8859_1).indexOf(':') >= 0;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}

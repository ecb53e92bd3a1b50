package cloud.gardener.apiserver.authn;

import java.security.cert.X509Certificate;
import java.util.List;

/**
 * Front-proxy (request-header) authentication settings, from the {@code --requestheader-*} flags or the
 * {@code requestheader-*} keys of {@code kube-system/extension-apiserver-authentication}.
 *
 * @param clientCa            CAs that must have signed the front proxy's client certificate; empty disables
 *                            request-header authentication
 * @param allowedNames        common names the front proxy's certificate may have; empty allows any
 * @param usernameHeaders     headers carrying the user name, the first non-empty one wins
 * @param uidHeaders          headers carrying the user's UID, the first non-empty one wins (Kubernetes 1.32+,
 *                            {@code --requestheader-uid-headers}); empty leaves the UID empty
 * @param groupHeaders        headers carrying groups, every value of every header is a group
 * @param extraHeaderPrefixes prefixes of headers carrying extra values, {@code <prefix><key>}
 */
public record RequestHeaderConfig(
        List<X509Certificate> clientCa,
        List<String> allowedNames,
        List<String> usernameHeaders,
        List<String> uidHeaders,
        List<String> groupHeaders,
        List<String> extraHeaderPrefixes) {

    public static final List<String> DEFAULT_USERNAME_HEADERS = List.of("X-Remote-User");
    public static final List<String> DEFAULT_UID_HEADERS = List.of("X-Remote-Uid");
    public static final List<String> DEFAULT_GROUP_HEADERS = List.of("X-Remote-Group");
    public static final List<String> DEFAULT_EXTRA_HEADER_PREFIXES = List.of("X-Remote-Extra-");

    private static final RequestHeaderConfig DISABLED = new RequestHeaderConfig(
            List.of(),
            List.of(),
            DEFAULT_USERNAME_HEADERS,
            DEFAULT_UID_HEADERS,
            DEFAULT_GROUP_HEADERS,
            DEFAULT_EXTRA_HEADER_PREFIXES);

    public RequestHeaderConfig {
        clientCa = clientCa == null ? List.of() : List.copyOf(clientCa);
        allowedNames = copyNonBlank(allowedNames);
        usernameHeaders = copyNonBlank(usernameHeaders);
        uidHeaders = copyNonBlank(uidHeaders);
        groupHeaders = copyNonBlank(groupHeaders);
        extraHeaderPrefixes = copyNonBlank(extraHeaderPrefixes);
    }

    /** Without UID headers, as a front proxy older than Kubernetes 1.32 configures it. */
    public RequestHeaderConfig(
            List<X509Certificate> clientCa,
            List<String> allowedNames,
            List<String> usernameHeaders,
            List<String> groupHeaders,
            List<String> extraHeaderPrefixes) {
        this(clientCa, allowedNames, usernameHeaders, List.of(), groupHeaders, extraHeaderPrefixes);
    }

    /** No front-proxy CA: request headers are never trusted. */
    public static RequestHeaderConfig disabled() {
        return DISABLED;
    }

    /** Whether there is a CA to verify a front proxy against. */
    public boolean enabled() {
        return !clientCa.isEmpty() && !usernameHeaders.isEmpty();
    }

    public RequestHeaderConfig withClientCa(List<X509Certificate> newClientCa) {
        return new RequestHeaderConfig(
                newClientCa, allowedNames, usernameHeaders, uidHeaders, groupHeaders, extraHeaderPrefixes);
    }

    private static List<String> copyNonBlank(List<String> values) {
        return values == null
                ? List.of()
                : values.stream().map(String::trim).filter(v -> !v.isEmpty()).toList();
    }
}

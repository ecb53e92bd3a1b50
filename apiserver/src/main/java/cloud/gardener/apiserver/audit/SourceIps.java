package cloud.gardener.apiserver.audit;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The request's source IPs as k8s.io/apimachinery's {@code SourceIPs}: every valid address of
 * {@code X-Forwarded-For}, then {@code X-Real-Ip} unless already listed, then the peer address unless it is already
 * the last one. Only literal addresses are accepted, so nothing here ever resolves a name.
 */
final class SourceIps {

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Pattern IPV6_CHARS = Pattern.compile("[0-9a-fA-F:.]+");

    private SourceIps() {}

    static List<String> of(HttpServerRequest request) {
        List<String> ips = new ArrayList<>();
        String forwardedFor = request.getHeader("X-Forwarded-For");
        if (forwardedFor != null && !forwardedFor.isEmpty()) {
            for (String part : forwardedFor.split(",", -1)) {
                String ip = parse(part.strip());
                if (ip != null) {
                    ips.add(ip);
                }
            }
        }
        String realIp = request.getHeader("X-Real-Ip");
        if (realIp != null && !realIp.isEmpty()) {
            String ip = parse(realIp);
            if (ip != null && !ips.contains(ip)) {
                ips.add(ip);
            }
        }
        SocketAddress remote = request.remoteAddress();
        String remoteIp = remote == null || remote.hostAddress() == null ? null : parse(remote.hostAddress());
        if (remoteIp != null && (ips.isEmpty() || !ips.get(ips.size() - 1).equals(remoteIp))) {
            ips.add(remoteIp);
        }
        return ips;
    }

    /** A literal IPv4 or IPv6 address in Go's canonical text, or null when {@code s} is not one. */
    static String parse(String s) {
        var v4 = IPV4.matcher(s);
        if (v4.matches()) {
            StringBuilder b = new StringBuilder();
            for (int i = 1; i <= 4; i++) {
                int octet = Integer.parseInt(v4.group(i));
                // Go's ParseIPSloppy accepts leading zeros as decimal; it refuses octets above 255
                if (octet > 255) {
                    return null;
                }
                b.append(i > 1 ? "." : "").append(octet);
            }
            return b.toString();
        }
        if (!s.contains(":") || !IPV6_CHARS.matcher(s).matches()) {
            return null;
        }
        try {
            // a literal with a colon is parsed, never looked up
            InetAddress address = InetAddress.getByName(s);
            if (address instanceof java.net.Inet4Address) {
                return address.getHostAddress();
            }
            return compress(address.getHostAddress());
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** Java's full IPv6 text in Go's (RFC 5952) form: the longest run of zero groups as {@code ::}. */
    private static String compress(String full) {
        String[] groups = full.toLowerCase(Locale.ROOT).split(":");
        int bestStart = -1;
        int bestLen = 0;
        for (int i = 0; i < groups.length; i++) {
            groups[i] = groups[i].replaceFirst("^0+(?=.)", "");
            int j = i;
            while (j < groups.length && groups[j].replaceFirst("^0+(?=.)", "").equals("0")) {
                j++;
            }
            if (j - i > bestLen && j - i >= 2) {
                bestStart = i;
                bestLen = j - i;
            }
        }
        if (bestStart < 0) {
            return String.join(":", groups);
        }
        String head = String.join(":", java.util.Arrays.copyOfRange(groups, 0, bestStart));
        String tail = String.join(":", java.util.Arrays.copyOfRange(groups, bestStart + bestLen, groups.length));
        return head + "::" + tail;
    }
}

package cloud.gardener.apiserver.admission.validation.core;

import java.util.Arrays;
import java.util.Optional;

/**
 * A CIDR as Go's {@code net.ParseCIDR} reads it (strict dotted-decimal IPv4 without leading zeros, RFC 4291
 * IPv6 without zone, decimal prefix length): the address as written and its network, both as 16 bytes.
 */
record Cidr(String text, byte[] address, byte[] network, boolean ipv4Length) {

    /** The CIDR, or empty when Go would answer {@code invalid CIDR address: <text>}. */
    static Optional<Cidr> parse(String text) {
        int slash = text.indexOf('/');
        if (slash < 0) {
            return Optional.empty();
        }
        String addr = text.substring(0, slash);
        String mask = text.substring(slash + 1);
        byte[] v4 = parseIPv4(addr);
        byte[] ip = v4 != null ? mapped(v4) : parseIPv6(addr);
        if (ip == null || mask.isEmpty() || mask.length() > 3 || !mask.chars().allMatch(Character::isDigit)) {
            return Optional.empty();
        }
        int bits = Integer.parseInt(mask);
        int length = v4 != null ? 32 : 128;
        if (bits > length) {
            return Optional.empty();
        }
        int offset = v4 != null ? 96 : 0;
        byte[] net = ip.clone();
        for (int bit = offset + bits; bit < 128; bit++) {
            net[bit / 8] &= (byte) ~(0x80 >>> (bit % 8));
        }
        return Optional.of(new Cidr(text, ip, net, v4 != null));
    }

    static String parseError(String text) {
        return "invalid CIDR address: " + text;
    }

    /** Go's {@code IP.To4() != nil}: an IPv4 or IPv4-mapped network address. */
    boolean isIPv4() {
        for (int i = 0; i < 10; i++) {
            if (network[i] != 0) {
                return false;
            }
        }
        return network[10] == (byte) 0xff && network[11] == (byte) 0xff;
    }

    /** The address has no host bits set. */
    boolean isCanonical() {
        return Arrays.equals(address, network);
    }

    /** Go's {@code IP.String()} of the network address. */
    String networkIpString() {
        if (isIPv4()) {
            return (network[12] & 0xff) + "." + (network[13] & 0xff) + "." + (network[14] & 0xff) + "." + (network[15] & 0xff);
        }
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = ((network[2 * i] & 0xff) << 8) | (network[2 * i + 1] & 0xff);
        }
        int bestStart = -1;
        int bestLen = 1;
        for (int i = 0; i < 8; ) {
            int j = i;
            while (j < 8 && groups[j] == 0) {
                j++;
            }
            if (j - i > bestLen) {
                bestStart = i;
                bestLen = j - i;
            }
            i = j == i ? i + 1 : j;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                sb.append("::");
                i += bestLen - 1;
                continue;
            }
            if (!sb.isEmpty() && sb.charAt(sb.length() - 1) != ':') {
                sb.append(':');
            }
            sb.append(Integer.toHexString(groups[i]));
        }
        return sb.toString();
    }

    private static byte[] mapped(byte[] v4) {
        byte[] ip = new byte[16];
        ip[10] = (byte) 0xff;
        ip[11] = (byte) 0xff;
        System.arraycopy(v4, 0, ip, 12, 4);
        return ip;
    }

    private static byte[] parseIPv4(String s) {
        String[] parts = s.split("\\.", -1);
        if (parts.length != 4) {
            return null;
        }
        byte[] out = new byte[4];
        for (int i = 0; i < 4; i++) {
            String p = parts[i];
            if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(c -> c >= '0' && c <= '9')
                    || (p.length() > 1 && p.charAt(0) == '0')) {
                return null;
            }
            int v = Integer.parseInt(p);
            if (v > 255) {
                return null;
            }
            out[i] = (byte) v;
        }
        return out;
    }

    private static byte[] parseIPv6(String s) {
        if (s.isEmpty() || s.contains("%")) {
            return null;
        }
        byte[] out = new byte[16];
        int ellipsis = -1;
        int pos = 0;
        int i = 0;
        if (s.startsWith("::")) {
            ellipsis = 0;
            i = 2;
            if (i == s.length()) {
                return out;
            }
        }
        while (i < s.length()) {
            int j = i;
            while (j < s.length() && Character.digit(s.charAt(j), 16) >= 0 && j - i < 5) {
                j++;
            }
            if (j == i || j - i > 4) {
                return null;
            }
            if (j < s.length() && s.charAt(j) == '.') {
                // An embedded IPv4 address ends the string and takes two groups.
                if (ellipsis < 0 && pos != 12) {
                    return null;
                }
                if (pos + 4 > 16) {
                    return null;
                }
                byte[] v4 = parseIPv4(s.substring(i));
                if (v4 == null) {
                    return null;
                }
                System.arraycopy(v4, 0, out, pos, 4);
                pos += 4;
                i = s.length();
                break;
            }
            if (pos + 2 > 16) {
                return null;
            }
            int group = Integer.parseInt(s.substring(i, j), 16);
            out[pos++] = (byte) (group >> 8);
            out[pos++] = (byte) group;
            i = j;
            if (i == s.length()) {
                break;
            }
            if (s.charAt(i) != ':' || i + 1 == s.length()) {
                return null;
            }
            i++;
            if (s.charAt(i) == ':') {
                if (ellipsis >= 0) {
                    return null;
                }
                ellipsis = pos;
                i++;
                if (i == s.length()) {
                    break;
                }
            }
        }
        if (pos < 16) {
            if (ellipsis < 0) {
                return null;
            }
            int n = 16 - pos;
            for (int k = pos - 1; k >= ellipsis; k--) {
                out[k + n] = out[k];
            }
            for (int k = ellipsis + n - 1; k >= ellipsis; k--) {
                out[k] = 0;
            }
        } else if (ellipsis >= 0) {
            return null; // "::" must stand for at least one group
        }
        return out;
    }
}

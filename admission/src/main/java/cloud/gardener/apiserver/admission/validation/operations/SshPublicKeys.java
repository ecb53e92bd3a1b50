package cloud.gardener.apiserver.admission.validation.operations;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * Whether text holds an SSH public key as {@code golang.org/x/crypto/ssh.ParseAuthorizedKey} accepts it: the
 * first non-comment line of the form {@code [options] <type> <base64 wire key> [comment]} whose key decodes. The
 * type word itself is not checked (Go reads the algorithm from the wire form); the wire form must be a supported
 * key with nothing after it. Certificates are accepted by their type name only.
 */
final class SshPublicKeys {

    private static final Map<String, String> ECDSA_CURVES = Map.of(
            "ecdsa-sha2-nistp256",
            "nistp256",
            "ecdsa-sha2-nistp384",
            "nistp384",
            "ecdsa-sha2-nistp521",
            "nistp521",
            "sk-ecdsa-sha2-nistp256@openssh.com",
            "nistp256");
    private static final Map<String, Integer> CURVE_BYTES = Map.of("nistp256", 32, "nistp384", 48, "nistp521", 66);

    private SshPublicKeys() {}

    static boolean isAuthorizedKey(String text) {
        for (String rawLine : text.split("\n", -1)) {
            String line = rawLine.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int i = indexOfBlank(line, 0);
            if (i < 0) {
                continue;
            }
            if (parseKeyField(line.substring(i))) {
                return true;
            }
            // No key after the first word: maybe the line starts with options.
            int end = endOfOptions(line);
            while (end < line.length() && isBlank(line.charAt(end))) {
                end++;
            }
            if (end == line.length()) {
                continue;
            }
            String rest = line.substring(end);
            int j = indexOfBlank(rest, 0);
            if (j >= 0 && parseKeyField(rest.substring(j))) {
                return true;
            }
        }
        return false;
    }

    /** The index where an unquoted blank ends the options field. */
    private static int endOfOptions(String line) {
        boolean inQuote = false;
        int i = 0;
        for (; i < line.length(); i++) {
            char c = line.charAt(i);
            if (!inQuote && isBlank(c)) {
                break;
            }
            if (c == '"' && (i == 0 || line.charAt(i - 1) != '\\')) {
                inQuote = !inQuote;
            }
        }
        return i;
    }

    private static boolean parseKeyField(String in) {
        String s = in.strip();
        int i = indexOfBlank(s, 0);
        String base64 = i < 0 ? s : s.substring(0, i);
        if (base64.isEmpty() || base64.length() % 4 != 0) {
            return false;
        }
        try {
            return parsePublicKey(ByteBuffer.wrap(Base64.getDecoder().decode(base64)));
        } catch (IllegalArgumentException | java.nio.BufferUnderflowException e) {
            return false;
        }
    }

    private static boolean parsePublicKey(ByteBuffer in) {
        String algorithm = new String(readString(in), StandardCharsets.ISO_8859_1);
        boolean ok;
        switch (algorithm) {
            case "ssh-rsa" -> {
                BigInteger e = readMpint(in);
                BigInteger n = readMpint(in);
                ok = e.bitLength() <= 24 && e.longValue() >= 3 && e.testBit(0) && n.signum() > 0;
            }
            case "ssh-dss" -> {
                readMpint(in);
                BigInteger q = readMpint(in);
                readMpint(in);
                readMpint(in);
                ok = q.bitLength() == 160;
            }
            case "ssh-ed25519" -> ok = readString(in).length == 32;
            case "sk-ssh-ed25519@openssh.com" -> {
                ok = readString(in).length == 32;
                readString(in); // application
            }
            case "ecdsa-sha2-nistp256",
                    "ecdsa-sha2-nistp384",
                    "ecdsa-sha2-nistp521",
                    "sk-ecdsa-sha2-nistp256@openssh.com" -> {
                String curve = new String(readString(in), StandardCharsets.ISO_8859_1);
                byte[] point = readString(in);
                ok = curve.equals(ECDSA_CURVES.get(algorithm))
                        && point.length == 1 + 2 * CURVE_BYTES.get(curve)
                        && point[0] == 4;
                if (algorithm.startsWith("sk-")) {
                    readString(in); // application
                }
            }
            default -> {
                // certificates: the whole blob is the certificate
                return algorithm.endsWith("-cert-v01@openssh.com");
            }
        }
        return ok && !in.hasRemaining();
    }

    private static byte[] readString(ByteBuffer in) {
        long length = Integer.toUnsignedLong(in.getInt());
        if (length > in.remaining()) {
            throw new IllegalArgumentException("short read");
        }
        byte[] out = new byte[(int) length];
        in.get(out);
        return out;
    }

    private static BigInteger readMpint(ByteBuffer in) {
        byte[] bytes = readString(in);
        return bytes.length == 0 ? BigInteger.ZERO : new BigInteger(bytes);
    }

    private static int indexOfBlank(String s, int from) {
        for (int i = from; i < s.length(); i++) {
            if (isBlank(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }
}

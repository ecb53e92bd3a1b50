package cloud.gardener.apiserver.openapi;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The content hashes Kubernetes puts in discovery and OpenAPI ETags and {@code ?hash=} links. */
public final class ContentHash {

    private ContentHash() {}

    /** Upper-case hex SHA-512, as Go's {@code fmt.Sprintf("%X", sha512.Sum512(b))}. */
    public static String sha512Hex(byte[] bytes) {
        try {
            return HexFormat.of()
                    .withUpperCase()
                    .formatHex(MessageDigest.getInstance("SHA-512").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-512 is a mandatory JDK algorithm", e);
        }
    }

    /** The hash in double quotes, the form of the {@code ETag} header and of {@code If-None-Match}. */
    public static String quotedSha512Hex(byte[] bytes) {
        return "\"" + sha512Hex(bytes) + "\"";
    }
}

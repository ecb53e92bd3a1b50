package cloud.gardener.apiserver.storage.value;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/** Key material for tests. */
final class Keys {

    private static final SecureRandom RANDOM = new SecureRandom();

    private Keys() {}

    static byte[] random(int size) {
        byte[] key = new byte[size];
        RANDOM.nextBytes(key);
        return key;
    }

    static String randomBase64(int size) {
        return Base64.getEncoder().encodeToString(random(size));
    }

    static byte[] hex(String hex) {
        return HexFormat.of().parseHex(hex);
    }
}

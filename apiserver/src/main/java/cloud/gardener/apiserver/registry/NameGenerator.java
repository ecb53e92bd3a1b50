package cloud.gardener.apiserver.registry;

import java.security.SecureRandom;

/** {@code generateName}: the prefix cut to 58 characters plus 5 random characters of Kubernetes' alphabet. */
public final class NameGenerator {

    /** Consonants and digits only, so that generated names spell no words. */
    static final String ALPHABET = "bcdfghjklmnpqrstvwxz2456789";

    static final int MAX_PREFIX = 58;
    static final int RANDOM_LENGTH = 5;
    private static final SecureRandom RANDOM = new SecureRandom();

    private NameGenerator() {}

    public static String generate(String prefix) {
        String base = prefix.length() > MAX_PREFIX ? prefix.substring(0, MAX_PREFIX) : prefix;
        StringBuilder sb = new StringBuilder(base);
        for (int i = 0; i < RANDOM_LENGTH; i++) {
            sb.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return sb.toString();
    }
}

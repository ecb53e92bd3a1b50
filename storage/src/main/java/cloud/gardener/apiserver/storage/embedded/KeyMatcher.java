package cloud.gardener.apiserver.storage.embedded;

/**
 * The keys one watch or list covers: exactly {@code key}, or every key starting with it when it ends in
 * {@code /} (so {@code shoots/} never matches {@code shootsx/a}).
 */
record KeyMatcher(String key, boolean prefix) {

    static KeyMatcher of(String keyOrPrefix) {
        return new KeyMatcher(keyOrPrefix, keyOrPrefix.endsWith("/"));
    }

    boolean matches(String candidate) {
        return prefix ? candidate.startsWith(key) : candidate.equals(key);
    }

    /** The first key after every key with this prefix (etcd's prefix end). */
    String rangeEnd() {
        return rangeEnd(key);
    }

    /**
     * The smallest string greater than every string starting with {@code prefix}: the prefix with its last
     * character incremented (UTF-16 order equals SQLite's byte order for the characters keys use).
     */
    static String rangeEnd(String prefix) {
        StringBuilder b = new StringBuilder(prefix);
        for (int i = b.length() - 1; i >= 0; i--) {
            char c = b.charAt(i);
            if (c < Character.MIN_SURROGATE - 1) {
                b.setCharAt(i, (char) (c + 1));
                b.setLength(i + 1);
                return b.toString();
            }
        }
        // Only code units that cannot be incremented in order: no key sorts after them in practice.
        return prefix + "\uFFFF";
    }
}

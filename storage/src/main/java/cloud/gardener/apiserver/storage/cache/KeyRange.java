package cloud.gardener.apiserver.storage.cache;

/**
 * The keys a list or watch covers: every key under a prefix ending in {@code /}, or exactly one key
 * (as the store's own watches match them).
 */
record KeyRange(String from, String to, boolean single) {

    static KeyRange of(String keyOrPrefix) {
        return keyOrPrefix.endsWith("/") ? prefix(keyOrPrefix) : new KeyRange(keyOrPrefix, keyOrPrefix, true);
    }

    static KeyRange prefix(String prefix) {
        return new KeyRange(prefix, prefixEnd(prefix), false);
    }

    /** This range with canonical strings: a watcher keeps its range for its life, and a thousand may watch one. */
    KeyRange canonical() {
        return new KeyRange(from.intern(), to.intern(), single);
    }

    boolean contains(String key) {
        return single ? key.equals(from) : key.compareTo(from) >= 0 && key.compareTo(to) < 0;
    }

    /** The first key after every key that starts with {@code prefix}. */
    static String prefixEnd(String prefix) {
        char last = prefix.charAt(prefix.length() - 1);
        return prefix.substring(0, prefix.length() - 1) + (char) (last + 1);
    }
}

package cloud.gardener.apiserver.certs.verify;

import java.security.cert.X509Certificate;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What was last worked out for a presented certificate chain, by the identity of its certificate objects. A TLS
 * connection presents the same objects on every request, while looking a chain up by content compares encodings:
 * {@code Certificate.equals} takes both certificates' encodings, and Netty's certificates of an OpenSSL session copy
 * theirs on every call (some KiB per request for a chain looked up in two places). So the objects are looked up
 * first, and content only for a connection not seen yet.
 *
 * <p>Direct-mapped slots by the leaf's identity, lock-free: two chains on one slot replace each other (each is then
 * looked up by content again); a slot keeps its certificates alive until replaced, so there are few.
 *
 * @param <V> what is remembered per chain
 */
public final class PresentedCertificates<V> {

    private static final int SLOTS = 256;

    private record Entry<V>(List<X509Certificate> chain, V value) {}

    private final AtomicReferenceArray<Entry<V>> slots = new AtomicReferenceArray<>(SLOTS);

    /** The value remembered for these very certificate objects (leaf first), or null. */
    public V get(List<X509Certificate> chain) {
        if (chain.isEmpty()) {
            return null;
        }
        Entry<V> e = slots.getAcquire(slot(chain.get(0)));
        return e != null && sameObjects(e.chain, chain) ? e.value : null;
    }

    /** Remembers {@code value} for these certificate objects. */
    public void put(List<X509Certificate> chain, V value) {
        if (!chain.isEmpty()) {
            slots.setRelease(slot(chain.get(0)), new Entry<>(List.copyOf(chain), value));
        }
    }

    @SuppressWarnings("ReferenceEquality") // the point: the same objects, not equal ones
    private static boolean sameObjects(List<X509Certificate> a, List<X509Certificate> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) != b.get(i)) {
                return false;
            }
        }
        return true;
    }

    private static int slot(X509Certificate leaf) {
        int h = System.identityHashCode(leaf);
        return (h ^ (h >>> 16)) & (SLOTS - 1);
    }
}

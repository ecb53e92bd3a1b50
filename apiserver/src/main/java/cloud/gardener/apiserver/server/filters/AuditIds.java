package cloud.gardener.apiserver.server.filters;

import io.netty.util.AsciiString;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@code Audit-Id}s minted for requests that bring none, in the form kube-apiserver mints them (a random, version
 * 4 UUID, {@code uuid.New()}), without a {@link SecureRandom} read per request ({@link UUID#randomUUID} takes a lock
 * and reads the system's generator each time). The process draws one random key at start; each id is that key mixed
 * with a counter through a bijection, so no two ids of a process are equal (for 2^62 requests) and ids of different
 * processes differ by their keys. The ids are unique, not secret: nothing is authorized by an audit id.
 */
final class AuditIds {

    private static final long LOW_62_BITS = (1L << 62) - 1;
    private static final long VERSION_MASK = 0xffffffffffff0fffL;
    private static final long VERSION_4 = 0x0000000000004000L;
    private static final long VARIANT_RFC_4122 = 0x8000000000000000L;
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private final long keyHigh;
    private final long keyLow;
    private final AtomicLong counter = new AtomicLong();

    AuditIds(long keyHigh, long keyLow) {
        this.keyHigh = keyHigh;
        this.keyLow = keyLow;
    }

    /** Ids keyed by the system's random generator, drawn once. */
    static AuditIds random() {
        SecureRandom random = new SecureRandom();
        return new AuditIds(random.nextLong(), random.nextLong());
    }

    UUID next() {
        long n = counter.getAndIncrement();
        return new UUID(high(n), low(n));
    }

    /**
     * The next id as a response header's value: its text ({@link UUID#toString}'s) as ASCII bytes, which Netty
     * validates, hashes and writes without reading a {@code String} char by char.
     */
    AsciiString nextAscii() {
        long n = counter.getAndIncrement();
        return ascii(high(n), low(n));
    }

    private long high(long n) {
        return (mix64(n ^ keyHigh) & VERSION_MASK) | VERSION_4;
    }

    /** The low 62 bits alone tell the ids apart: a bijection of the counter's 62 bits, xored with the key. */
    private long low(long n) {
        return ((mix62(n) ^ keyLow) & LOW_62_BITS) | VARIANT_RFC_4122;
    }

    /** A UUID's text, lower-case hex 8-4-4-4-12. */
    static AsciiString ascii(long high, long low) {
        byte[] text = new byte[36];
        hex(high >>> 32, text, 0, 8);
        text[8] = '-';
        hex(high >>> 16, text, 9, 4);
        text[13] = '-';
        hex(high, text, 14, 4);
        text[18] = '-';
        hex(low >>> 48, text, 19, 4);
        text[23] = '-';
        hex(low, text, 24, 12);
        return new AsciiString(text, false);
    }

    /** The low {@code digits} hex digits of {@code value} into {@code text} from {@code at}. */
    private static void hex(long value, byte[] text, int at, int digits) {
        long v = value;
        for (int i = at + digits - 1; i >= at; i--) {
            text[i] = HEX[(int) (v & 0xf)];
            v >>>= 4;
        }
    }

    /**
     * A bijection on 62-bit values: xor-shifts and multiplications by odd numbers modulo 2^62 are each invertible.
     */
    static long mix62(long x) {
        x &= LOW_62_BITS;
        x = ((x ^ (x >>> 31)) * 0xbf58476d1ce4e5b9L) & LOW_62_BITS;
        x = ((x ^ (x >>> 27)) * 0x94d049bb133111ebL) & LOW_62_BITS;
        return x ^ (x >>> 31);
    }

    /** SplitMix64's finalizer: the high half need not be unique, only look random. */
    private static long mix64(long x) {
        x = (x ^ (x >>> 30)) * 0xbf58476d1ce4e5b9L;
        x = (x ^ (x >>> 27)) * 0x94d049bb133111ebL;
        return x ^ (x >>> 31);
    }
}

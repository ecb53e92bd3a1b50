package cloud.gardener.apiserver.api.model.values;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;

/**
 * A Go {@code []byte} field ({@code caBundle}, Secret-like data): JSON is standard base64 with padding.
 * {@link #NIL} is Go's nil slice, which JSON writes as {@code null}; {@link #EMPTY} is the empty slice,
 * {@code ""}. Decoding follows Go's {@code base64.StdEncoding} (CR and LF ignored, non-zero padding bits
 * tolerated) and reports bad input with Go's text, {@code illegal base64 data at input byte N}.
 */
public final class Base64Bytes {

    /** Go's nil slice: JSON {@code null}. */
    public static final Base64Bytes NIL = new Base64Bytes(new byte[0], true);
    /** The empty, non-nil slice: JSON {@code ""}. */
    public static final Base64Bytes EMPTY = new Base64Bytes(new byte[0], false);

    private static final byte[] DECODE = new byte[256];

    static {
        Arrays.fill(DECODE, (byte) -1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < alphabet.length(); i++) {
            DECODE[alphabet.charAt(i)] = (byte) i;
        }
    }

    private final byte[] bytes;
    private final boolean nil;

    private Base64Bytes(byte[] bytes, boolean nil) {
        this.bytes = bytes;
        this.nil = nil;
    }

    /** Go's zero value, the nil slice. */
    public static Base64Bytes zero() {
        return NIL;
    }

    /** A copy of the given bytes. */
    public static Base64Bytes of(byte[] bytes) {
        return bytes.length == 0 ? EMPTY : new Base64Bytes(bytes.clone(), false);
    }

    /** The UTF-8 bytes of a string. */
    public static Base64Bytes ofUtf8(String s) {
        return of(s.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Decodes standard padded base64 exactly as Go's {@code base64.StdEncoding.DecodeString}.
     *
     * @throws IllegalArgumentException {@code illegal base64 data at input byte N} (N counts UTF-8 bytes)
     */
    public static Base64Bytes parse(String s) {
        byte[] src = Objects.requireNonNull(s, "s").getBytes(StandardCharsets.UTF_8);
        byte[] dst = new byte[src.length / 4 * 3];
        int n = 0;
        int si = 0;
        while (si < src.length) {
            // one quantum of up to 4 base64 characters
            int[] dbuf = new int[4];
            int dlen = 4;
            boolean end = false;
            for (int j = 0; j < 4; j++) {
                if (si == src.length) {
                    if (j == 0) {
                        return result(dst, n);
                    }
                    throw corrupt(si - j); // padding is required
                }
                int in = src[si] & 0xFF;
                si++;
                int out = DECODE[in];
                if (out >= 0) {
                    dbuf[j] = out;
                    continue;
                }
                if (in == '\n' || in == '\r') {
                    j--;
                    continue;
                }
                if (in != '=') {
                    throw corrupt(si - 1);
                }
                // padding: the end of the data
                if (j == 0 || j == 1) {
                    throw corrupt(si - 1);
                }
                if (j == 2) { // "==" expected; skip newlines before the second '='
                    while (si < src.length && (src[si] == '\n' || src[si] == '\r')) {
                        si++;
                    }
                    if (si == src.length) {
                        throw corrupt(src.length);
                    }
                    if (src[si] != '=') {
                        throw corrupt(si - 1);
                    }
                    si++;
                }
                while (si < src.length && (src[si] == '\n' || src[si] == '\r')) {
                    si++;
                }
                if (si < src.length) {
                    throw corrupt(si); // trailing garbage
                }
                dlen = j;
                end = true;
                break;
            }
            int val = dbuf[0] << 18 | dbuf[1] << 12 | dbuf[2] << 6 | dbuf[3];
            byte[] three = {(byte) (val >> 16), (byte) (val >> 8), (byte) val};
            System.arraycopy(three, 0, dst, n, dlen - 1);
            n += dlen - 1;
            if (end) {
                break;
            }
        }
        return result(dst, n);
    }

    private static Base64Bytes result(byte[] dst, int n) {
        return n == 0 ? EMPTY : new Base64Bytes(Arrays.copyOf(dst, n), false);
    }

    private static IllegalArgumentException corrupt(long offset) {
        return new IllegalArgumentException("illegal base64 data at input byte " + offset);
    }

    /** For tree-based codecs: decodes a JSON value as encoding/json decodes a {@code []byte}. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static Base64Bytes fromJson(JsonNode node) {
        if (node.isNull()) {
            return NIL;
        }
        if (!node.isTextual()) {
            throw GoText.cannotUnmarshal(node, "[]uint8");
        }
        return parse(node.textValue());
    }

    /** A copy of the bytes (empty for {@link #NIL}). */
    public byte[] bytes() {
        return bytes.clone();
    }

    public int length() {
        return bytes.length;
    }

    /** Go's {@code len(b) == 0}: what {@code omitempty} leaves out (nil and empty alike). */
    public boolean isEmpty() {
        return bytes.length == 0;
    }

    public boolean isNil() {
        return nil;
    }

    public String toUtf8String() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** The JSON value: the base64 text, or null for {@link #NIL}. */
    @JsonValue
    public String toJson() {
        return nil ? null : toString();
    }

    /** Standard base64 with padding ({@code ""} for nil and empty alike). */
    @Override
    public String toString() {
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** Equal bytes; nil differs from empty, as in Go's reflect.DeepEqual. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Base64Bytes other && nil == other.nil && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes) * 31 + (nil ? 1 : 0);
    }
}

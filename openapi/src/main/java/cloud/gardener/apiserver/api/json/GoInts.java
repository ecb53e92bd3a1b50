package cloud.gardener.apiserver.api.json;

import java.math.BigInteger;

/** Go's {@code strconv.ParseInt(s, 0, 64)} and {@code ParseUint(s, 0, 64)} prefixes, without the range check. */
final class GoInts {

    private GoInts() {}

    /**
     * Parses an integer in Go's base-0 syntax.
     *
     * @param signed whether a sign is allowed (ParseInt) or not (ParseUint)
     * @return the value, or null if the text is not an integer in Go's base-0 syntax
     */
    static BigInteger parse(String s, boolean signed) {
        int i = 0;
        boolean negative = false;
        if (signed && !s.isEmpty() && (s.charAt(0) == '+' || s.charAt(0) == '-')) {
            negative = s.charAt(0) == '-';
            i = 1;
        }
        String rest = s.substring(i);
        int radix = 10;
        if (rest.length() > 1 && rest.charAt(0) == '0') {
            char p = Character.toLowerCase(rest.charAt(1));
            if (p == 'x') {
                radix = 16;
                rest = rest.substring(2);
            } else if (p == 'b') {
                radix = 2;
                rest = rest.substring(2);
            } else if (p == 'o') {
                radix = 8;
                rest = rest.substring(2);
            } else {
                radix = 8;
                rest = rest.substring(1);
            }
        }
        if (rest.isEmpty()) {
            return null;
        }
        for (int k = 0; k < rest.length(); k++) {
            if (Character.digit(rest.charAt(k), radix) < 0 || rest.charAt(k) > 'z') {
                return null;
            }
        }
        BigInteger value = new BigInteger(rest, radix);
        return negative ? value.negate() : value;
    }
}

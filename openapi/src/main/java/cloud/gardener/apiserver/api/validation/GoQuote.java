package cloud.gardener.apiserver.api.validation;

/**
 * Go's {@code strconv.Quote} (the {@code %q} verb), {@code unicode.IsPrint} and {@code unicode.IsControl}: Kubernetes
 * prints bad values, names and URIs with {@code %q}, so messages that must match byte for byte need the same escaping.
 *
 * <p>The character classes come from the JDK's Unicode tables (Unicode 13 on Java 17), Go's from a newer Unicode: a
 * character assigned only in Unicode 14 or later is escaped here and printed by Go.
 */
public final class GoQuote {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private GoQuote() {}

    /** {@code strconv.Quote(s)}: double-quoted, with Go escapes for quotes, backslashes and non-printable runes. */
    public static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            appendEscaped(sb, cp);
        }
        return sb.append('"').toString();
    }

    /**
     * Go's {@code appendEscapedRune} for a double-quoted string. A lone surrogate (a Java string's analogue of invalid
     * UTF-8) is the U+FFFD that Go's decoders put in its place ({@code encoding/json} for a lone {@code \ud800}
     * escape), which Go prints as it is.
     */
    private static void appendEscaped(StringBuilder sb, int rune) {
        int cp = rune >= Character.MIN_SURROGATE && rune <= Character.MAX_SURROGATE ? 0xFFFD : rune;
        if (cp == '"' || cp == '\\') {
            sb.append('\\').appendCodePoint(cp);
        } else if (isPrint(cp)) {
            sb.appendCodePoint(cp);
        } else {
            switch (cp) {
                case 0x07 -> sb.append("\\a");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case 0x0b -> sb.append("\\v");
                default -> {
                    if (cp < ' ' || cp == 0x7f) {
                        sb.append("\\x").append(HEX[cp >> 4]).append(HEX[cp & 0xf]);
                    } else if (cp < 0x10000) {
                        appendHex(sb.append("\\u"), cp, 4);
                    } else {
                        appendHex(sb.append("\\U"), cp, 8);
                    }
                }
            }
        }
    }

    /**
     * {@code unicode.IsPrint} (and {@code strconv.IsPrint}): letters, marks, numbers, punctuation, symbols and the ASCII
     * space; not other spaces (U+00A0), format characters (U+00AD, U+200B), private use, surrogates or unassigned code
     * points.
     */
    public static boolean isPrint(int cp) {
        if (cp == ' ') {
            return true;
        }
        return switch (Character.getType(cp)) {
            case Character.UPPERCASE_LETTER,
                    Character.LOWERCASE_LETTER,
                    Character.TITLECASE_LETTER,
                    Character.MODIFIER_LETTER,
                    Character.OTHER_LETTER,
                    Character.NON_SPACING_MARK,
                    Character.ENCLOSING_MARK,
                    Character.COMBINING_SPACING_MARK,
                    Character.DECIMAL_DIGIT_NUMBER,
                    Character.LETTER_NUMBER,
                    Character.OTHER_NUMBER,
                    Character.CONNECTOR_PUNCTUATION,
                    Character.DASH_PUNCTUATION,
                    Character.START_PUNCTUATION,
                    Character.END_PUNCTUATION,
                    Character.INITIAL_QUOTE_PUNCTUATION,
                    Character.FINAL_QUOTE_PUNCTUATION,
                    Character.OTHER_PUNCTUATION,
                    Character.MATH_SYMBOL,
                    Character.CURRENCY_SYMBOL,
                    Character.MODIFIER_SYMBOL,
                    Character.OTHER_SYMBOL -> true;
            default -> false;
        };
    }

    /** {@code unicode.IsControl}: C0 controls, DEL and C1 controls. */
    public static boolean isControl(int cp) {
        return cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f);
    }

    private static void appendHex(StringBuilder sb, int value, int digits) {
        for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
            sb.append(HEX[(value >> shift) & 0xf]);
        }
    }
}

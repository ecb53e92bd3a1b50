package cloud.gardener.apiserver.endpoints.request;

/**
 * Go's {@code strconv.Quote} and {@code unicode.IsPrint}: Kubernetes prints bad values and URIs with
 * {@code %q}, so messages that must match byte for byte need the same escaping.
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
                            sb.append("\\u").append(hex(cp, 4));
                        } else {
                            sb.append("\\U").append(hex(cp, 8));
                        }
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /** {@code unicode.IsPrint}: letters, marks, numbers, punctuation, symbols and the ASCII space. */
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

    private static String hex(int value, int digits) {
        StringBuilder sb = new StringBuilder(digits);
        for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
            sb.append(HEX[(value >> shift) & 0xf]);
        }
        return sb.toString();
    }
}

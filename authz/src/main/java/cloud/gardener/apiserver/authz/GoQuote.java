package cloud.gardener.apiserver.authz;

/** Go's {@code strconv.Quote} (the {@code %q} verb) for the strings that end up in messages. */
final class GoQuote {

    private GoQuote() {}

    static String quote(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('"');
        value.codePoints().forEach(c -> {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case 0x07 -> out.append("\\a");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case 0x0b -> out.append("\\v");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append(String.format("\\x%02x", c));
                    } else if (isPrintable(c)) {
                        out.appendCodePoint(c);
                    } else if (c < 0x10000) {
                        out.append(String.format("\\u%04x", c));
                    } else {
                        out.append(String.format("\\U%08x", c));
                    }
                }
            }
        });
        return out.append('"').toString();
    }

    /** Roughly Go's {@code unicode.IsPrint}: letters, marks, numbers, punctuation, symbols and the ASCII space. */
    private static boolean isPrintable(int c) {
        if (c == ' ') {
            return true;
        }
        return switch (Character.getType(c)) {
            case Character.UNASSIGNED,
                    Character.CONTROL,
                    Character.FORMAT,
                    Character.PRIVATE_USE,
                    Character.SURROGATE,
                    Character.SPACE_SEPARATOR,
                    Character.LINE_SEPARATOR,
                    Character.PARAGRAPH_SEPARATOR -> false;
            default -> true;
        };
    }
}

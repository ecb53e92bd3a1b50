package cloud.gardener.apiserver.api.model.values;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;

/** Small pieces of Go's text behaviour that the value types must reproduce byte for byte. */
final class GoText {

    private GoText() {}

    /**
     * The {@code quote} helper of Go's time package: ASCII printable characters as they are ({@code "} and
     * {@code \} escaped), every byte of any other character as {@code \xNN}.
     */
    static String quote(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            int width = Character.charCount(cp);
            if (cp >= 0x80 || cp < ' ') {
                for (byte b : s.substring(i, i + width).getBytes(StandardCharsets.UTF_8)) {
                    out.append("\\x")
                            .append(Character.forDigit((b >> 4) & 0xF, 16))
                            .append(Character.forDigit(b & 0xF, 16));
                }
            } else {
                if (cp == '"' || cp == '\\') {
                    out.append('\\');
                }
                out.append((char) cp);
            }
            i += width;
        }
        return out.append('"').toString();
    }

    /** Go's {@code strings.TrimSpace}: trims Unicode white space as {@code unicode.IsSpace} defines it. */
    static String trimSpace(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && isGoSpace(s.charAt(start))) {
            start++;
        }
        while (end > start && isGoSpace(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(start, end);
    }

    private static boolean isGoSpace(char c) {
        return switch (c) {
            case '\t', '\n', 0x0B, '\f', '\r', ' ', 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000 -> true;
            default -> c >= 0x2000 && c <= 0x200A;
        };
    }

    static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** The word encoding/json uses for a JSON value's kind in "cannot unmarshal X into Go value" errors. */
    static String jsonKind(JsonNode node) {
        if (node.isNumber()) {
            return "number";
        }
        if (node.isBoolean()) {
            return "bool";
        }
        if (node.isArray()) {
            return "array";
        }
        if (node.isObject()) {
            return "object";
        }
        if (node.isNull()) {
            return "null";
        }
        return "string";
    }

    /** encoding/json's error for a JSON value of the wrong kind, e.g. a number where a string is expected. */
    static IllegalArgumentException cannotUnmarshal(JsonNode node, String goType) {
        return new IllegalArgumentException(
                "json: cannot unmarshal " + jsonKind(node) + " into Go value of type " + goType);
    }

    /**
     * The text of a JSON number node. Jackson's trees keep no source text (and strip trailing zeros of
     * decimals), so decimals are written plainly: {@code 1.50} reads back as {@code 1.5}, {@code 1e3} as
     * {@code 1000}.
     */
    static String numberText(JsonNode node) {
        if (node.isIntegralNumber()) {
            return node.bigIntegerValue().toString();
        }
        return node.decimalValue().toPlainString();
    }
}

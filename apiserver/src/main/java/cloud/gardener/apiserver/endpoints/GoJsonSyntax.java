package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.validation.GoQuote;

/**
 * The text Go's encoding/json gives for a JSON document that is not valid ({@code checkValid}'s scanner): {@code
 * unexpected end of JSON input}, or {@code invalid character 'x' <where>}. Jackson's own texts name its parser and
 * Java types; clients of kube-apiserver see Go's, e.g. in {@code couldn't get version/kind; json parse error: ...}
 * and {@code error decoding patch: ...}.
 */
public final class GoJsonSyntax {

    /** When Jackson refuses what Go's scanner takes (invalid UTF-8, too deep): no Java wording either. */
    private static final String OTHERWISE = "invalid JSON input";

    private final byte[] in;
    private int pos;

    private GoJsonSyntax(byte[] in) {
        this.in = in;
    }

    /** Go's error for {@code json}, or a neutral text if Go's scanner would take it. */
    public static String error(byte[] json) {
        try {
            GoJsonSyntax scanner = new GoJsonSyntax(json);
            scanner.value();
            scanner.skipSpace();
            if (scanner.pos < json.length) {
                throw scanner.invalid("after top-level value");
            }
            return OTHERWISE;
        } catch (SyntaxError e) {
            return e.getMessage();
        }
    }

    private static final class SyntaxError extends RuntimeException {
        SyntaxError(String message) {
            super(message, null, false, false);
        }
    }

    private SyntaxError invalid(String where) {
        return new SyntaxError("invalid character " + quoteChar(in[pos]) + " " + where);
    }

    private int peek() {
        if (pos >= in.length) {
            throw new SyntaxError("unexpected end of JSON input");
        }
        return in[pos] & 0xff;
    }

    private void skipSpace() {
        while (pos < in.length && (in[pos] == ' ' || in[pos] == '\t' || in[pos] == '\n' || in[pos] == '\r')) {
            pos++;
        }
    }

    private void value() {
        skipSpace();
        int c = peek();
        switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> literal("true");
            case 'f' -> literal("false");
            case 'n' -> literal("null");
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) {
                    number();
                } else {
                    throw invalid("looking for beginning of value");
                }
            }
        }
    }

    private void object() {
        pos++;
        skipSpace();
        if (peek() == '}') {
            pos++;
            return;
        }
        while (true) {
            skipSpace();
            if (peek() != '"') {
                throw invalid("looking for beginning of object key string");
            }
            string();
            skipSpace();
            if (peek() != ':') {
                throw invalid("after object key");
            }
            pos++;
            value();
            skipSpace();
            int c = peek();
            if (c == '}') {
                pos++;
                return;
            }
            if (c != ',') {
                throw invalid("after object key:value pair");
            }
            pos++;
        }
    }

    private void array() {
        pos++;
        skipSpace();
        if (peek() == ']') {
            pos++;
            return;
        }
        while (true) {
            value();
            skipSpace();
            int c = peek();
            if (c == ']') {
                pos++;
                return;
            }
            if (c != ',') {
                throw invalid("after array element");
            }
            pos++;
        }
    }

    private void string() {
        pos++;
        while (true) {
            int c = peek();
            if (c == '"') {
                pos++;
                return;
            }
            if (c < 0x20) {
                throw invalid("in string literal");
            }
            pos++;
            if (c == '\\') {
                int e = peek();
                if (e == 'u') {
                    pos++;
                    for (int i = 0; i < 4; i++) {
                        if (Character.digit(peek(), 16) < 0) {
                            throw invalid("in \\u hexadecimal character escape");
                        }
                        pos++;
                    }
                } else if ("\"\\/bfnrt".indexOf(e) >= 0) {
                    pos++;
                } else {
                    throw invalid("in string escape code");
                }
            }
        }
    }

    private void literal(String word) {
        pos++;
        for (int i = 1; i < word.length(); i++) {
            if (peek() != word.charAt(i)) {
                throw invalid("in literal " + word + " (expecting " + quoteChar((byte) word.charAt(i)) + ")");
            }
            pos++;
        }
    }

    private void number() {
        if (peek() == '-') {
            pos++;
            if (!digit(peek())) {
                throw invalid("in numeric literal");
            }
        }
        if (peek() == '0') {
            pos++;
        } else {
            digits();
        }
        if (pos < in.length && in[pos] == '.') {
            pos++;
            if (!digit(peek())) {
                throw invalid("after decimal point in numeric literal");
            }
            digits();
        }
        if (pos < in.length && (in[pos] == 'e' || in[pos] == 'E')) {
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            if (!digit(peek())) {
                throw invalid("in exponent of numeric literal");
            }
            digits();
        }
    }

    private void digits() {
        while (pos < in.length && digit(in[pos] & 0xff)) {
            pos++;
        }
    }

    private static boolean digit(int c) {
        return c >= '0' && c <= '9';
    }

    /** Go's {@code quoteChar}: the byte as a rune in single quotes, escaped as {@code strconv.Quote} escapes it. */
    static String quoteChar(byte b) {
        int c = b & 0xff;
        if (c == '\'') {
            return "'\\''";
        }
        if (c == '"') {
            return "'\"'";
        }
        // Go's string(c) is the rune of the byte's value: 0x80 and above quote as Latin-1 characters
        String quoted = GoQuote.quote(String.valueOf((char) c));
        return "'" + quoted.substring(1, quoted.length() - 1) + "'";
    }
}

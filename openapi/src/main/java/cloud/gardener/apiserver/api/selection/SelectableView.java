package cloud.gardener.apiserver.api.selection;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.resource.ResourceType;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of a stored object that label and field selectors read ({@code metadata.name},
 * {@code metadata.namespace}, {@code metadata.labels} and the kind's field-selector paths), read from its JSON
 * bytes without building the rest. A watch cache computes it for every event on its event loop, where decoding a
 * 3 MiB Secret whole would hold the loop for a hundred milliseconds; here everything off those paths is skipped.
 */
public final class SelectableView {

    /**
     * Field names are not interned: a Secret's data keys would fill the JVM's intern table for nothing. They are
     * canonicalized (the factory's symbol table, which Jackson stops reusing past 6000 names), as only then does
     * Jackson read the bytes as UTF-8 directly: without it every read went through a Reader, an 8 KiB buffer and a
     * char copy of the whole object per watch event.
     */
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
            .build();

    /** The paths as a tree: a node without children is a leaf, read whole. */
    private static final class Paths {
        final Map<String, Paths> children = new HashMap<>();

        /** Adds a path; one below a path read whole adds nothing, one above paths reads them whole too. */
        void add(String dottedPath) {
            Paths node = this;
            for (String segment : dottedPath.split("\\.", -1)) {
                Paths child = node.children.get(segment);
                if (child == null) {
                    child = new Paths();
                    node.children.put(segment, child);
                } else if (child.children.isEmpty()) {
                    return; // already read whole
                }
                node = child;
            }
            node.children.clear();
        }
    }

    private final Paths paths = new Paths();

    public SelectableView(ResourceType type) {
        this(type, List.of());
    }

    /** The selectable parts and {@code morePaths} (as {@link #of}), in one read. */
    public SelectableView(ResourceType type, Iterable<String> morePaths) {
        paths.add("metadata.name");
        paths.add("metadata.namespace");
        paths.add("metadata.labels");
        type.fieldSelectors().values().forEach(paths::add);
        morePaths.forEach(paths::add);
    }

    private SelectableView(Iterable<String> dottedPaths) {
        dottedPaths.forEach(paths::add);
    }

    /**
     * A view of exactly these dotted paths (a path names a field and everything below it), read the same way: for a
     * compact copy of the parts of an object a reader needs, without decoding the rest.
     */
    public static SelectableView of(Iterable<String> dottedPaths) {
        return new SelectableView(dottedPaths);
    }

    /** The object's selectable parts as a tree, for {@link FieldSelector#fieldsOf} and label selectors. */
    public ObjectNode read(byte[] json) {
        ObjectNode scanned = scanned(json);
        return scanned != null ? scanned : parsed(json);
    }

    /** {@link #read} by the scan alone: null where it leaves the bytes to the parser. */
    ObjectNode scanned(byte[] json) {
        return new Scan(json).root(paths);
    }

    /**
     * {@link #read} by Jackson's parser throughout: what the scan gives where it reads the bytes, and the answer
     * (or the parser's error) for all it leaves.
     */
    ObjectNode parsed(byte[] json) {
        try (JsonParser parser = FACTORY.createParser(json)) {
            parser.setCodec(Json.MAPPER);
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Json.MAPPER.createObjectNode();
            }
            return object(parser, paths, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads the object the parser is at (its START_OBJECT read), keeping only what {@code wanted} names. The whole
     * value ({@code last}) ends once every wanted member was read: stored objects never repeat a member, and what
     * follows (a ConfigMap's data after its metadata) need not be scanned at all.
     */
    private static ObjectNode object(JsonParser parser, Paths wanted, boolean last) throws IOException {
        ObjectNode out = Json.MAPPER.createObjectNode();
        int read = 0;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            Paths child = wanted.children.get(name);
            if (child == null) {
                parser.skipChildren();
                continue;
            }
            if (child.children.isEmpty()) {
                out.set(name, parser.readValueAsTree());
            } else if (value == JsonToken.START_OBJECT) {
                out.set(name, object(parser, child, false));
            } else {
                parser.skipChildren(); // a scalar or list where the path goes on: nothing selectable below
            }
            if (last && ++read == wanted.children.size()) {
                break;
            }
        }
        return out;
    }

    /**
     * The same read over the bytes themselves: what no path names is stepped over byte by byte (brackets, strings and
     * scalars checked as JSON, nothing tokenized or looked up), and only the wanted values are handed to the mapper.
     * Tokenizing a skipped member (its names canonicalized, its numbers parsed) was most of a read, and a Shoot is read
     * twice per stored version (the watch cache's attributes, the seed graph's view). Anything the scan does not read
     * as plain JSON (no object at the top, an escaped or non-ASCII member name on the way, malformed or unusual
     * bytes: deep nesting, a long number) makes {@link #root} answer null, and the parser reads the bytes instead:
     * so the result, or the error, is always the parser's.
     */
    private static final class Scan {
        /** Deeper than this is left to the parser (whose own limit then applies). */
        private static final int MAX_DEPTH = 200;
        /** Longer numbers are left to the parser (which has a limit of its own). */
        private static final int MAX_NUMBER = 100;
        /** Longer names are left to the parser (which has a limit of its own). */
        private static final int MAX_NAME = 1000;

        private final byte[] b;
        private int i;

        Scan(byte[] b) {
            this.b = b;
        }

        /** The selection, or null where the parser is to read the bytes. */
        ObjectNode root(Paths wanted) {
            try {
                space();
                if (i >= b.length || b[i] != '{') {
                    return null;
                }
                i++;
                return object(wanted, true, 1);
            } catch (NotScanned | IOException | RuntimeException e) {
                return null;
            }
        }

        /** As {@link SelectableView#object}: the object whose '{' was read. */
        private ObjectNode object(Paths wanted, boolean last, int depth) throws NotScanned, IOException {
            ObjectNode out = Json.MAPPER.createObjectNode();
            int read = 0;
            space();
            if (peek() == '}') {
                i++;
                return out;
            }
            while (true) {
                space();
                String name = name();
                space();
                expect(':');
                space();
                Paths child = wanted.children.get(name);
                if (child == null) {
                    skipValue(depth);
                } else {
                    if (child.children.isEmpty()) {
                        out.set(name, value(depth));
                    } else if (peek() == '{') {
                        i++;
                        out.set(name, object(child, false, depth + 1));
                    } else {
                        skipValue(depth); // a scalar or list where the path goes on: nothing selectable below
                    }
                    if (last && ++read == wanted.children.size()) {
                        return out;
                    }
                }
                space();
                byte c = next();
                if (c == '}') {
                    return out;
                }
                if (c != ',') {
                    throw new NotScanned();
                }
            }
        }

        /**
         * A wanted value, as the mapper reads it: a plain string, or an object of plain strings (labels, annotations),
         * directly; anything else by the mapper from its bytes.
         */
        private JsonNode value(int depth) throws NotScanned, IOException {
            int start = i;
            byte first = peek();
            if (first == '"') {
                int end = plainString(start + 1);
                if (end > 0) {
                    i = end + 1;
                    return text(start + 1, end);
                }
            } else if (first == '{') {
                ObjectNode strings = plainStrings();
                if (strings != null) {
                    return strings;
                }
                i = start;
            }
            skipValue(depth);
            return Json.MAPPER.readTree(b, start, i - start);
        }

        /**
         * The object at {@code i} if every member is a plain name with a plain string (as labels and annotations
         * are), read past it; else null, {@code i} anywhere in it.
         */
        private ObjectNode plainStrings() throws NotScanned {
            ObjectNode out = Json.MAPPER.createObjectNode();
            i++;
            space();
            if (peek() == '}') {
                i++;
                return out;
            }
            while (true) {
                space();
                if (peek() != '"') {
                    return null;
                }
                int nameEnd = plainString(i + 1);
                if (nameEnd < 0 || nameEnd - i - 1 > MAX_NAME) {
                    return null;
                }
                int nameStart = i + 1;
                i = nameEnd + 1;
                space();
                expect(':');
                space();
                if (peek() != '"') {
                    return null;
                }
                int end = plainString(i + 1);
                if (end < 0) {
                    return null;
                }
                out.set(new String(b, nameStart, nameEnd - nameStart, StandardCharsets.ISO_8859_1), text(i + 1, end));
                i = end + 1;
                space();
                byte c = next();
                if (c == '}') {
                    return out;
                }
                if (c != ',') {
                    return null;
                }
            }
        }

        private TextNode text(int from, int to) {
            return TextNode.valueOf(new String(b, from, to - from, StandardCharsets.ISO_8859_1));
        }

        /**
         * Where the string whose first character is at {@code from} ends (its closing quote), if it is printable ASCII
         * without escapes and not long; else -1.
         */
        private int plainString(int from) {
            int limit = Math.min(b.length, from + MAX_PLAIN);
            for (int j = from; j < limit; j++) {
                byte c = b[j];
                if (c == '"') {
                    return j;
                }
                if (c < 0x20 || c == '\\') { // bytes >= 0x80 are negative
                    return -1;
                }
            }
            return -1;
        }

        /** Plain strings longer than this are read by the mapper (whose string length limit then applies). */
        private static final int MAX_PLAIN = 1 << 16;

        /** A member name: plain ASCII without escapes, else the parser reads the bytes. */
        private String name() throws NotScanned {
            if (peek() != '"') {
                throw new NotScanned();
            }
            int end = plainString(i + 1);
            if (end < 0 || end - i - 1 > MAX_NAME) {
                throw new NotScanned();
            }
            String name = new String(b, i + 1, end - i - 1, StandardCharsets.ISO_8859_1);
            i = end + 1;
            return name;
        }

        /** Steps over one value, checking it is JSON. */
        private void skipValue(int depth) throws NotScanned {
            byte c = peek();
            switch (c) {
                case '"' -> skipString();
                case '{' -> skipObject(depth + 1);
                case '[' -> skipArray(depth + 1);
                case 't' -> literal("true");
                case 'f' -> literal("false");
                case 'n' -> literal("null");
                default -> skipNumber();
            }
        }

        private void skipObject(int depth) throws NotScanned {
            if (!entered(depth, '}')) {
                return;
            }
            do {
                space();
                if (peek() != '"') {
                    throw new NotScanned();
                }
                int start = i;
                skipString();
                if (i - start > MAX_NAME) {
                    throw new NotScanned();
                }
                space();
                expect(':');
                space();
                skipValue(depth);
            } while (another('}'));
        }

        private void skipArray(int depth) throws NotScanned {
            if (!entered(depth, ']')) {
                return;
            }
            do {
                space();
                skipValue(depth);
            } while (another(']'));
        }

        /** Steps into the object or array whose bracket is at {@code i}: false when it is empty, then stepped over. */
        private boolean entered(int depth, char close) throws NotScanned {
            if (depth > MAX_DEPTH) {
                throw new NotScanned();
            }
            i++;
            space();
            if (peek() == close) {
                i++;
                return false;
            }
            return true;
        }

        /** After a member or item: true at a comma (another follows), false at {@code close}, read past either. */
        private boolean another(char close) throws NotScanned {
            space();
            byte c = next();
            if (c == close) {
                return false;
            }
            if (c != ',') {
                throw new NotScanned();
            }
            return true;
        }

        /** A string: no control characters, valid escapes, well-formed UTF-8. */
        private void skipString() throws NotScanned {
            byte[] bytes = b;
            int j = i + 1;
            while (j < bytes.length) {
                byte c = bytes[j++];
                if (c >= 0x20 && c != '"' && c != '\\') {
                    continue; // printable ASCII: the loop that runs
                }
                i = j;
                if (c == '"') {
                    return;
                }
                if (c == '\\') {
                    escape();
                } else if (c < 0) {
                    utf8(c);
                } else {
                    throw new NotScanned();
                }
                j = i;
            }
            throw new NotScanned();
        }

        private void escape() throws NotScanned {
            byte e = next();
            switch (e) {
                case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> {}
                case 'u' -> {
                    for (int k = 0; k < 4; k++) {
                        if (Character.digit(next(), 16) < 0) {
                            throw new NotScanned();
                        }
                    }
                }
                default -> throw new NotScanned();
            }
        }

        /** The rest of a multi-byte UTF-8 sequence whose first byte was {@code first}: well-formed, else not scanned. */
        private void utf8(byte first) throws NotScanned {
            int f = first & 0xFF;
            int more;
            int min;
            int max = 0xBF;
            if (f >= 0xC2 && f <= 0xDF) {
                more = 1;
                min = 0x80;
            } else if (f >= 0xE0 && f <= 0xEF) {
                more = 2;
                min = f == 0xE0 ? 0xA0 : 0x80;
                max = f == 0xED ? 0x9F : 0xBF;
            } else if (f >= 0xF0 && f <= 0xF4) {
                more = 3;
                min = f == 0xF0 ? 0x90 : 0x80;
                max = f == 0xF4 ? 0x8F : 0xBF;
            } else {
                throw new NotScanned();
            }
            for (int k = 0; k < more; k++) {
                int c = next() & 0xFF;
                if (c < (k == 0 ? min : 0x80) || c > (k == 0 ? max : 0xBF)) {
                    throw new NotScanned();
                }
            }
        }

        private void literal(String word) throws NotScanned {
            for (int k = 0; k < word.length(); k++) {
                if (next() != word.charAt(k)) {
                    throw new NotScanned();
                }
            }
            delimited();
        }

        /** A number as JSON writes it: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, not long. */
        private void skipNumber() throws NotScanned {
            int start = i;
            if (peek() == '-') {
                i++;
            }
            if (peek() == '0') {
                i++;
            } else {
                digits();
            }
            if (i < b.length && b[i] == '.') {
                i++;
                digits();
            }
            if (i < b.length && (b[i] == 'e' || b[i] == 'E')) {
                i++;
                if (peek() == '+' || peek() == '-') {
                    i++;
                }
                digits();
            }
            if (i - start > MAX_NUMBER) {
                throw new NotScanned();
            }
            delimited();
        }

        private void digits() throws NotScanned {
            int start = i;
            while (i < b.length && b[i] >= '0' && b[i] <= '9') {
                i++;
            }
            if (i == start) {
                throw new NotScanned();
            }
        }

        /** A scalar ends where a separator, a closing bracket or space follows (else the parser reads it). */
        private void delimited() throws NotScanned {
            byte c = peek();
            if (c != ',' && c != '}' && c != ']' && c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                throw new NotScanned();
            }
        }

        private void space() {
            while (i < b.length) {
                byte c = b[i];
                if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                    return;
                }
                i++;
            }
        }

        private void expect(char c) throws NotScanned {
            if (next() != c) {
                throw new NotScanned();
            }
        }

        private byte peek() throws NotScanned {
            if (i >= b.length) {
                throw new NotScanned();
            }
            return b[i];
        }

        private byte next() throws NotScanned {
            if (i >= b.length) {
                throw new NotScanned();
            }
            return b[i++];
        }
    }

    /** The bytes are left to the parser; thrown often enough only for odd input, so without a stack trace. */
    private static final class NotScanned extends Exception {
        private static final long serialVersionUID = 1L;

        NotScanned() {
            super(null, null, false, false);
        }
    }
}

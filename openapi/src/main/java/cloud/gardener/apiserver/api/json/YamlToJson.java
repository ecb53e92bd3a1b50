package cloud.gardener.apiserver.api.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserException;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.UnicodeReader;

/**
 * The server's one YAML decoder, turning a document into JSON as kube-apiserver does with sigs.k8s.io/yaml's
 * {@code YAMLToJSON} over go-yaml v2: only the first document of a stream is read (go-yaml's {@code Unmarshal}
 * never looks past it); scalars resolve by YAML 1.1 as go-yaml does ({@code yes}/{@code off} are booleans,
 * {@code 0x1F}/{@code 017}/{@code 0b11} integers, {@code ~} null, timestamps stay strings); aliases are expanded,
 * with go-yaml's limit on expansion so that a billion-laughs document fails with
 * {@code yaml: document contains excessive aliasing}; merge keys ({@code <<}) insert in document order as v2
 * does; {@code !!binary} is base64-decoded, unknown tags read as strings; keys become JSON strings and are
 * sorted as Go's encoder sorts them. A repeated key keeps its last value and is reported as go-yaml's strict
 * decoder words it ({@code line 4: key "a" already set in map}), for {@code fieldValidation}.
 *
 * <p>SnakeYAML supplies the events (its scanner and parser, with a code point limit); the node tree, alias
 * handling and scalar resolution follow go-yaml so that the JSON is the one kube-apiserver would store.
 */
public final class YamlToJson {

    /**
     * Deepest nesting accepted. go-yaml allows 10,000; the decoder here recurses, and 1,000 (as the JSON
     * parser's default) keeps a worker thread's stack safe.
     */
    public static final int MAX_DEPTH = 1000;

    /** The most code points read, above the 3 MiB request body limit. */
    private static final int CODE_POINT_LIMIT = 8 << 20;

    private static final String TAG_PREFIX = "tag:yaml.org,2002:";
    private static final String STR = TAG_PREFIX + "str";
    private static final String BOOL = TAG_PREFIX + "bool";
    private static final String INT = TAG_PREFIX + "int";
    private static final String FLOAT = TAG_PREFIX + "float";
    private static final String NULL = TAG_PREFIX + "null";
    private static final String TIMESTAMP = TAG_PREFIX + "timestamp";
    private static final String BINARY = TAG_PREFIX + "binary";
    private static final String MERGE = TAG_PREFIX + "merge";

    /** go-yaml's YAML 1.1 words, looked up before numbers. */
    private static final Map<String, Resolved> WORDS = words();

    private static final Pattern YAML_FLOAT =
            Pattern.compile("^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$");
    private static final Pattern DOT_FLOAT = Pattern.compile("^\\.[0-9]+([eE][-+]?[0-9]+)?$");
    private static final Pattern TIMESTAMP_SHAPE =
            Pattern.compile("^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(([Tt]| +)[0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(\\.[0-9]*)?"
                    + "( *(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?)?$");

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final BigInteger MAX_UINT64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    /**
     * A decoded document.
     *
     * @param tree          the document as JSON; a {@code null} JSON node for an empty document
     * @param duplicateKeys go-yaml's strict complaints about repeated keys, in document order; empty if none
     */
    public record Decoded(JsonNode tree, List<String> duplicateKeys) {}

    private YamlToJson() {}

    /**
     * Decodes a YAML (or JSON) document into its JSON tree as sigs.k8s.io/yaml does.
     *
     * @throws YamlDecodingException with go-yaml's (or Go's JSON encoder's) message when the document is not
     *                               YAML, expands aliases excessively, or has no JSON form
     */
    public static Decoded decode(byte[] yaml) throws YamlDecodingException {
        try {
            Node root = new Composer(text(yaml)).document();
            if (root == null) {
                return new Decoded(NODES.nullNode(), List.of());
            }
            Decoder decoder = new Decoder();
            Object value = decoder.unmarshal(root);
            return new Decoded(json(value), List.copyOf(decoder.duplicates));
        } catch (Failure f) {
            throw new YamlDecodingException(f.getMessage());
        } catch (MarkedYAMLException e) {
            throw new YamlDecodingException(goParseError(e));
        } catch (ReaderException e) {
            throw new YamlDecodingException("yaml: control characters are not allowed");
        } catch (YAMLException e) {
            throw new YamlDecodingException("yaml: " + firstLine(e.getMessage()));
        }
    }

    /** The text, in UTF-8 or (with a byte order mark) UTF-16 or UTF-32, as libyaml reads it. */
    private static String text(byte[] yaml) throws YamlDecodingException {
        try (UnicodeReader reader = new UnicodeReader(new ByteArrayInputStream(yaml))) {
            StringBuilder out = new StringBuilder(yaml.length);
            char[] buffer = new char[8192];
            for (int n = reader.read(buffer); n >= 0; n = reader.read(buffer)) {
                out.append(buffer, 0, n);
            }
            return out.toString();
        } catch (IOException e) {
            throw new YamlDecodingException("yaml: invalid leading UTF-8 octet");
        }
    }

    /** Decodes the document, ignoring repeated keys (the last one wins). */
    public static JsonNode readTree(byte[] yaml) throws YamlDecodingException {
        return decode(yaml).tree();
    }

    public static JsonNode readTree(String yaml) throws YamlDecodingException {
        return readTree(yaml.getBytes(StandardCharsets.UTF_8));
    }

    // ---------------------------------------------------------------------------------------------
    // The node tree, built from SnakeYAML's events as go-yaml's parser builds its own.

    private enum Kind {
        SCALAR,
        MAPPING,
        SEQUENCE,
        ALIAS
    }

    private static final class Node {
        final Kind kind;
        final int line;
        String tag = "";
        String value = "";
        boolean implicit;
        final List<Node> children = new ArrayList<>();
        Node alias;

        Node(Kind kind, Event event) {
            this.kind = kind;
            this.line = event.getStartMark() == null ? 0 : event.getStartMark().getLine();
        }
    }

    private static final class Composer {
        private final Parser parser;
        private final Map<String, Node> anchors = new HashMap<>();
        private int depth;

        Composer(String yaml) {
            LoaderOptions options = new LoaderOptions();
            options.setCodePointLimit(CODE_POINT_LIMIT);
            options.setProcessComments(false);
            options.setNestingDepthLimit(MAX_DEPTH);
            parser = new ParserImpl(new WholeInputReader(yaml.isEmpty() ? "\n" : yaml), options);
        }

        /** The first document's root, or null for a stream without documents; later documents are never read. */
        Node document() {
            parser.getEvent(); // stream start
            if (parser.checkEvent(Event.ID.StreamEnd)) {
                return null;
            }
            parser.getEvent(); // document start
            Node root = node();
            parser.getEvent(); // document end
            return root;
        }

        private Node node() {
            Event event = parser.getEvent();
            switch (event.getEventId()) {
                case Alias -> {
                    Node n = new Node(Kind.ALIAS, event);
                    n.value = ((AliasEvent) event).getAnchor();
                    n.alias = anchors.get(n.value);
                    if (n.alias == null) {
                        throw Failure.yaml("unknown anchor '" + n.value + "' referenced");
                    }
                    return n;
                }
                case Scalar -> {
                    ScalarEvent scalar = (ScalarEvent) event;
                    Node n = new Node(Kind.SCALAR, event);
                    n.value = scalar.getValue();
                    n.tag = scalar.getTag() == null ? "" : scalar.getTag();
                    n.implicit = scalar.getImplicit().canOmitTagInPlainScalar();
                    anchor(n, scalar);
                    return n;
                }
                case SequenceStart, MappingStart -> {
                    boolean mapping = event.getEventId() == Event.ID.MappingStart;
                    Node n = new Node(mapping ? Kind.MAPPING : Kind.SEQUENCE, event);
                    String tag = ((CollectionStartEvent) event).getTag();
                    n.tag = tag == null ? "" : tag;
                    // registered before the children, as go-yaml: an alias inside its own anchor is caught when
                    // decoding
                    anchor(n, (NodeEvent) event);
                    if (++depth > MAX_DEPTH) {
                        throw Failure.yaml("exceeded max depth of " + MAX_DEPTH);
                    }
                    Event.ID end = mapping ? Event.ID.MappingEnd : Event.ID.SequenceEnd;
                    while (!parser.checkEvent(end)) {
                        n.children.add(node());
                    }
                    parser.getEvent();
                    depth--;
                    return n;
                }
                default -> throw Failure.yaml("attempted to parse unknown event: " + event.getEventId());
            }
        }

        private void anchor(Node n, NodeEvent event) {
            if (event.getAnchor() != null) {
                anchors.put(event.getAnchor(), n);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // The decoder: go-yaml's unmarshal into interface{} (maps with any keys, []interface{}, scalars).

    /** go-yaml's limits on alias expansion (decode.go): 99% of decodes may come from aliases up to 400,000. */
    static double allowedAliasRatio(int decodeCount) {
        if (decodeCount <= 400_000) {
            return 0.99;
        }
        if (decodeCount >= 4_000_000) {
            return 0.10;
        }
        return 0.99 - 0.89 * ((decodeCount - 400_000) / (double) (4_000_000 - 400_000));
    }

    private static final class Decoder {
        final List<String> duplicates = new ArrayList<>();
        private final Set<Node> activeAliases = Collections.newSetFromMap(new IdentityHashMap<>());
        private int decodeCount;
        private int aliasCount;
        private int aliasDepth;
        private int depth;

        Object unmarshal(Node n) {
            decodeCount++;
            if (aliasDepth > 0) {
                aliasCount++;
            }
            if (aliasCount > 100
                    && decodeCount > 1000
                    && (double) aliasCount / decodeCount > allowedAliasRatio(decodeCount)) {
                throw Failure.yaml("document contains excessive aliasing");
            }
            return switch (n.kind) {
                case ALIAS -> alias(n);
                case SCALAR -> scalar(n);
                case MAPPING -> nested(() -> mapping(n, new LinkedHashMap<>()));
                case SEQUENCE -> nested(() -> sequence(n));
            };
        }

        private Object nested(java.util.function.Supplier<Object> decode) {
            if (++depth > MAX_DEPTH) {
                throw Failure.yaml("exceeded max depth of " + MAX_DEPTH);
            }
            Object value = decode.get();
            depth--;
            return value;
        }

        private Object alias(Node n) {
            if (!activeAliases.add(n)) {
                throw Failure.yaml("anchor '" + n.value + "' value contains itself");
            }
            aliasDepth++;
            Object value = unmarshal(n.alias);
            aliasDepth--;
            activeAliases.remove(n);
            return value;
        }

        private List<Object> sequence(Node n) {
            List<Object> out = new ArrayList<>(n.children.size());
            for (Node child : n.children) {
                out.add(unmarshal(child));
            }
            return out;
        }

        /** Decodes a mapping into {@code out}: a new map, or the map a merge key inserts into. */
        private Map<Object, Object> mapping(Node n, Map<Object, Object> out) {
            List<Node> c = n.children;
            for (int i = 0; i + 1 < c.size(); i += 2) {
                if (isMerge(c.get(i))) {
                    merge(c.get(i + 1), out);
                    continue;
                }
                Object key = unmarshal(c.get(i));
                if (key instanceof Map<?, ?> || key instanceof List<?>) {
                    throw Failure.yaml("invalid map key: " + GoSyntax.of(key));
                }
                Object value = unmarshal(c.get(i + 1));
                if (out.containsKey(key)) {
                    duplicates.add(
                            "line " + (c.get(i + 1).line + 1) + ": key " + GoSyntax.of(key) + " already set in map");
                }
                out.put(key, value);
            }
            return out;
        }

        private static boolean isMerge(Node n) {
            return n.kind == Kind.SCALAR && n.value.equals("<<") && (n.implicit || n.tag.equals(MERGE));
        }

        private void merge(Node n, Map<Object, Object> out) {
            switch (n.kind) {
                case MAPPING -> mergeOne(n, out);
                case ALIAS -> {
                    if (n.alias.kind != Kind.MAPPING) {
                        throw wantMap();
                    }
                    mergeOne(n, out);
                }
                case SEQUENCE -> {
                    // backwards: earlier maps take precedence
                    for (int i = n.children.size() - 1; i >= 0; i--) {
                        Node item = n.children.get(i);
                        Node target = item.kind == Kind.ALIAS ? item.alias : item;
                        if (target.kind != Kind.MAPPING) {
                            throw wantMap();
                        }
                        mergeOne(item, out);
                    }
                }
                default -> throw wantMap();
            }
        }

        /** go-yaml decodes the merged mapping (through its alias, if any) into the map being built. */
        private void mergeOne(Node n, Map<Object, Object> out) {
            decodeCount++;
            if (aliasDepth > 0) {
                aliasCount++;
            }
            if (n.kind == Kind.ALIAS) {
                if (!activeAliases.add(n)) {
                    throw Failure.yaml("anchor '" + n.value + "' value contains itself");
                }
                aliasDepth++;
                mergeOne(n.alias, out);
                aliasDepth--;
                activeAliases.remove(n);
                return;
            }
            nested(() -> mapping(n, out));
        }

        private static Failure wantMap() {
            return Failure.yaml("map merge requires map or sequence of maps as the value");
        }

        private static Object scalar(Node n) {
            if (n.tag.isEmpty() && !n.implicit) {
                return n.value;
            }
            Resolved r = resolve(n.tag, n.value);
            if (r.tag.equals(BINARY)) {
                return new String(base64(r.value.toString()), StandardCharsets.UTF_8);
            }
            if (r.tag.equals(TIMESTAMP)) {
                // go-yaml v2 keeps timestamps as strings when decoding into interface{}
                return n.value;
            }
            return r.value;
        }

        private static byte[] base64(String text) {
            // Go's StdEncoding skips line breaks and insists on padding
            String compact = text.replace("\r", "").replace("\n", "");
            if (compact.length() % 4 != 0) {
                throw Failure.yaml("!!binary value contains invalid base64 data");
            }
            try {
                return Base64.getDecoder().decode(compact);
            } catch (IllegalArgumentException e) {
                throw Failure.yaml("!!binary value contains invalid base64 data");
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Scalar resolution: go-yaml v2's resolve.go.

    /** A resolved scalar: its tag and its Go value (String, Boolean, Long, BigInteger, Double or null). */
    private record Resolved(String tag, Object value) {}

    private static Map<String, Resolved> words() {
        Map<String, Resolved> m = new HashMap<>();
        for (String s : List.of("y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON")) {
            m.put(s, new Resolved(BOOL, true));
        }
        for (String s : List.of("n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF")) {
            m.put(s, new Resolved(BOOL, false));
        }
        for (String s : List.of("", "~", "null", "Null", "NULL")) {
            m.put(s, new Resolved(NULL, null));
        }
        for (String s : List.of(".nan", ".NaN", ".NAN")) {
            m.put(s, new Resolved(FLOAT, Double.NaN));
        }
        for (String s : List.of(".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF")) {
            m.put(s, new Resolved(FLOAT, Double.POSITIVE_INFINITY));
        }
        for (String s : List.of("-.inf", "-.Inf", "-.INF")) {
            m.put(s, new Resolved(FLOAT, Double.NEGATIVE_INFINITY));
        }
        m.put("<<", new Resolved(MERGE, "<<"));
        return Map.copyOf(m);
    }

    private static boolean resolvable(String tag) {
        return tag.isEmpty()
                || tag.equals(STR)
                || tag.equals(BOOL)
                || tag.equals(INT)
                || tag.equals(FLOAT)
                || tag.equals(NULL)
                || tag.equals(TIMESTAMP);
    }

    static Resolved resolve(String tag, String in) {
        if (!resolvable(tag)) {
            // unknown tags (and !!binary) keep the text
            return new Resolved(tag, in);
        }
        Resolved r = resolvePlain(tag, in);
        if (tag.isEmpty() || tag.equals(r.tag) || tag.equals(STR)) {
            return r;
        }
        if (tag.equals(FLOAT) && r.tag.equals(INT) && r.value instanceof Long l) {
            return new Resolved(FLOAT, l.doubleValue());
        }
        throw Failure.yaml("cannot decode " + shortTag(r.tag) + " `" + in + "` as a " + shortTag(tag));
    }

    private static Resolved resolvePlain(String tag, String in) {
        char hint = in.isEmpty() ? 'N' : hint(in.charAt(0));
        if (hint == 0 || tag.equals(STR)) {
            return new Resolved(STR, in);
        }
        Resolved word = WORDS.get(in);
        if (word != null) {
            return word;
        }
        if (hint == '.') {
            if (DOT_FLOAT.matcher(in).matches()) {
                Double d = finite(in);
                if (d != null) {
                    return new Resolved(FLOAT, d);
                }
            }
        } else if (hint == 'D' || hint == 'S') {
            if ((tag.isEmpty() || tag.equals(TIMESTAMP))
                    && TIMESTAMP_SHAPE.matcher(in).matches()) {
                return new Resolved(TIMESTAMP, in);
            }
            String plain = in.replace("_", "");
            BigInteger i = GoInts.parse(plain, true);
            if (i != null && i.bitLength() < 64) {
                return new Resolved(INT, i.longValue());
            }
            BigInteger u = GoInts.parse(plain, false);
            if (u != null && u.signum() >= 0 && u.compareTo(MAX_UINT64) <= 0) {
                return new Resolved(INT, u);
            }
            if (YAML_FLOAT.matcher(plain).matches()) {
                Double d = finite(plain);
                if (d != null) {
                    return new Resolved(FLOAT, d);
                }
            }
        }
        return new Resolved(STR, in);
    }

    private static char hint(char c) {
        if (c == '+' || c == '-') {
            return 'S';
        }
        if (c >= '0' && c <= '9') {
            return 'D';
        }
        if ("yYnNtTfFoO~".indexOf(c) >= 0) {
            return 'M';
        }
        return c == '.' ? '.' : 0;
    }

    /** Go's ParseFloat: out-of-range values are errors, not infinities. */
    private static Double finite(String text) {
        double d = Double.parseDouble(text);
        return Double.isInfinite(d) ? null : d;
    }

    private static String shortTag(String tag) {
        return tag.startsWith(TAG_PREFIX) ? "!!" + tag.substring(TAG_PREFIX.length()) : tag;
    }

    // ---------------------------------------------------------------------------------------------
    // To JSON: sigs.k8s.io/yaml's convertToJSONableObject, then Go's json.Marshal.

    private static final Comparator<String> GO_ORDER = (a, b) -> {
        // Go sorts map keys by their UTF-8 bytes, which is code point order
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    };

    private static JsonNode json(Object value) {
        if (value == null) {
            return NODES.nullNode();
        }
        if (value instanceof Map<?, ?> map) {
            TreeMap<String, JsonNode> fields = new TreeMap<>(GO_ORDER);
            for (Map.Entry<?, ?> e : map.entrySet()) {
                fields.put(keyString(e.getKey(), e.getValue()), json(e.getValue()));
            }
            ObjectNode obj = NODES.objectNode();
            obj.setAll(fields);
            return obj;
        }
        if (value instanceof List<?> list) {
            ArrayNode arr = NODES.arrayNode(list.size());
            for (Object item : list) {
                arr.add(json(item));
            }
            return arr;
        }
        if (value instanceof String s) {
            return NODES.textNode(s);
        }
        if (value instanceof Boolean b) {
            return NODES.booleanNode(b);
        }
        if (value instanceof Long l) {
            return integral(BigInteger.valueOf(l));
        }
        if (value instanceof BigInteger i) {
            return integral(i);
        }
        if (value instanceof Double d) {
            return number(d);
        }
        throw new IllegalStateException("unexpected YAML value " + value.getClass());
    }

    /** A number as Jackson reads the JSON Go writes for it. */
    private static JsonNode integral(BigInteger i) {
        if (i.bitLength() < 32) {
            return NODES.numberNode(i.intValue());
        }
        if (i.bitLength() < 64) {
            return NODES.numberNode(i.longValue());
        }
        return NODES.numberNode(i);
    }

    private static JsonNode number(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw Failure.conversion("json: unsupported value: " + (Double.isNaN(d) ? "NaN" : d > 0 ? "+Inf" : "-Inf"));
        }
        double abs = Math.abs(d);
        BigDecimal exact = new BigDecimal(Double.toString(d));
        if (d == Math.rint(d) && abs < 1e21) {
            // Go writes integral floats below 1e21 without a fraction: the JSON is an integer
            return integral(exact.toBigIntegerExact());
        }
        return NODES.numberNode(exact.stripTrailingZeros());
    }

    private static String keyString(Object key, Object value) {
        if (key instanceof String s) {
            return s;
        }
        if (key instanceof Long l) {
            return Long.toString(l);
        }
        if (key instanceof Boolean b) {
            return b.toString();
        }
        if (key instanceof Double d) {
            return GoSyntax.float32Key(d);
        }
        String type = key == null ? "%!s(<nil>)" : "uint64";
        throw Failure.conversion("unsupported map key of type: " + type + ", key: " + GoSyntax.of(key) + ", value: "
                + GoSyntax.of(value));
    }

    // ---------------------------------------------------------------------------------------------
    // Errors.

    /** A document refused while decoding, with the message the Go code gives. */
    private static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private Failure(String message) {
            super(message, null, false, false);
        }

        /** go-yaml's own failures carry its prefix. */
        static Failure yaml(String message) {
            return new Failure("yaml: " + message);
        }

        /** sigs.k8s.io/yaml's key conversion and Go's JSON encoder word theirs without one. */
        static Failure conversion(String message) {
            return new Failure(message);
        }
    }

    /** go-yaml's "yaml: line N: problem" for SnakeYAML's scanner and parser errors. */
    private static String goParseError(MarkedYAMLException e) {
        Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
        int line = mark == null ? 0 : mark.getLine();
        if (!(e instanceof ParserException)) {
            // libyaml's scanner errors count lines from one, its parser errors (quirkily) from zero
            line++;
        }
        String problem = e.getProblem() == null ? "unknown problem parsing YAML content" : e.getProblem();
        problem = LIBYAML_WORDING.getOrDefault(problem, problem);
        return "yaml: " + (line != 0 ? "line " + line + ": " : "") + firstLine(problem);
    }

    /** libyaml's words for the problems both parsers find. */
    private static final Map<String, String> LIBYAML_WORDING =
            Map.of("mapping values are not allowed here", "mapping values are not allowed in this context");

    private static String firstLine(String message) {
        if (message == null) {
            return "unknown problem parsing YAML content";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}

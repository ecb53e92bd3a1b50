package cloud.gardener.apiserver.endpoints.tables;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parts of an object a table row is made from ({@link TableConvertor#rowReads}): {@code kind},
 * {@code apiVersion} and {@code metadata} (the row's PartialObjectMetadata, its name and age), and the paths the
 * kind's cells read, as its {@linkplain Column columns} declare them. A path is dotted ({@code spec.seedName},
 * {@code status.lastOperation}): what it names is kept whole, and of the objects on the way only the fields some path
 * goes through (a value on the way that is no object is kept as it is). A path written {@code len(data)} is read
 * only for its keys or length ({@code len()} of a map or slice), kept with null values. Reading these from an
 * object's JSON bytes skips everything else (a ConfigMap's values, the parts of a Shoot's spec no cell looks at), so
 * a Table of a large list does not build every object's tree; the cells made from this part are those made from the
 * whole object.
 */
public final class RowReads {

    /** Field names are not interned: a ConfigMap's data keys would fill the JVM's intern table for nothing. */
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
            .build();

    private static final List<String> ALWAYS = List.of("kind", "apiVersion", "metadata");

    private final List<String> paths;
    private final Fields root;

    private RowReads(List<String> paths) {
        this.paths = paths;
        this.root = new Fields();
        ALWAYS.forEach(field -> root.add(new String[] {field}, false));
        for (String path : paths) {
            boolean counted = path.startsWith("len(") && path.endsWith(")");
            String dotted = counted ? path.substring("len(".length(), path.length() - 1) : path;
            if (dotted.isEmpty() || dotted.startsWith(".") || dotted.endsWith(".") || dotted.contains("..")) {
                throw new IllegalArgumentException("not a path: " + path);
            }
            root.add(dotted.split("\\."), counted);
        }
    }

    /** Only {@code kind}, {@code apiVersion} and {@code metadata}. */
    public static RowReads metadata() {
        return of(List.of());
    }

    /** Metadata and the given paths ({@code spec.seedName}, {@code len(data)}). */
    public static RowReads of(Collection<String> paths) {
        return new RowReads(List.copyOf(paths));
    }

    /** What the columns' cells read; null when a column does not declare it. */
    public static RowReads ofColumns(List<Column> columns) {
        List<String> paths = new ArrayList<>();
        for (Column column : columns) {
            if (column.reads() == null) {
                return null;
            }
            column.reads().stream().filter(p -> !paths.contains(p)).forEach(paths::add);
        }
        return of(paths);
    }

    /** The paths as declared, without those always read. */
    public List<String> paths() {
        return paths;
    }

    /**
     * The parts of the object in {@code json}, fields in their order there; empty when the bytes are not a JSON
     * object (or not JSON at all), for the caller to decode them whole (which reports the error).
     */
    public Optional<ObjectNode> read(byte[] json) {
        try (JsonParser p = FACTORY.createParser(json)) {
            p.setCodec(Json.MAPPER);
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            ObjectNode out = root.read(p);
            // whatever follows the object is left to decoding whole, which rejects it
            return p.nextToken() == null ? Optional.of(out) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** What is read of an object: its fields some path names or goes through. */
    private static final class Fields {
        private final Map<String, Read> byName = new HashMap<>();

        void add(String[] path, boolean counted) {
            Fields fields = this;
            for (int i = 0; i < path.length; i++) {
                Read read = fields.byName.computeIfAbsent(path[i], name -> new Read());
                if (read.whole) {
                    return;
                }
                if (read.counted && i < path.length - 1) {
                    read.mark(false);
                    return;
                }
                if (i == path.length - 1) {
                    read.mark(counted);
                    return;
                }
                if (read.fields == null) {
                    read.fields = new Fields();
                }
                fields = read.fields;
            }
        }

        /** Reads the object whose START_OBJECT the parser is at, up to its END_OBJECT. */
        ObjectNode read(JsonParser p) throws IOException {
            ObjectNode out = Json.MAPPER.createObjectNode();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                Read read = byName.get(name);
                if (read == null) {
                    p.skipChildren();
                } else if (read.whole) {
                    out.set(name, p.readValueAsTree());
                } else if (read.counted) {
                    out.set(name, counted(p, value));
                } else if (value == JsonToken.START_OBJECT) {
                    out.set(name, read.fields.read(p));
                } else {
                    out.set(name, p.readValueAsTree());
                }
            }
            if (p.currentToken() != JsonToken.END_OBJECT) {
                throw new IOException("not an object");
            }
            return out;
        }
    }

    /**
     * What is read of one field: all of it, only its keys or length, or some of its fields. A field both counted
     * and gone through is read whole.
     */
    private static final class Read {
        boolean whole;
        boolean counted;
        Fields fields;

        void mark(boolean onlyCounted) {
            if (onlyCounted && fields == null) {
                counted = true;
            } else {
                whole = true;
                counted = false;
                fields = null;
            }
        }
    }

    /** A map's keys with null values, a list of as many nulls, another value as it is. */
    private static JsonNode counted(JsonParser p, JsonToken value) throws IOException {
        if (value == JsonToken.START_OBJECT) {
            ObjectNode keys = Json.MAPPER.createObjectNode();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                p.nextToken();
                p.skipChildren();
                keys.putNull(key);
            }
            return keys;
        }
        if (value == JsonToken.START_ARRAY) {
            ArrayNode nulls = Json.MAPPER.createArrayNode();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                p.skipChildren();
                nulls.addNull();
            }
            return nulls;
        }
        return p.readValueAsTree();
    }
}

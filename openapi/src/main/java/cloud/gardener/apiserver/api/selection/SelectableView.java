package cloud.gardener.apiserver.api.selection;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.resource.ResourceType;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
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
}

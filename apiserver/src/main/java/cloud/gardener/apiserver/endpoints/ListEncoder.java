package cloud.gardener.apiserver.endpoints;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Encodes a list document a piece at a time: the list's own fields, then its items one by one, each made (decoded,
 * presented) only when its turn comes, so that neither the items' trees nor the whole answer exist at once. The bytes
 * are exactly those of encoding the whole document with the same mapper (compact or indented JSON, YAML). The items
 * go into one array field of the document: a list's {@code items}, a Table's {@code rows}.
 *
 * <p>Not thread-safe; successive calls may come from different threads if each happens after the last.
 */
public final class ListEncoder<T> implements StreamedBody {

    private final ObjectMapper mapper;
    private final ObjectNode head;
    private final Iterator<T> items;
    private final int itemCount;
    private final Function<T, JsonNode> item;
    private final String arrayField;
    /** An item's compact JSON as it is, or null where it must be made as a tree; null for none of them. */
    private Function<T, byte[]> compactItem;

    private final Chunks out = new Chunks();
    private final JsonGenerator gen;
    private Iterator<Map.Entry<String, JsonNode>> fields;
    private boolean inItems;
    private boolean done;

    /**
     * @param mapper the mapper whose settings (and pretty printer, if {@code pretty}) decide the bytes
     * @param head   the list without its items: kind, apiVersion, metadata and an (empty) {@code items} field where
     *               the items go
     * @param item   makes one item's tree from its source (decoding it, presenting it in the request's version)
     */
    public ListEncoder(
            ObjectMapper mapper, boolean pretty, ObjectNode head, List<T> items, Function<T, JsonNode> item) {
        this(mapper, pretty, head, "items", items, item);
    }

    /**
     * @param arrayField the field of {@code head} the items go into, an empty array there; a null there stays null
     *                   (Go's nil slice: a Table's rows or a PartialObjectMetadataList's items when there are none)
     */
    public ListEncoder(
            ObjectMapper mapper,
            boolean pretty,
            ObjectNode head,
            String arrayField,
            List<T> items,
            Function<T, JsonNode> item) {
        this.mapper = mapper;
        this.arrayField = arrayField;
        this.head = head;
        this.items = items.iterator();
        this.itemCount = items.size();
        this.item = item;
        try {
            this.gen =
                    pretty ? mapper.writerWithDefaultPrettyPrinter().createGenerator(out) : mapper.createGenerator(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Takes items that already are compact JSON (a list of stored objects in their stored form) as they are, without
     * making their trees: {@code compact} answers an item's bytes, exactly what encoding its tree gives, or null for
     * one to make as a tree. Only for a compact JSON encoder (no pretty printer, no YAML).
     */
    public ListEncoder<T> withCompactItems(Function<T, byte[]> compact) {
        this.compactItem = compact;
        return this;
    }

    @Override
    public boolean done() {
        return done;
    }

    @Override
    public Buffer next(int bytes) {
        try {
            if (fields == null) {
                gen.writeStartObject(head);
                fields = head.properties().iterator();
            }
            while (out.size() < bytes && !done) {
                step();
            }
            return out.take();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void step() throws IOException {
        if (inItems) {
            if (items.hasNext()) {
                T next = items.next();
                byte[] compact = compactItem == null ? null : compactItem.apply(next);
                if (compact == null) {
                    mapper.writeTree(gen, item.apply(next));
                } else {
                    // the generator writes the separator for an empty raw value; the bytes follow it directly
                    gen.writeRawValue("");
                    gen.flush();
                    out.write(compact, 0, compact.length);
                }
                return;
            }
            gen.writeEndArray();
            inItems = false;
            return;
        }
        if (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            gen.writeFieldName(field.getKey());
            if (field.getKey().equals(arrayField) && field.getValue().isArray()) {
                gen.writeStartArray(null, itemCount);
                inItems = true;
            } else {
                mapper.writeTree(gen, field.getValue());
            }
            return;
        }
        gen.writeEndObject();
        gen.close();
        done = true;
    }

    /** Collects the generator's output; {@link #take} hands over what was collected and starts anew. */
    private static final class Chunks extends OutputStream {
        private int expected = 4096;
        private Buffer current = Buffer.buffer(expected);

        int size() {
            return current.length();
        }

        /** What was collected; the next chunk starts with room for as much (a chunk grows without copies). */
        Buffer take() {
            Buffer taken = current;
            expected = Math.max(expected, taken.length() + taken.length() / 8);
            current = Buffer.buffer(expected);
            return taken;
        }

        @Override
        public void write(int b) {
            current.appendByte((byte) b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            current.appendBytes(b, off, len);
        }
    }
}

package cloud.gardener.apiserver.endpoints;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.internal.buffer.BufferInternal;
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
    /** The items in hand; {@link #more} brings the next ones when they run out. */
    private Iterator<T> items;

    private final int itemCount;
    private MoreItems<T> more;
    /** Every item was encoded but more may follow: {@link #fetch} first. */
    private boolean starved;

    private final Function<T, JsonNode> item;
    private final String arrayField;
    /** Writes an item's compact JSON as it is, or declines where it must be made as a tree; null for none of them. */
    private CompactItem<T> compactItem;

    private final Chunks out = new Chunks();
    private final ItemSlices itemSlices = new ItemSlices();
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
        this.more = null;
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
        return withCompactSlices((item, out) -> {
            byte[] bytes = compact.apply(item);
            if (bytes == null) {
                return false;
            }
            out.slice(bytes, 0, bytes.length);
            return true;
        });
    }

    /**
     * As {@link #withCompactItems}, an item's compact JSON handed over as slices of arrays that nobody changes (the
     * stored bytes around an inserted resourceVersion): long slices go into the answer as they are, not copied.
     */
    public ListEncoder<T> withCompactSlices(CompactItem<T> compact) {
        this.compactItem = compact;
        return this;
    }

    /**
     * Encodes the items {@code more} brings after the given ones, as if they had been in the list (a list read from
     * storage in chunks): when the items in hand are encoded, {@link #next} stops short and the encoder is
     * {@link #starved} until {@link #fetch}. The given items must be empty only when nothing follows (an empty
     * list's head differs, a Table's rows or a PartialObjectMetadataList's items being null).
     */
    public ListEncoder<T> withMoreItems(MoreItems<T> more) {
        this.more = more;
        return this;
    }

    /** Where an item's compact JSON goes, slice by slice. */
    @FunctionalInterface
    public interface Slices {
        /** The next {@code length} bytes of the item from {@code bytes} at {@code offset}; the array must not change. */
        void slice(byte[] bytes, int offset, int length);
    }

    /** An item's compact JSON, exactly what encoding its tree gives, as slices. */
    @FunctionalInterface
    public interface CompactItem<T> {
        /**
         * Hands the item's compact JSON to {@code out} and answers true, or answers false without handing anything
         * over for an item that must be made as a tree.
         */
        boolean write(T item, Slices out);
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
            while (out.size() < bytes && !done && !starved) {
                step();
            }
            return out.take();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean starved() {
        return starved;
    }

    @Override
    public Future<Void> fetch() {
        if (!starved) {
            return Future.succeededFuture();
        }
        return more.next().map(chunk -> {
            if (chunk.isEmpty()) {
                more = null; // the end: the array closes at the next step
            } else {
                items = chunk.iterator();
            }
            starved = false;
            return null;
        });
    }

    private void step() throws IOException {
        if (inItems) {
            if (items.hasNext()) {
                T next = items.next();
                if (compactItem == null || !writeCompact(next)) {
                    mapper.writeTree(gen, item.apply(next));
                }
                return;
            }
            if (more != null) {
                starved = true;
                gen.flush(); // what is encoded goes out before the next items are read
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

    /** Writes an item's compact JSON after the separator the generator owes, or nothing when it declines. */
    private boolean writeCompact(T next) {
        itemSlices.started = false;
        boolean written = compactItem.write(next, itemSlices);
        if (written != itemSlices.started) {
            throw new IllegalStateException("a compact item must hand over bytes exactly when it answers true");
        }
        return written;
    }

    /** The slices of one item: the first one follows the separator the generator owes. */
    private final class ItemSlices implements Slices {
        private boolean started;

        @Override
        public void slice(byte[] bytes, int offset, int length) {
            if (!started) {
                started = true;
                // the generator writes the separator for an empty raw value; the bytes follow it directly
                try {
                    gen.writeRawValue("");
                    gen.flush();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            out.slice(bytes, offset, length);
        }
    }

    /**
     * Collects the generator's output and the items' slices; {@link #take} hands over what was collected and starts
     * anew. What the generator writes is copied into blocks; a long slice of an item goes in as it is (the arrays are
     * not changed after), so that an item's stored bytes are not copied on their way to the connection.
     */
    static final class Chunks extends OutputStream {
        /** Slices at least this long are taken as they are, shorter ones copied. */
        static final int WRAP_BYTES = 512;

        private static final int BLOCK_BYTES = 64 * 1024;

        private CompositeByteBuf current = Unpooled.compositeBuffer(Integer.MAX_VALUE);
        private int size;
        /** Where copied bytes go; the part from {@code mark} to {@code pos} is not in {@code current} yet. */
        private byte[] block = new byte[0];

        private int mark;
        private int pos;

        int size() {
            return size;
        }

        /** What was collected. */
        Buffer take() {
            cut();
            Buffer taken = BufferInternal.buffer(current);
            current = Unpooled.compositeBuffer(Integer.MAX_VALUE);
            size = 0;
            return taken;
        }

        /** Adds the bytes copied since the last cut to the chunk (a view of the block; the block goes on after). */
        private void cut() {
            if (pos > mark) {
                current.addComponent(true, Unpooled.wrappedBuffer(block, mark, pos - mark));
                mark = pos;
            }
        }

        void slice(byte[] b, int off, int len) {
            if (len < WRAP_BYTES) {
                write(b, off, len);
                return;
            }
            cut();
            current.addComponent(true, Unpooled.wrappedBuffer(b, off, len));
            size += len;
        }

        @Override
        public void write(int b) {
            if (pos == block.length) {
                newBlock();
            }
            block[pos++] = (byte) b;
            size++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            while (len > 0) {
                if (pos == block.length) {
                    newBlock();
                }
                int n = Math.min(len, block.length - pos);
                System.arraycopy(b, off, block, pos, n);
                pos += n;
                off += n;
                len -= n;
                size += n;
            }
        }

        private void newBlock() {
            cut();
            block = new byte[BLOCK_BYTES];
            mark = 0;
            pos = 0;
        }
    }
}

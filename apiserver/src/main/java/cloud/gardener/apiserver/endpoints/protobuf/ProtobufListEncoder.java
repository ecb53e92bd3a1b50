package cloud.gardener.apiserver.endpoints.protobuf;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.TypeRef;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;

/**
 * Encodes a list's protobuf body ({@link ProtobufCodec#encode(JsonNode)} of the whole list) a piece at a time: the
 * envelope and the list's metadata, then the items' messages one by one, then the envelope's end. Each item's tree is
 * made (decoded, presented) only when its turn comes.
 *
 * <p>The envelope's {@code raw} and the list message are length-prefixed, so the length of every item's message is
 * needed before the first byte: the first call encodes every item once to measure it (as Go's streaming protobuf list
 * encoder sums the items' {@code Size()} first), keeping the messages only while they add up to {@link #KEEP_BYTES}
 * (a short list is then encoded once), and the items are encoded again as they are written. A list body thus costs
 * the CPU of about two encodings and the memory of a chunk, never the whole body.
 *
 * <p>Not thread-safe; successive calls may come from different threads if each happens after the last.
 */
public final class ProtobufListEncoder<T> {

    /** Item messages kept from the measuring pass while their total stays below this. */
    static final int KEEP_BYTES = 1024 * 1024;

    private final GroupVersionKind listKind;
    private final JsonNode head;
    private final List<T> items;
    private final Function<T, JsonNode> item;
    private final Class<?> itemType;
    private final int itemsNumber;
    private Iterator<T> remaining;
    private int index;
    private int[] sizes;
    private List<byte[]> kept;
    private Buffer out;
    private boolean started;
    private boolean done;

    /**
     * @param head the list without items (kind, apiVersion, metadata; {@code items} empty or null)
     * @param item makes one item's tree from its source
     * @throws IllegalArgumentException when the list's kind has no protobuf form or its items are not its last field
     */
    public ProtobufListEncoder(JsonNode head, List<T> items, Function<T, JsonNode> item) {
        this.listKind = ProtobufCodec.gvkOf(head);
        this.head = head;
        this.items = items;
        this.item = item;
        Class<?> listType = ProtobufKinds.numbered(listKind)
                .orElseThrow(() -> new IllegalArgumentException("no protobuf form for " + listKind));
        List<MessageModel.Field> fields = MessageModel.of(listType).fields();
        MessageModel.Field last = fields.get(fields.size() - 1);
        if (!last.name().equals("items")
                || last.itemsMessage()
                || last.type().shape() != TypeRef.Shape.LIST
                || last.type().element().shape() != TypeRef.Shape.RECORD) {
            throw new IllegalArgumentException(listKind + ": items are not the last field, a list of messages");
        }
        this.itemType = last.type().element().raw();
        this.itemsNumber = last.number();
    }

    public boolean done() {
        return done;
    }

    /**
     * Encodes until at least {@code bytes} are ready or the body ends, and returns what is ready: a little over
     * {@code bytes} (by at most one item's message), or less at the end. Empty only once done.
     */
    public Buffer next(int bytes) {
        if (!started) {
            started = true;
            out = Buffer.buffer();
            start();
        }
        while (out.length() < bytes && !done) {
            if (remaining.hasNext()) {
                T source = remaining.next();
                byte[] message = kept != null ? kept.get(index) : message(source);
                if (message.length != sizes[index]) {
                    throw new IllegalStateException(listKind + " item " + index + " changed size between passes");
                }
                index++;
                out.appendBytes(tagAndLength(itemsNumber, message.length)).appendBytes(message);
            } else {
                // the envelope's contentEncoding = 3 and contentType = 4, written empty as Go writes them
                out.appendBytes(new byte[] {
                    (byte) lengthDelimitedTag(3), 0,
                    (byte) lengthDelimitedTag(4), 0
                });
                done = true;
            }
        }
        Buffer taken = out;
        out = Buffer.buffer();
        return taken;
    }

    /** Measures the items and writes what precedes them: magic, type, the raw field's length, the list metadata. */
    private void start() {
        sizes = new int[items.size()];
        kept = new ArrayList<>();
        long keptBytes = 0;
        long itemsBytes = 0;
        int i = 0;
        for (T source : items) {
            byte[] message = message(source);
            sizes[i++] = message.length;
            itemsBytes += tagAndLength(itemsNumber, message.length).length + (long) message.length;
            if (kept != null && keptBytes + message.length <= KEEP_BYTES) {
                kept.add(message);
                keptBytes += message.length;
            } else {
                kept = null;
            }
        }
        // the head's message: its metadata (no items: an empty repeated field is not on the wire)
        byte[] headBody = ProtobufCodec.encode(head, listKind);
        Envelope envelope;
        try {
            envelope = Envelope.parse(headBody);
        } catch (ProtobufDecodingException e) {
            throw new IllegalStateException("own encoding does not parse", e);
        }
        byte[] listHead = envelope.raw();
        long raw = listHead.length + itemsBytes;
        if (raw > Integer.MAX_VALUE) {
            throw new IllegalStateException(listKind + " of " + raw + " bytes is too large for protobuf");
        }
        byte[] whole = Envelope.write(envelope.apiVersion(), envelope.kind(), new byte[0]);
        // the envelope of an empty message up to its raw field: magic, typeMeta, then the raw field's tag
        int rawTagAt = whole.length - 4 - 2; // raw (tag, 0), contentEncoding (tag, 0), contentType (tag, 0)
        out.appendBytes(whole, 0, rawTagAt)
                .appendBytes(tagAndLength(2, (int) raw))
                .appendBytes(listHead);
        remaining = items.iterator();
    }

    private byte[] message(T source) {
        JsonNode tree = item.apply(source);
        try {
            return MessageWriter.write(ModelCodec.decode(tree, itemType).value());
        } catch (DecodeException e) {
            // a stored object that does not fit its model is the server's fault, not the client's
            throw new IllegalStateException(listKind + " item does not fit its model: " + e.getMessage(), e);
        }
    }

    private static int lengthDelimitedTag(int number) {
        return (number << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED;
    }

    private static byte[] tagAndLength(int number, int length) {
        int tag = lengthDelimitedTag(number);
        byte[] bytes = new byte
                [CodedOutputStream.computeUInt32SizeNoTag(tag) + CodedOutputStream.computeUInt32SizeNoTag(length)];
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        try {
            out.writeUInt32NoTag(tag);
            out.writeUInt32NoTag(length);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // writes to an array of the right size
        }
        return bytes;
    }
}
